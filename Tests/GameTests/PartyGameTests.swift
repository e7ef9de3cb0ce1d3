import Foundation
import Game
import GameScreens
import Motion
import TerminalUI
import Testing

/// What a party expects of the game: a round length to choose, no card twice in a round (and the deck running
/// out said), keys that cannot be mashed, presenter clickers, a share key, and results you can read whole.
@Suite struct PartyGameTests {
    static let small = Deck(id: "tre", title: "Tre", cards: ["Tirana", "Durrësi", "Shkodra"])
    static let big = Deck(id: "shume", title: "Shumë", cards: (1...40).map { "Karta numër \($0) me emër të gjatë" })

    func session(_ deck: Deck, input: InputSource = .keyboard, settings: GameSettings = GameSettings()) -> GameSession {
        GameSession(decks: [deck], locked: [false], settings: settings, input: input) { $0.cards }
    }

    func rows(_ frame: String) -> [String] {
        frame.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
            .components(separatedBy: "\r\n")
    }

    @Test func theRoundLastsTheChosenLength() {
        for seconds in RoundMachine.roundLengths {
            var m = RoundMachine(cards: Self.big.cards, roundSeconds: Double(seconds))
            var events = m.start(at: 0)
            events += m.advance(to: 3 + Double(seconds) - 0.01)
            #expect(m.state == .playing, "\(seconds) s")
            #expect(events.contains { $0.event == .warning } == true)
            events = m.advance(to: 3 + Double(seconds) + 0.01)
            #expect(events.contains { $0.event == .state(.finished) && abs($0.t - (3 + Double(seconds))) < 1e-9 }, "\(seconds) s")
        }
    }

    @Test func aCardNeverRepeatsAndARunOutDeckBringsBackThePassedOnes() {
        var m = RoundMachine(cards: Self.small.cards)
        _ = m.start(at: 0)
        _ = m.advance(to: 3.5)
        var events: [RoundMachine.Timed] = []
        events += m.gesture(.correct, at: 4)   // Tirana
        events += m.gesture(.pass, at: 5)      // Durrësi
        events += m.gesture(.correct, at: 6)   // Shkodra: the deck is through, Durrësi comes back
        #expect(events.contains { $0.event == .deckRanOut(returning: 1) })
        #expect(m.current == "Durrësi")
        events += m.gesture(.correct, at: 7)
        #expect(m.shown == ["Tirana", "Durrësi", "Shkodra", "Durrësi"])
        #expect(Set(m.result.answers.filter { $0.outcome == .correct }.map(\.card)).count == 3)
        // Nothing left: the round ends there, said once.
        #expect(m.state == .finished)
        #expect(events.filter { if case .deckRanOut = $0.event { true } else { false } }.count == 1)
        var s = session(Self.small)
        _ = s.startRound(deckID: "tre", at: 0)
        for (i, key) in [Key.down, .down, .down].enumerated() { _ = s.key(key, at: 4 + Double(i)) }
        #expect(s.screen == .result && s.roundNote == "Deku mbaroi: çdo kartë u luajt")
        #expect(rows(FrameRenderer.render(s, columns: 80, rows: 24)).contains { $0.contains("Deku mbaroi") })
    }

    @Test func mashedKeysScoreOnlyCardsThatWereShown() {
        var s = session(Self.big)
        _ = s.startRound(deckID: "shume", at: 0)
        _ = s.tick(at: 3.2)
        // 30 presses of ↓ in 3 seconds: only what was on screen for a moment counts.
        for i in 0..<30 { _ = s.key(.down, at: 3.2 + Double(i) * 0.1) }
        let score = s.round?.result.score ?? 0
        #expect(score >= 1 && score <= Int(3.0 / RoundMachine.keyAnswerDelay) + 1, "\(score)")
        // Motion needs a return to neutral already: no delay there.
        var m = session(Self.big, input: .motion("DualSense"))
        _ = m.startRound(deckID: "shume", at: 0)
        _ = m.tick(at: 3.1)
        _ = m.gesture(.correct, at: 3.15)
        #expect(m.round?.result.score == 1)
    }

