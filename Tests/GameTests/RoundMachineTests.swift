import Game
import Motion
import Testing

/// Drives the machine in 50 ms steps (as a sample stream would) and collects what it emits.
private func run(_ m: inout RoundMachine, from a: Double, to b: Double, step: Double = 0.05) -> [RoundMachine.Timed] {
    var out: [RoundMachine.Timed] = []
    var t = a
    while t < b - 1e-9 {
        t = min(b, t + step)
        out += m.advance(to: t)
    }
    return out
}

private func times(_ events: [RoundMachine.Timed], _ e: RoundMachine.Event) -> [Double] {
    events.filter { $0.event == e }.map(\.t)
}

@Suite struct RoundMachineTests {
    let cards = (1...80).map { "card \($0)" }

    @Test func countdownThenPlayThenFinishAtExactTimes() {
        var m = RoundMachine(cards: cards)
        var ev = m.start(at: 0)
        ev += run(&m, from: 0, to: 70)
        #expect(times(ev, .state(.buffer)) == [0])
        #expect(ev.filter { if case .beep = $0.event { true } else { false } }.map(\.t) == [0, 1, 2])
        #expect(times(ev, .recalibrate) == [0])
        #expect(times(ev, .state(.playing)) == [3])
        #expect(times(ev, .card("card 1")) == [3])
        #expect(times(ev, .warning).count == 1)
        #expect(abs(times(ev, .warning)[0] - 53) < 1e-9)
        #expect(abs(times(ev, .state(.finished))[0] - 63) < 1e-9)
        #expect(m.state == .finished)
    }

    @Test func gesturesCountOnlyWhilePlaying() {
        var m = RoundMachine(cards: cards)
        _ = m.start(at: 0)
        let inBuffer = m.gesture(.correct, at: 1.5)
        #expect(!inBuffer.contains { if case .answer = $0.event { true } else { false } })
        let played = m.gesture(.correct, at: 4)
        #expect(played.map(\.event).suffix(2) == [.answer(.correct, "card 1"), .card("card 2")])
        _ = m.gesture(.pass, at: 5)
        let late = m.gesture(.correct, at: 64)
        #expect(!late.contains { if case .answer = $0.event { true } else { false } })
        #expect(m.result.correct == 1 && m.result.passed == 1)
        #expect(m.result.accuracy == 0.5)
    }

    @Test func pauseStopsTimeAndResumesThroughAFreshCountdown() {
        var m = RoundMachine(cards: cards)
        var ev = m.start(at: 0)
        ev += run(&m, from: 0, to: 13)              // 10 s played
        ev += m.pause(at: 13, reason: .player)
        ev += run(&m, from: 13, to: 100)           // paused: nothing moves
        #expect(m.played == 10)
        #expect(m.gesture(.correct, at: 50).isEmpty)
        ev += m.resume(at: 100)
        ev += run(&m, from: 100, to: 200)
        #expect(times(ev, .state(.paused)) == [13])
        #expect(times(ev, .state(.buffer)) == [0, 100])
        #expect(times(ev, .recalibrate) == [0, 100])
        #expect(times(ev, .state(.playing)) == [3, 103])
        // The same card stays on screen after the pause: one card event only.
        #expect(ev.filter { if case .card = $0.event { true } else { false } }.count == 1)
        #expect(times(ev, .warning).count == 1)
        #expect(abs(times(ev, .warning)[0] - 143) < 1e-9)
        #expect(abs(times(ev, .state(.finished))[0] - 153) < 1e-9)
    }

    @Test func warningOnceEvenAcrossAPauseAfterIt() {
        var m = RoundMachine(cards: cards)
        var ev = m.start(at: 0)
        ev += run(&m, from: 0, to: 55)
        ev += m.pause(at: 55, reason: .deviceLost)
        ev += m.resume(at: 60)
        ev += run(&m, from: 60, to: 80)
        #expect(times(ev, .warning).count == 1)
        #expect(abs(times(ev, .state(.finished))[0] - 71) < 1e-9)
    }

    @Test func pauseInTheBufferRestartsTheCountdown() {
        var m = RoundMachine(cards: cards)
        var ev = m.start(at: 0)
        ev += run(&m, from: 0, to: 2)
        ev += m.pause(at: 2, reason: .suspended)
        ev += m.resume(at: 5)
        ev += run(&m, from: 5, to: 9)
        #expect(times(ev, .state(.playing)) == [8])
    }

    @Test func ranks() {
        #expect(Rank.name(forScore: 0) == "Mish i Huaj")
        #expect(Rank.name(forScore: 4) == "Mish i Huaj")
        #expect(Rank.name(forScore: 5) == "Shqipe")
        #expect(Rank.name(forScore: 9) == "Shqipe")
        #expect(Rank.name(forScore: 10) == "Legjendë")
    }
}
