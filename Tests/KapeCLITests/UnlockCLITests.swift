import Foundation
import TestSupport
import Testing

/// A VIP deck opened the way a buyer would: its code typed (pasted) on the deck's screen, or `kape unlock CODE`;
/// "restore" (`kape unlock --list`) says what is open.
@Suite(.serialized) struct UnlockCLITests {
    static let decks = packageRoot + "/decks"
    static let dasma = "dasma.Zly8UiTcU0hcnuV1fsNCAuDIOHjm5pQBBsISKEkvv0F2nf7qan515yeZZNVXc2vroo2yBH6PEpRxGAkUQlnjBw"

    @Test func unlockCommandChecksTheCodeAndListsWhatIsOpen() throws {
        let tmp = try TemporaryDirectory()
        let env = ["XDG_DATA_HOME": tmp.path("data")]
        let bad = try KapeRun.run(["unlock", String(Self.dasma.dropLast()) + "A", "--decks", Self.decks], environment: env)
        #expect(bad.status == 1 && bad.stderr.hasPrefix("kape: error: not a valid unlock code"), "\(bad.stderr)")
        #expect(try KapeRun.run(["unlock", "--list", "--decks", Self.decks], environment: env).stdout.contains("🔒 locked  dasma"))
        let good = try KapeRun.run(["unlock", Self.dasma, "--decks", Self.decks], environment: env)
        #expect(good.status == 0 && good.stdout.contains("unlocked 'dasma' (Dasma Shqiptare)"), "\(good.stderr)")
        #expect(try KapeRun.run(["unlock", "--list", "--decks", Self.decks], environment: env).stdout.contains("✓ open    dasma"))
        let decks = try KapeRun.run(["decks", "--json", "--decks", Self.decks], environment: env)
        #expect(decks.stdout.contains(#""id": "dasma""#) && decks.stdout.contains(#""vip": true, "locked": false"#), "\(decks.stdout)")
    }

    @Test func theCodeTypedOnTheDeckScreenOpensIt() throws {
        let tmp = try TemporaryDirectory()
        let pane = try TmuxPane(columns: 100, rows: 30)
        try pane.run("XDG_DATA_HOME=\(tmp.path("data")) \(KapeRun.binary) play --keyboard --no-sound --decks \(Self.decks); echo EXITED:$?")
        #expect(try pane.wait { $0.contains("Zgjidh një dek") } != nil)
        var onDasma = try pane.capture().contains("▶ 💍")
        for _ in 0..<6 where !onDasma {
            try pane.send("Down")
            onDasma = try pane.wait(timeout: 2) { $0.contains("▶ 💍") } != nil
        }
        try pane.send("Enter")
        #expect(try pane.wait { $0.contains("kodin e hapjes") } != nil, "\((try? pane.capture()) ?? "")")
        try pane.send("dasma.wrong", literal: true)
        try pane.send("Enter")
        #expect(try pane.wait { $0.contains("nuk është kod i vlefshëm") } != nil, "\((try? pane.capture()) ?? "")")
        for _ in 0..<"dasma.wrong".count { try pane.send("BSpace") }
        try pane.send(Self.dasma, literal: true)
        try pane.send("Enter")
        #expect(try pane.wait { $0.contains("Dasma Shqiptare u hap") } != nil, "\((try? pane.capture()) ?? "")")
        try pane.send("q")
        #expect(try pane.wait { $0.contains("EXITED:0") } != nil)
        let saved = try String(contentsOfFile: tmp.path("data/kape/entitlements.json"), encoding: .utf8)
        #expect(saved.contains(Self.dasma))
    }
}
