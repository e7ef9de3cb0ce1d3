import Game
import GameScreens
import Motion
import Testing

/// The frame is a pure function of the session and the size: these read it as a terminal would.
@Suite struct FrameRendererTests {
    static let decks = [
        Deck(id: "mix-shqip", title: "Mix Shqip", description: "Njerëz dhe vende", icon: "🦅", difficulty: "e lehtë",
             cards: ["Skënderbeu", "Ismail Kadare", "Byrek me spinaq", "Çaj mali"]),
        Deck(id: "vip", title: "Dasma", icon: "💍", vip: true, cards: ["Valle"]),
    ]

    func session(settings: GameSettings = GameSettings()) -> GameSession {
        GameSession(decks: Self.decks, locked: [false, true], settings: settings, input: .keyboard) { $0.cards }
    }

    /// The frame's rows as text: colour sequences removed.
    func rows(_ frame: String) -> [String] {
        var text = ""
        var inEscape = false
        for ch in frame {
            if inEscape { if ch.isLetter { inEscape = false }; continue }
            if ch == "\u{1B}" { inEscape = true; continue }
            text.append(ch)
        }
        return text.components(separatedBy: "\r\n")
    }

    func playing(_ s: inout GameSession) {
        _ = s.startRound(deckID: "mix-shqip", at: 0)
        _ = s.tick(at: 3.5)
    }

    @Test(arguments: [(80, 24), (120, 40), (40, 20), (200, 60)])
    func everyCardFitsInBlockLettersAtLeastFiveRowsTall(columns: Int, rows: Int) {
        for card in Self.decks[0].cards {
            let big = BigText.render(card, width: columns - 2, height: rows - 5)
            #expect(big != nil, "\(card) at \(columns)×\(rows)")
            guard let big else { continue }
            #expect(big.count >= 5 && big.count <= rows - 5)
            #expect(big.allSatisfy { $0.count <= columns - 2 }, "\(card) overflows \(columns)")
            #expect(big.joined().contains { "█▌▐".contains($0) })
        }
    }

    @Test func largerTerminalsGetLargerLetters() {
        let small = BigText.render("Byrek", width: 78, height: 19)!
        let large = BigText.render("Byrek", width: 198, height: 55)!
        #expect(large.count > small.count)
        #expect(large.map(\.count).max()! > small.map(\.count).max()!)
    }

    @Test func wordsAreNotCutWhenASmallerSizeKeepsThemWhole() {
        let lines = BigText.render("Ismail Kadare", width: 98, height: 27)!
        let widest = lines.map(\.count).max()!
        #expect(widest >= 6 * 6 - 1)  // at least "ISMAIL" or "KADARE" on one line
    }

    @Test(arguments: [(80, 24), (100, 32), (50, 16)])
    func theRoundFrameFillsTheScreenExactly(columns: Int, rows: Int) {
        var s = session()
        playing(&s)
        let lines = self.rows(FrameRenderer.render(s, columns: columns, rows: rows))
        #expect(lines.count == rows)
        #expect(lines.allSatisfy { $0.count == columns })
        #expect(lines.contains { $0.contains("Pikë: 0") })
        #expect(lines.contains { $0.contains("⏱") })
        #expect(lines.filter { $0.contains { "█▌▐".contains($0) } }.count >= 5)
        #expect(lines.last!.contains("↓ e saktë"))
    }

    @Test func correctFlashesNeonGreenAndPassOrangeThenBlackAgain() {
        var s = session()
        playing(&s)
        let neon = "\u{1B}[48;2;57;255;20m", orange = "\u{1B}[48;2;255;149;0m", black = "\u{1B}[48;2;0;0;0m"
        #expect(FrameRenderer.render(s, columns: 80, rows: 24).contains(black))
        _ = s.gesture(.correct, at: 4)
        let green = FrameRenderer.render(s, columns: 80, rows: 24)
        #expect(green.contains(neon) && !green.contains(orange))
        #expect(rows(green).contains { $0.contains("Pikë: 1") })
        _ = s.tick(at: 5)
        #expect(!FrameRenderer.render(s, columns: 80, rows: 24).contains(neon))
        _ = s.gesture(.pass, at: 6)
        let amber = FrameRenderer.render(s, columns: 80, rows: 24)
        #expect(amber.contains(orange) && !amber.contains(neon))
    }

    @Test func countdownThenWarningAtTenSecondsLeft() {
        var s = session()
        _ = s.startRound(deckID: "mix-shqip", at: 0)
        let buffer = rows(FrameRenderer.render(s, columns: 80, rows: 24))
        // With keys there is nothing to put on the forehead.
        #expect(buffer.contains { $0.contains("Bëhu gati") } && !buffer.contains { $0.contains("ballë") })
        _ = s.tick(at: 3 + 49)
        #expect(!rows(FrameRenderer.render(s, columns: 80, rows: 24)).contains { $0.contains("10 SEKONDA") })
        _ = s.tick(at: 3 + 50.5)
        let late = FrameRenderer.render(s, columns: 80, rows: 24)
        #expect(rows(late).contains { $0.contains("10 SEKONDA") })
        #expect(late.contains("\u{1B}[38;2;228;30;32m⏱"))  // the timer turns red
        // Then it counts down with the clock, to the last second.
        _ = s.tick(at: 3 + 55.5)
        #expect(rows(FrameRenderer.render(s, columns: 80, rows: 24)).contains { $0.contains("⚠ 5 SEKONDA!") })
        _ = s.tick(at: 3 + 59.5)
        #expect(rows(FrameRenderer.render(s, columns: 80, rows: 24)).contains { $0.contains("⚠ 1 SEKONDË!") })
    }

    @Test func browserShowsDecksLockAndKeyboardFallback() {
        var s = session()
        let lines = rows(FrameRenderer.render(s, columns: 100, rows: 30))
        #expect(lines.contains { $0.contains("🦅  Mix Shqip") && $0.contains("e lehtë") })
        #expect(lines.contains { $0.contains("Dasma") && $0.contains("🔒") })
        #expect(lines.contains { $0.contains("tastiera") && $0.contains("↓ e saktë") })
        _ = s.key(.down, at: 0)
        _ = s.key(.enter, at: 0)
        #expect(s.screen == .vip)  // locked: no round, the code screen
        #expect(rows(FrameRenderer.render(s, columns: 100, rows: 30)).contains { $0.contains("kodin e hapjes") })
    }

    @Test func resultScreenListsEveryCardAndTheChoices() {
        var s = session()
        playing(&s)
        _ = s.gesture(.correct, at: 4)
        _ = s.gesture(.pass, at: 5)
        let effects = s.tick(at: 64)
        #expect(s.screen == .result)
        #expect(effects.contains { if case .finished = $0 { true } else { false } })
        let lines = rows(FrameRenderer.render(s, columns: 100, rows: 30))
        #expect(lines.contains { $0.contains("✓ Skënderbeu") && $0.contains("→ Ismail Kadare") })
        #expect(lines.contains { $0.contains("Saktësia 50%") && $0.contains("Mish i Huaj") })
        #expect(lines.contains { $0.contains("[ Luaj ]") && $0.contains("Mbrapa") })
    }
}
