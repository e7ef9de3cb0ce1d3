import AudioDSP
import AudioIO
import Foundation
import Lessons
import TerminalUI
import Testing
@testable import KapeCLI
@testable import LessonPlayback

/// The player and the screen between the keys and the audio: where commands act, when the lesson counts as heard.
@Suite struct LessonPlayerTests {
    static let rate = ShadowSyncTests.rate

    func player(_ dir: TemporaryDirectory, delay: Int = 1_000) throws -> (LessonPlayer, Transcript) {
        let (audio, transcript) = try ShadowSyncTests.lesson(in: dir.url.path)
        let sink = try WavFileSink(path: dir.path("out.wav"), request: LessonPlayer.request(rate: Self.rate, period: 64))
        return (try LessonPlayer(reader: SoundFileReader(path: audio), sink: sink, transcript: transcript, speed: 1, extraDelay: delay), transcript)
    }

    func steps(_ p: LessonPlayer, _ n: Int) throws { for _ in 0..<n { try p.step { _ in } } }

    @Test func aCommandRightAfterAJumpActsOnTheLineJumpedTo() throws {
        let dir = try TemporaryDirectory()
        let (p, transcript) = try player(dir)   // 62.5 ms of device delay: the old line is still heard for a while
        try steps(p, 240)
        #expect(p.currentCue == 0)
        try p.command(.next) { _ in }
        try p.command(.loop(times: 2, pauseAfter: 0)) { _ in }
        #expect(p.state.loop?.cue == 1, "l right after → loops the new line, not the one still draining")
        try steps(p, 40)
        #expect(p.currentCue == 1)
        #expect(abs(p.heardTime - transcript.cues[1].start) < 0.2)
    }

    @Test func aJumpWhilePausedIsShownAtOnceAndPlaysFromThere() throws {
        let dir = try TemporaryDirectory()
        let (p, transcript) = try player(dir)
        try steps(p, 20)
        try p.command(.pause) { _ in }
        try steps(p, 30)
        let before = p.heardTime
        try steps(p, 30)
        #expect(p.heardTime == before, "paused: time stands still")
        var changes: [Int?] = []
        try p.command(.cue(3)) { _ in }
        for _ in 0..<30 { try p.step { if case .cue(let i, _, _) = $0 { changes.append(i) } } }
        #expect(p.heardTime == transcript.cues[3].start && p.currentCue == 3, "\(p.heardTime)")
        try p.command(.resume) { _ in }
        for _ in 0..<60 { try p.step { if case .cue(let i, _, _) = $0 { changes.append(i) } } }
        #expect(changes == [3], "the highlight went straight to line 4 and stayed: \(changes)")
        #expect(p.heardTime > transcript.cues[3].start)
    }

    /// The word mode's speech goes into the silence of a pause through the lesson's own sink; lesson time stands.
    @Test func speechPlaysIntoThePauseWithoutMovingTheLesson() throws {
        let dir = try TemporaryDirectory()
        let (p, _) = try player(dir, delay: 0)
        try steps(p, 20)
        try p.command(.pause) { _ in }
        try steps(p, 40)  // the lesson's audio drained: silence from here
        let before = p.heardTime, written = p.clock.framesWritten
        let tone = (0..<2_000).map { Float(sin(Double($0) * 0.3)) * 0.5 }
        p.speak(Clip(name: "word", rate: Self.rate, channels: 1, samples: tone))
        #expect(p.speaking)
        try steps(p, 40)
        #expect(!p.speaking)
        #expect(p.heardTime == before, "the lesson did not move")
        p.sink.finish()
        let out = try ClipFile.load(dir.path("out.wav"))
        let spoken = out.samples[(written * out.channels)..<((written + 2_000) * out.channels)]
        let peak = spoken.map(abs).max() ?? 0
        #expect(peak > 0.45 && peak < 0.55, "\(peak)")
        #expect(out.samples[((written + 2_100) * out.channels)..<((written + 2_500) * out.channels)].allSatisfy { $0 == 0 })
    }

    @Test func theLessonEndsWhenItsLastFrameIsHeardAndCanRestart() throws {
        let dir = try TemporaryDirectory()
        let (p, _) = try player(dir, delay: 2_400)
        var steps = 0
        while !p.ended && steps < 10_000 { try p.step { _ in }; steps += 1 }
        #expect(p.ended)
        #expect(abs(p.heardTime - p.reader.seconds) < 0.01, "\(p.heardTime) of \(p.reader.seconds)")
        try p.restart { _ in }
        #expect(!p.ended && p.state.playing)
        try self.steps(p, 60)
        #expect(p.heardTime < 0.3)
        // Played again from the start, it goes on past where it began (what the stretcher still held from the old
        // end must not end it again) and ends once more at the end.
        try self.steps(p, 400)
        #expect(!p.ended && p.heardTime > 1)
        steps = 0
        while !p.ended && steps < 10_000 { try p.step { _ in }; steps += 1 }
        #expect(p.ended && abs(p.heardTime - p.reader.seconds) < 0.01)
    }

