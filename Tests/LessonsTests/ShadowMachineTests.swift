import Testing
@testable import Lessons

/// Play/seek/loop/speed logic without audio.
@Suite struct ShadowMachineTests {
    let transcript = Transcript(cues: [Cue(start: 1, end: 3, text: "a"), Cue(start: 4, end: 6, text: "b"), Cue(start: 7, end: 9, text: "c")])

    @Test func seekingByLineAndTime() {
        var m = ShadowMachine(transcript: transcript, duration: 10)
        #expect(m.handle(.next, at: 2) == [.seek(4)])
        #expect(m.handle(.previous, at: 5.5) == [.seek(4)])     // > 1 s into "b": its start
        #expect(m.handle(.previous, at: 4.5) == [.seek(1)])     // just started "b": the line before
        #expect(m.handle(.cue(2), at: 0) == [.seek(7)])
        #expect(m.handle(.cue(9), at: 0) == [])
        #expect(m.handle(.seek(42), at: 0) == [.seek(10)])
        #expect(m.handle(.next, at: 8) == [])
        #expect(m.handle(.skip(5), at: 2.5) == [.seek(7.5)])
        #expect(m.handle(.skip(-5), at: 2.5) == [.seek(0)], "back past the start stops at 0")
        #expect(m.handle(.skip(5), at: 8) == [.seek(10)], "forward past the end stops at the end")
    }

    @Test func speedStepsAndClamps() {
        var m = ShadowMachine(transcript: transcript, duration: 10, speed: 1.75)
        #expect(m.handle(.faster, at: 0) == [.speed(2)])
        #expect(m.handle(.faster, at: 0) == [])
        #expect(m.handle(.speed(0.1), at: 0) == [.speed(0.5)])
        #expect(m.handle(.slower, at: 0) == [])
    }

    @Test func loopRepeatsTheLineWithAPauseThenGoesOn() {
        var m = ShadowMachine(transcript: transcript, duration: 10)
        #expect(m.handle(.loop(times: 2, pauseAfter: 1.5), at: 4.2) == [])
        #expect(m.rendered(upTo: 5.9) == [])
        #expect(m.rendered(upTo: 6.0) == [.hold(1.5), .seek(4)])
        #expect(m.loop?.remaining == 1)
        #expect(m.rendered(upTo: 6.01) == [.hold(1.5)])          // last pass: pause, then play on
        #expect(m.loop == nil)
        #expect(m.rendered(upTo: 10) == [.end])
    }

    @Test func pauseAndResume() {
        var m = ShadowMachine(transcript: transcript, duration: 10)
        #expect(m.handle(.togglePause, at: 1) == [.pause])
        #expect(m.handle(.pause, at: 1) == [])
        #expect(m.handle(.togglePause, at: 1) == [.resume])
    }

    @Test func cursorReportsChangesOnly() {
        var c = TranscriptCursor(transcript: transcript)
        #expect(c.update(lessonTime: 0) == .some(nil))
        #expect(c.update(lessonTime: 0.5) == nil)
        #expect(c.update(lessonTime: 1) == .some(0))
        #expect(c.update(lessonTime: 2) == nil)
        #expect(c.update(lessonTime: 3.5) == .some(nil))
        #expect(c.update(lessonTime: 8) == .some(2))
    }
}