    @Test func presenterClickersAnswer() {
        var s = session(Self.big)
        _ = s.startRound(deckID: "shume", at: 0)
        var t = 3.0
        for key in [Key.pageDown, .right, .enter, .pageUp, .left] {
            t += 1
            _ = s.key(key, at: t)
        }
        #expect(s.round?.result.answers.map(\.outcome) == [.correct, .correct, .correct, .pass, .pass])
    }

    @Test func keysDoNotSendTheDeviceToTheForeheadButMotionDoes() {
        var keys = session(Self.big)
        _ = keys.startRound(deckID: "shume", at: 0)
        let k = rows(FrameRenderer.render(keys, columns: 80, rows: 24)).joined()
        #expect(!k.contains("ballë") && k.contains("Bëhu gati"))
        var motion = session(Self.big, input: .motion("DualSense"))
        _ = motion.startRound(deckID: "shume", at: 0)
        #expect(rows(FrameRenderer.render(motion, columns: 80, rows: 24)).joined().contains("Vendose në ballë"))
    }

    @Test func theRoundLengthIsASettingKeptInTheFile() throws {
        var s = session(Self.big)
        _ = s.key(.down, at: 0)  // the settings item (one deck, then the menu)
        _ = s.key(.enter, at: 0)
        #expect(s.screen == .settings)
        _ = s.key(.down, at: 0)
        _ = s.key(.down, at: 0)
        #expect(rows(FrameRenderer.render(s, columns: 80, rows: 24)).contains { $0.contains("▶ Koha e raundit: 60 s") })
        var seen: [Int] = []
        for _ in 0..<4 { _ = s.key(.right, at: 0); seen.append(s.settings.roundSeconds) }
        #expect(seen == [90, 120, 30, 60])
        _ = s.key(.left, at: 0)
        #expect(s.settings.roundSeconds == 30)
        let saved = try JSONEncoder().encode(s.settings)
        #expect(try JSONDecoder().decode(GameSettings.self, from: saved).roundSeconds == 30)
        // A file from before the setting: 60; a length not offered: refused, not read as something else.
        #expect(try JSONDecoder().decode(GameSettings.self, from: Data(#"{"sound": false, "rumble": true}"#.utf8)).roundSeconds == 60)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(GameSettings.self, from: Data(#"{"roundSeconds": 45}"#.utf8)) }
        // --seconds for one game, without touching the setting.
        var once = session(Self.big)
        once.roundSecondsOverride = 90
        _ = once.startRound(deckID: "shume", at: 0)
        #expect(once.round?.roundSeconds == 90 && once.settings.roundSeconds == 60)
    }

    /// 30 answered cards at 80×24: the list scrolls until every card has been on screen; at 200 columns the
    /// cards stand in the middle, not against the left edge.
    @Test func resultsScrollToEveryCardAndCentreOnWideTerminals() {
        var s = session(Self.big, input: .motion("DualSense"))
        _ = s.startRound(deckID: "shume", at: 0)
        for i in 0..<30 { _ = s.gesture(i % 3 == 0 ? .pass : .correct, at: 3.1 + Double(i)) }
        _ = s.tick(at: 70)
        #expect(s.screen == .result)
        let answered = Set(s.round?.result.answers.map(\.card) ?? [])
        #expect(answered.count == 30)
        var seen = Set<String>()
        for _ in 0..<40 {
            let frame = rows(FrameRenderer.render(s, columns: 80, rows: 24))
            #expect(frame.count == 24)
            for card in answered where frame.contains(where: { $0.contains("✓ " + card) || $0.contains("→ " + card) }) {
                seen.insert(card)
            }
            _ = s.key(.down, at: 70)
        }
        #expect(seen == answered, "never shown: \(answered.subtracting(seen).sorted())")
        let first = rows(FrameRenderer.render(s, columns: 80, rows: 24))
        #expect(first.contains { $0.contains("▲") && $0.contains("më lart") })
        let wide = rows(FrameRenderer.render(s, columns: 200, rows: 50))
        let cardRows = wide.filter { $0.contains("✓ Karta") || $0.contains("→ Karta") }
        #expect(!cardRows.isEmpty)
        let lead = cardRows.map { $0.prefix { $0 == " " }.count }
        let width = cardRows.map { $0.trimmingCharacters(in: .whitespaces).count }.max() ?? 0
        #expect(lead.allSatisfy { $0 == lead[0] } && lead[0] >= (200 - width) / 2 - 20 && lead[0] > 10, "\(lead) \(width)")
    }

