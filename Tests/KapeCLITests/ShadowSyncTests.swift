import AudioDSP
import AudioIO
import Foundation
import Lessons
import Testing
@testable import KapeCLI
@testable import LessonPlayback

/// The highlighted line follows what is heard: on the WAV file sink with an injected device delay, every cue change
/// is reported within 20 ms of where its phrase starts or ends in the written audio, at every speed.
@Suite struct ShadowSyncTests {
    static let rate = 16_000

    /// Phrases of a vowel-like voice with sharp edges, separated by silence; the cues are their exact spans.
    static func lesson(in dir: String) throws -> (audio: String, transcript: Transcript) {
        var samples: [Float] = []
        var cues: [Cue] = []
        var phase = 0.0
        for (n, length) in [0.9, 1.4, 0.6, 1.1, 0.8].enumerated() {
            samples += Array(repeating: 0, count: Int(0.5 * Double(rate)))
            let start = samples.count
            for i in 0..<Int(length * Double(rate)) {
                let f0 = 120 + 15 * sin(Double(i) / Double(rate) * 3)
                phase += 2 * .pi * f0 / Double(rate)
                var v = 0.0
                for h in 1...8 { v += sin(Double(h) * phase) / Double(h) }
                samples.append(Float(0.25 * v))
            }
            cues.append(Cue(id: "\(n)", start: Double(start) / Double(rate), end: Double(samples.count) / Double(rate), text: "phrase \(n)"))
        }
        samples += Array(repeating: 0, count: Int(0.5 * Double(rate)))
        let path = dir + "/lesson.wav"
        let w = try SoundFileWriter(path: path, rate: rate, channels: 1)
        try samples.withUnsafeBufferPointer { try w.write($0.baseAddress!, frames: samples.count) }
        try w.close()
        return (path, Transcript(cues: cues))
    }

    /// Sink frames where sound starts (after ≥ 0.2 s of quiet) and stops (before ≥ 0.2 s of quiet).
    static func edges(_ path: String) throws -> (starts: [Int], ends: [Int]) {
        let clip = try ClipFile.load(path)
        var starts: [Int] = [], ends: [Int] = []
        var lastLoud = -clip.rate
        for f in 0..<clip.frames where abs(clip.samples[f * clip.channels]) > 0.01 {
            if f - lastLoud > clip.rate / 5 {
                if lastLoud >= 0 { ends.append(lastLoud + 1) }
                starts.append(f)
            }
            lastLoud = f
        }
        if lastLoud >= 0 { ends.append(lastLoud + 1) }
        return (starts, ends)
    }

    @Test(arguments: [0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0])
    func cueChangesFollowTheAudibleBoundary(speed: Double) throws {
        try check(speed: speed, sinkRate: Self.rate)
    }

    /// A device at 48 kHz playing the 16 kHz lesson through the player's resampler: the same, in its frames.
    @Test(arguments: [0.5, 1.0, 2.0])
    func throughAResamplerToo(speed: Double) throws {
        try check(speed: speed, sinkRate: 48_000)
    }

    func check(speed: Double, sinkRate: Int) throws {
        let dir = try TemporaryDirectory()
        let (audio, transcript) = try Self.lesson(in: dir.url.path)
        let scale = sinkRate / Self.rate
        for delay in [0, 1_000, 2_400] {   // 0, 62.5 and 150 ms of device latency
            let out = dir.url.appendingPathComponent("out-\(delay).wav").path
            let sink = try WavFileSink(path: out, request: LessonPlayer.request(rate: sinkRate, period: 64 * scale))
            let player = try LessonPlayer(reader: SoundFileReader(path: audio), sink: sink, transcript: transcript,
                                          speed: speed, extraDelay: delay * scale)
            var changes: [(index: Int?, frame: Int)] = []
            var steps = 0
            while !player.ended && steps < 100_000 {
                try player.step { if case .cue(let i, _, let f) = $0 { changes.append((i, f)) } }
                steps += 1
            }
            sink.finish()
            let (starts, ends) = try Self.edges(out)
            #expect(starts.count == transcript.cues.count && ends.count == transcript.cues.count)
            let starting = changes.filter { $0.index != nil }.map(\.frame)
            let ending = changes.dropFirst().filter { $0.index == nil }.map(\.frame)
            #expect(starting.count == starts.count && ending.count == ends.count, "\(changes)")
            var worst = 0
            for (a, b) in Array(zip(starting, starts)) + Array(zip(ending, ends)) { worst = max(worst, abs(a - b)) }
            let ms = 1000 * Double(worst) / Double(sinkRate)
            print("FIGURE shadow sync \(speed)x, device at \(sinkRate) Hz, delay \(delay * 1000 / Self.rate) ms: worst cue change \(String(format: "%.1f", ms)) ms from the audible boundary")
            #expect(ms <= 20, "\(speed)x, delay \(delay): \(ms) ms")
        }
    }
}
