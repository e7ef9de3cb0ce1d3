import Game
import GameScreens
import TerminalUI
import Motion
import Testing

@Suite struct GameSessionTests {
    func session(_ settings: GameSettings) -> GameSession {
        GameSession(decks: [Deck(id: "d", title: "D", cards: ["a", "b", "c"])], locked: [false], settings: settings,
                    input: .keyboard) { $0.cards }
    }

    @Test func soundAndRumbleSwitchIndependently() {
        var quiet = session(GameSettings(sound: false, rumble: true))
        _ = quiet.startRound(deckID: "d", at: 0)
        _ = quiet.tick(at: 3.5)
        let a = quiet.key(.down, at: 4)
        #expect(a == [.rumble(.correct)])
        var still = session(GameSettings(sound: true, rumble: false))
        _ = still.startRound(deckID: "d", at: 0)
        _ = still.tick(at: 3.5)
        #expect(still.key(.up, at: 4) == [.sound(.pass)])
    }

    @Test func settingsScreenTogglesWithEnter() {
        var s = session(GameSettings())
        _ = s.key(.down, at: 0)  // Cilësimet
        _ = s.key(.enter, at: 0)
        #expect(s.screen == .settings)
        _ = s.key(.enter, at: 0)
        #expect(s.settings.sound == false)
        _ = s.key(.down, at: 0)
        _ = s.key(.right, at: 0)
        #expect(s.settings.rumble == false)
        _ = s.key(.escape, at: 0)
        #expect(s.screen == .browser)
    }

    @Test func spacePausesAndResumesThroughAFreshCountdown() {
        var s = session(GameSettings())
        _ = s.startRound(deckID: "d", at: 0)
        _ = s.tick(at: 5)
        _ = s.key(.space, at: 5)
        #expect(s.round?.state == .paused)
        _ = s.tick(at: 100)
        #expect(s.round?.remaining == 58)  // time stood still
        let effects = s.key(.space, at: 100)
        #expect(effects.contains(.recalibrate) && effects.contains(.sound(.countdown3)))
        #expect(s.round?.state == .buffer)
        #expect(!s.key(.down, at: 101).contains(.sound(.success)))  // no answers during the countdown
        #expect(s.round?.answers.isEmpty == true)
    }

    @Test func restorePurchasesUnlocksWhatTheStoreGrants() {
        var s = GameSession(decks: [Deck(id: "v", title: "V", vip: true, cards: ["a"])], locked: [true],
                            settings: GameSettings(), input: .keyboard) { $0.cards }
        #expect(s.startRound(deckID: "v", at: 0) == nil)
        _ = s.key(.down, at: 0)
        _ = s.key(.down, at: 0)  // Rikthe Blerjet
        #expect(s.key(.enter, at: 0) == [.restorePurchases])
        s.restored(locked: [false])
        #expect(s.notice == "Të hapura: V", "restore lists what is open")
        #expect(s.startRound(deckID: "v", at: 0) != nil)
    }

    @Test func qQuitsFromTheBrowser() {
        var s = session(GameSettings())
        #expect(s.key(.char("q"), at: 0) == [.quit])
    }

    /// One key must not lose a round: q pauses and asks; p goes back to the decks, j plays on after a countdown.
    @Test func qInARoundAsksThenGoesBackToTheDecks() {
        var s = session(GameSettings())
        _ = s.startRound(deckID: "d", at: 0)
        _ = s.tick(at: 4)
        #expect(s.round?.state == .playing)
        #expect(!s.key(.char("q"), at: 5).contains(.quit))
        #expect(s.confirmingLeave && s.screen == .round && s.round?.state == .paused)
        #expect(FrameRenderer.render(s, columns: 80, rows: 24).contains("Ta lësh raundin?"))
        _ = s.key(.char("j"), at: 6)
        #expect(!s.confirmingLeave && s.round?.state == .buffer)
        _ = s.key(.char("q"), at: 7)
        #expect(s.key(.char("p"), at: 8).isEmpty)
        #expect(s.screen == .browser && s.round == nil && !s.confirmingLeave)
        #expect(s.key(.char("q"), at: 9) == [.quit])
    }
}