    @Test func theResultsScreenSharesWithAKey() {
        var s = session(Self.small, input: .motion("DualSense"))
        _ = s.startRound(deckID: "tre", at: 0)
        for i in 0..<3 { _ = s.gesture(.correct, at: 3.5 + Double(i)) }
        #expect(s.screen == .result)
        #expect(rows(FrameRenderer.render(s, columns: 80, rows: 24)).contains { $0.contains("s: ruaj kartën") })
        let effects = s.key(.char("s"), at: 10)
        #expect(effects == [.share(deck: "tre", result: s.round!.result)])
        // The share screen: the card as written, in half blocks, and where it went; any key goes back.
        s.notice = "Karta e rezultatit u ruajt: /tmp/k.png"
        for (columns, height) in [(80, 24), (40, 12), (200, 60)] {
            let frame = FrameRenderer.render(s, columns: columns, rows: height)
            let screen = rows(frame)
            #expect(screen.count == height && screen.allSatisfy { TextCells.width($0) == columns }, "\(columns)×\(height)")
            #expect(screen.first?.contains("Karta e rezultatit") == true && screen.contains { $0.contains("/tmp/k.png") })
            #expect(screen.filter { $0.contains("▀") }.count >= height / 3, "the picture at \(columns)×\(height)")
            // The card's red band, as the background of some half blocks.
            #expect(frame.contains(RGB.red.background + "▀"), "\(columns)×\(height)")
        }
        _ = s.key(.char("x"), at: 11)
        #expect(s.screen == .result && s.shareCard == nil)
        // Enter on the third button does the same as s.
        _ = s.key(.right, at: 12); _ = s.key(.right, at: 12)
        #expect(s.key(.enter, at: 12) == effects && s.screen == .share)
    }

    @Test func aPartyRotatesTurnsKeepsTheScoreAndNamesTheWinner() {
        #expect(Party(names: ["Vetëm"]) == nil && Party(names: ["A", " "]) == nil, "one name is no party")
        var p = Party(names: ["Ana", "Blerim", "Teuta"], turnsEach: 2)!
        var order: [String] = []
        for score in [5, 3, 7, 2, 4, 1] {
            order.append(p.current)
            p.record(score: score)
        }
        #expect(order == ["Ana", "Blerim", "Teuta", "Ana", "Blerim", "Teuta"])
        #expect(p.isOver && p.scores == [7, 7, 8] && p.leaders == ["Teuta"])
        #expect(p.standings.map(\.name) == ["Teuta", "Ana", "Blerim"])
        p.record(score: 100)
        #expect(p.scores == [7, 7, 8], "nothing counts after the party is over")
        // In the game: whose turn on the round, the scoreboard and the winner on the results; Luaj starts again.
        var s = session(Self.small, input: .motion("DualSense"))
        s.party = Party(names: ["Ana", "Blerim"])
        _ = s.startRound(deckID: "tre", at: 0)
        #expect(rows(FrameRenderer.render(s, columns: 80, rows: 24)).contains { $0.contains("Radha: Ana") })
        for i in 0..<3 { _ = s.gesture(.correct, at: 3.5 + Double(i)) }
        #expect(s.lastPlayer == "Ana" && rows(FrameRenderer.render(s, columns: 80, rows: 24)).contains { $0.contains("Radha tjetër: Blerim") })
        _ = s.key(.enter, at: 10)
        _ = s.tick(at: 13.5)
        _ = s.gesture(.correct, at: 14)
        _ = s.tick(at: 80)
        let frame = rows(FrameRenderer.render(s, columns: 80, rows: 24))
        #expect(frame.contains { $0.contains("Ana 3 · Blerim 1") } && frame.contains { $0.contains("🏆 Fitues: Ana") }, "\(frame)")
        #expect(s.history.map(\.player) == ["Ana", "Blerim"])
        _ = s.key(.enter, at: 81)
        #expect(s.party?.scores == [0, 0] && s.party?.current == "Ana")
    }
}
