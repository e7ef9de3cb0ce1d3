import Game
import Glibc
import GameRuntime
import GameScreens
import Motion
import Platform
import Terminal
import TerminalUI
import Testing

/// The game loop's decisions, driven by messages as `GameSession` is by inputs: no terminal, no sink, no thread.
@Suite struct GameLoopCoreTests {
    static let origin = MonoInstant(nanos: 5_000_000_000_000)

    func core(input: InputSource = .motion("Pad"), fullScreen: Bool = false, hasFeed: Bool = true,
              decks: [Deck] = [Deck(id: "d", title: "D", cards: ["a", "b", "c", "e", "f"])],
              locked: [Bool] = [false]) -> GameLoopCore {
        let session = GameSession(decks: decks, locked: locked, settings: GameSettings(), input: input) { $0.cards }
        return GameLoopCore(session: session, origin: Self.origin, fullScreen: fullScreen, hasFeed: hasFeed)
    }

    func arrival(_ t: Double) -> MonoInstant { Self.origin.advanced(bySeconds: t) }

    /// A round in play: started at 0, its countdown over at 3, time up at 63.
    func playing(_ c: inout GameLoopCore, until t: Double) {
        _ = c.session.startRound(deckID: "d", at: 0)
        _ = c.receive(.tick, at: t)
        #expect(c.session.round?.state == .playing)
    }

    @Test func theRoundTakesAGestureAtItsArrivalNotAtTheLoopsWakeUp() {
        var c = core()
        playing(&c, until: 62.9)
        // Arrived 50 ms before time was up; the loop woke 200 ms after it, once the round would be over.
        let effects = c.receive(.motion(.gesture(.correct, arrival: arrival(62.95))), at: 63.15)
        #expect(c.session.round?.answers.count == 1)
        #expect(effects.contains(.play(.success, arrival: arrival(62.95))))
        #expect(c.session.flash.map { abs($0.until - 63.25) < 1e-9 } == true)
        // The round still ends at its own time.
        _ = c.receive(.tick, at: 63.3)
        #expect(c.session.screen == .result && c.session.round?.result.correct == 1)
    }

    @Test func onlyTheGesturesOwnSoundCarriesItsArrival() {
        var c = core()
        playing(&c, until: 52.9)
        // The gesture's time releases the 10-seconds warning (due at 53) in the same call.
        let a = arrival(53.05)
        let effects = c.receive(.motion(.gesture(.pass, arrival: a)), at: 53.06)
        let sounds = effects.compactMap { e -> (RoundSound, MonoInstant?)? in
            if case .play(let s, let t) = e { return (s, t) } else { return nil }
        }
        #expect(sounds.map(\.0) == [.warning, .pass])
        #expect(sounds.first?.1 == nil)
        #expect(sounds.last?.1 == a)
        // Keys and ticks never carry one.
        _ = c.receive(.tick, at: 53.5)
        let key = c.receive(.keys([.down]), at: 53.6)
        #expect(key.contains(.play(.success, arrival: nil)))
    }

    @Test func aGestureDuringTheCountdownIsDroppedAndItsBeepIsNotItsLatency() {
        var c = core()
        _ = c.session.startRound(deckID: "d", at: 0)
        let effects = c.receive(.motion(.gesture(.correct, arrival: arrival(1.0))), at: 1.01)
        #expect(effects == [.play(.countdown2, arrival: nil)])
        #expect(c.session.round?.answers.isEmpty == true)
    }

    @Test func deviceLostPausesAndBackResumesThroughACountdown() {
        var c = core()
        playing(&c, until: 10)
        _ = c.receive(.motion(.lost), at: 11)
        #expect(c.session.round?.state == .paused && c.session.pauseReason == .deviceLost)
        let back = c.receive(.motion(.back), at: 20)
        #expect(back.contains(.recalibrate) && back.contains(.play(.countdown3, arrival: nil)))
        #expect(c.session.round?.remaining == 52)
    }

    @Test func signalsPauseAndTheFullScreenGivesTheTerminalAwayAndBack() {
        var full = core(fullScreen: true)
        playing(&full, until: 5)
        #expect(full.receive(.signal(.suspend), at: 6) == [.suspendTerminal, .redraw])
        #expect(full.session.round?.state == .paused)
        #expect(full.receive(.signal(.continued), at: 7) == [.retakeTerminal, .redraw])
        #expect(full.receive(.signal(.resized), at: 7) == [.redraw])
        var plain = core()
        playing(&plain, until: 5)
        #expect(plain.receive(.signal(.suspend), at: 6).isEmpty)
        #expect(plain.session.round?.state == .paused)
        #expect(!plain.quit)
        _ = plain.receive(.signal(.quit(SIGHUP)), at: 8)
        #expect(plain.quit && plain.quitSignal == SIGHUP)
    }

    @Test func plainLinesEndWhenNothingIsLeftToRead() {
        // A trace still playing keeps the round going after the keyboard closed; its end ends the game.
        var c = core()
        playing(&c, until: 5)
        _ = c.receive(.keyboardClosed, at: 5)
        _ = c.receive(.tick, at: 6)
        #expect(!c.quit && c.session.round?.state == .playing)
        _ = c.receive(.motion(.ended), at: 7)
        _ = c.receive(.tick, at: 7)
        #expect(c.quit)
        // Keys only: the keyboard closing ends the round there, paused, and the game.
        var keys = core(input: .keyboard, hasFeed: false)
        playing(&keys, until: 5)
        _ = keys.receive(.keyboardClosed, at: 5)
        #expect(keys.session.round?.state == .paused && keys.session.pauseReason == .traceEnded)
        _ = keys.receive(.tick, at: 6)
        #expect(keys.quit)
    }

    @Test func theLoopWaitsShortInARoundAndLongInMenus() {
        var c = core()
        #expect(c.waitMillis(keysPending: false) == 500)
        #expect(c.waitMillis(keysPending: true) == 30)
        playing(&c, until: 4)
        #expect(c.waitMillis(keysPending: false) == 33)
    }

    @Test func keysAfterAQuestionWaitForItsAnswerAndSettingsAreSavedOnce() {
        var c = core(decks: [Deck(id: "v", title: "V", vip: true, cards: ["a"])], locked: [true])
        // ↓ ↓ Enter: "Rikthe Blerjet" asks the store; ↑ ↑ Enter (the deck) waits for the answer.
        let asked = c.receive(.keys([.down, .down, .enter, .up, .up, .enter]), at: 0)
        #expect(asked == [.restorePurchases])
        #expect(c.session.screen == .browser)
        // The store opened the deck: the waiting Enter starts its round instead of asking for a code.
        let answered = c.receive(.restored(locked: [false]), at: 0)
        #expect(answered.contains(.recalibrate) && answered.contains(.play(.countdown3, arrival: nil)))
        #expect(c.session.screen == .round)

        // Two changes in one read of the keyboard: saved once, as they stand after the last key.
        var s = core()
        let effects = s.receive(.keys([.down, .enter, .enter, .down, .enter]), at: 0)
        #expect(effects == [.saveSettings(GameSettings(sound: false, rumble: false))])
    }

    @Test func qInTheMenuQuits() {
        var c = core()
        #expect(c.receive(.keys([.char("q")]), at: 0).isEmpty)
        #expect(c.quit && c.quitSignal == nil)
    }
}

