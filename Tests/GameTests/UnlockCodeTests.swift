import Foundation
import Game
import GameScreens
import TerminalUI
import Testing

/// VIP unlock codes: an Ed25519 signature over the deck id, checked offline against the key the game carries.
/// The codes below were made with the publisher's key (scripts/vip-code.sh), which is not in the repository.
@Suite struct UnlockCodeTests {
    static let dasma = "dasma.Zly8UiTcU0hcnuV1fsNCAuDIOHjm5pQBBsISKEkvv0F2nf7qan515yeZZNVXc2vroo2yBH6PEpRxGAkUQlnjBw"
    static let testVIP = "test-vip.3xGypknpCxlWd7X6gbSR_EdUb6vTmslLD4L9y11bXxMLOSTJxL0gb-UdTbCkPlaJbAJ0FRiu3KOtFys6Jv32BA"

    @Test func aSignedCodeOpensItsDeckAndNothingElseDoes() {
        #expect(UnlockCode.deck(openedBy: Self.dasma) == "dasma")
        #expect(UnlockCode.deck(openedBy: "  " + Self.testVIP + "\n") == "test-vip", "pasted with spaces")
        // The same signature under another deck id, one changed character, a non-canonical last character
        // (its unused bits set), a truncated code, garbage.
        let signature = Self.dasma.dropFirst("dasma.".count)
        #expect(UnlockCode.deck(openedBy: "gurbet." + signature) == nil)
        var flipped = Array(Self.dasma)
        flipped[20] = flipped[20] == "A" ? "B" : "A"
        #expect(UnlockCode.deck(openedBy: String(flipped)) == nil)
        #expect(UnlockCode.deck(openedBy: String(Self.dasma.dropLast()) + "x") == nil)
        #expect(UnlockCode.deck(openedBy: String(Self.dasma.dropLast(2))) == nil)
        for garbage in ["", "dasma", "dasma.", ".AAAA", "dasma.!!!!", String(repeating: "A", count: 5000)] {
            #expect(UnlockCode.deck(openedBy: garbage) == nil, "\(garbage.prefix(20))")
        }
        // Another key does not accept the publisher's codes.
        #expect(UnlockCode.deck(openedBy: Self.dasma, key: [UInt8](repeating: 7, count: 32)) == nil)
    }

    @Test func redeemedCodesAreKeptAndVerifiedEachTimeTheFileIsRead() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kape-unlock-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/kape/entitlements.json"
        #expect(throws: UnlockError.self) { try LocalStore.redeem("dasma.nope", path: path) }
        #expect(!FileManager.default.fileExists(atPath: path), "a bad code wrote the file")
        #expect(try LocalStore.redeem(Self.dasma, path: path) == "dasma")
        #expect(LocalStore(path: path).unlocked == ["dasma"])
        // Hand-listed ids stay, a second code adds, the same code twice is kept once.
        try #"{"unlocked": ["gurbet-vip"], "codes": []}"#.write(toFile: path, atomically: true, encoding: .utf8)
        _ = try LocalStore.redeem(Self.testVIP, path: path)
        _ = try LocalStore.redeem(Self.testVIP, path: path)
        let store = LocalStore(path: path)
        #expect(store.unlocked == ["gurbet-vip", "test-vip"] && store.codes == [Self.testVIP])
        // A code edited in the file opens nothing.
        try #"{"codes": ["dasma.AAAA"]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(LocalStore(path: path).unlocked.isEmpty && LocalStore(path: path).problem == nil)
    }

    @Test func theVIPScreenTakesACodeAndRestoreListsWhatIsOpen() {
        let decks = [Deck(id: "mix", title: "Mix", cards: ["A"]), Deck(id: "dasma", title: "Dasma", vip: true, cards: ["Valle"])]
        var s = GameSession(decks: decks, locked: [false, true], settings: GameSettings(), input: .keyboard) { $0.cards }
        _ = s.key(.down, at: 0)
        _ = s.key(.enter, at: 0)
        #expect(s.screen == .vip)
        var effects: [GameSession.Effect] = []
        for c in "dasma.q" { effects += s.key(.char(c), at: 0) }
        _ = s.key(.backspace, at: 0)
        effects += s.key(.enter, at: 0)
        #expect(effects == [.redeem(code: "dasma.")], "q is part of the code, not quit")
        s.redeemed(locked: [false, true], problem: "Ky nuk është kod i vlefshëm")
        #expect(s.screen == .vip)
        let frame = FrameRenderer.render(s, columns: 80, rows: 24)
        #expect(frame.contains("Ky nuk është kod i vlefshëm") && frame.contains("› dasma."))
        s.redeemed(locked: [false, false], problem: nil)
        #expect(s.screen == .browser && s.notice?.contains("Dasma u hap") == true && s.selected == 1)
        s.restored(locked: [false, false])
        #expect(s.notice == "Të hapura: Dasma")
        s.restored(locked: [false, true])
        #expect(s.notice?.hasPrefix("Asnjë dek VIP i hapur") == true)
    }
}