    @Test func viewKeysBecomeCommands() {
        let cues = (0..<30).map { Cue(id: "\($0)", start: Double($0 * 2), end: Double($0 * 2 + 1), text: "line \($0)") }
        var v = ShadowView(title: "T", subtitle: "", cues: cues, duration: 60, loopTimes: 3, loopPause: 1.5)
        v.current = 10
        v.heard = 20.5
        #expect(v.key(.space) == .command(.togglePause))
        #expect(v.key(.right) == .command(.next) && v.key(.left) == .command(.previous))
        #expect(v.key(.char("+")) == .command(.faster) && v.key(.char("-")) == .command(.slower))
        #expect(v.key(.char("l")) == .command(.loop(times: 3, pauseAfter: 1.5)))
        v.state.loop = ShadowMachine.Loop(cue: 10, remaining: 3, pauseAfter: 1.5)
        #expect(v.key(.char("l")) == .command(.stopLoop))
        #expect(v.key(.enter) == .none, "Enter with no line chosen does nothing")
        #expect(v.key(.up) == .none && v.key(.up) == .none && v.key(.enter) == .command(.cue(8)))
        #expect(v.key(.down) == .none && v.key(.escape) == .none && v.key(.enter) == .none)
        #expect(v.key(.char("[")) == .command(.skip(-5)) && v.key(.char("]")) == .command(.skip(5)))
        #expect(v.key(.char("q")) == .quit)
        v.state.ended = true
        #expect(v.key(.space) == .restart)
    }

    @Test func theScreenKeepsTheHeardLineInViewAndMarksIt() {
        let cues = (0..<50).map { Cue(id: "\($0)", start: Double($0 * 2), end: Double($0 * 2 + 1), text: "line \($0)") }
        var v = ShadowView(title: "Title", subtitle: "sub", cues: cues, duration: 100, loopTimes: 3, loopPause: 0)
        for current in [0, 25, 49] {
            v.current = current
            v.heard = Double(current * 2) + 0.5
            let rows = plain(v.render(columns: 60, rows: 12))
            #expect(rows.count == 12)
            #expect(rows.allSatisfy { $0.count == 60 }, "every row painted edge to edge")
            let marked = rows.filter { $0.hasPrefix(" ▶ ") && $0.contains("line ") }
            #expect(marked.count == 1 && marked[0].contains("line \(current)"), "\(rows)")
        }
        for height in [1, 3, 7] {
            let small = plain(v.render(columns: 30, rows: height))
            #expect(small.count == height, "a \(height)-row terminal gets \(height) rows, not a scroll")
            // Below the transcript, above the key help (which short screens keep, wrapped: issue 16).
            #expect(small.contains { $0.contains("1:38 / 1:40") }, "the status line always shows: \(small)")
        }
        v.state = LessonPlayer.State(playing: false, speed: 0.75, loop: .init(cue: 49, remaining: 2, pauseAfter: 1), ended: false)
        let status = plain(v.render(columns: 80, rows: 10)).first { $0.contains("1:38 / 1:40") }
        #expect(status?.contains("❚❚") == true && status?.contains("0.75×") == true && status?.contains("⟳ line 50: 2 left, 1.0 s pause") == true, "\(status ?? "")")
    }

    func plain(_ frame: String) -> [String] {
        frame.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression).components(separatedBy: "\r\n")
    }
}

/// A lesson's channels reach the device by the engine's one rule (`ChannelMap`).
@Suite struct LessonChannelTests {
    /// Stereo in antiphase on a mono device: the channels' mean is silence. LessonPlayer's own rule took the left
    /// channel alone and played the tone.
    @Test func aStereoLessonOnAMonoDeviceIsMixedNotCut() throws {
        let dir = try TemporaryDirectory()
        let rate = 16_000
        var samples: [Float] = []
        for i in 0..<(rate * 2) {
            let s = Float(0.5 * sin(2 * Double.pi * 440 * Double(i) / Double(rate)))
            samples += [s, -s]
        }
        let audio = dir.path("stereo.wav")
        let writer = try SoundFileWriter(path: audio, rate: rate, channels: 2)
        try samples.withUnsafeBufferPointer { try writer.write($0.baseAddress!, frames: rate * 2) }
        try writer.close()
        let transcript = Transcript(cues: [Cue(id: "1", start: 0, end: 2, text: "Ton")])
        var request = LessonPlayer.request(rate: rate, period: 256)
        request.channels = 1
        let out = dir.path("mono.wav")
        let sink = try WavFileSink(path: out, request: request)
        let player = try LessonPlayer(reader: SoundFileReader(path: audio), sink: sink, transcript: transcript, speed: 1, extraDelay: 0)
        var steps = 0
        while !player.ended && steps < 2_000 { try player.step { _ in }; steps += 1 }
        sink.finish()
        let clip = try ClipFile.load(out)
        #expect(clip.channels == 1)
        #expect(clip.samples.count > rate)
        #expect(clip.samples.map(abs).max() ?? 1 < 0.001, "the antiphase channels cancel")
    }
}
