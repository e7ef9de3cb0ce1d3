import AudioDSP
import Foundation
import TestSupport
import Testing
@testable import AudioIO

/// The stretcher on real speech (espeak-ng, when installed) and the streaming file reader/writer round trip.
@Suite struct SpeechStretchTests {
    static let espeak = ["/usr/bin/espeak-ng", "/usr/local/bin/espeak-ng"].first { FileManager.default.isExecutableFile(atPath: $0) }

    func synthesize(_ text: String, in dir: TempDir) throws -> Clip {
        let wav = dir.file("speech.wav")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.espeak!)
        p.arguments = ["-v", "de", "-s", "150", "-w", wav, text]
        try p.run(); p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        return try ClipFile.load(wav)
    }

    @Test(.enabled(if: espeak != nil), arguments: [0.5, 0.75, 1.25, 1.5, 2.0])
    func speechKeepsItsPitch(speed: Double) throws {
        let dir = TempDir(); defer { dir.cleanup() }
        let clip = try synthesize("Guten Morgen. Ich hätte gern einen Kaffee mit Milch, bitte. Wie viel kostet das?", in: dir)
        let (out, s) = WSOLAStretcher.render(clip.samples, channels: 1, rate: clip.rate, speed: speed)
        let expected = Double(clip.frames) / speed
        #expect(abs(Double(out.count) - expected) / expected < 0.005)
        let errors = StretchQuality.pitchErrors(input: clip.samples, output: out, rate: clip.rate) { s.heardInputFrame(atOutput: $0) }
        #expect(errors.count > 30)
        let median = StretchQuality.median(errors)
        print("FIGURE stretch espeak-ng speech \(speed)x: median F0 error \(String(format: "%.2f", median)) cents over \(errors.count) voiced frames")
        #expect(median <= 3)
    }

    /// Onsets and offsets land where the time map puts them: the output's 10 ms level against the input's over the
    /// span each output frame maps to (the envelope column of docs/STRETCH.md), on the first 30 s of a shipped lesson.
    /// The floors are what the envelope-matched search and fades reach; the plain Hann fade fell below every one
    /// (0.9669, 0.9849, 0.9882, 0.9861, 0.9789).
    @Test(arguments: [(0.5, 0.970), (0.75, 0.987), (1.25, 0.989), (1.5, 0.989), (2.0, 0.985)])
    func lessonEnvelopeFollowsTheMap(speed: Double, floor: Double) throws {
        let reader = try SoundFileReader(path: packageRoot + "/lessons/cafe-bestellen/audio.ogg")
        #expect(reader.channels == 1)
        var input = [Float](repeating: 0, count: 30 * reader.rate)
        let got = try input.withUnsafeMutableBufferPointer { try reader.read(into: $0.baseAddress!, frames: $0.count) }
        #expect(got == input.count)
        let (out, _) = WSOLAStretcher.render(input, channels: 1, rate: reader.rate, speed: speed)
        let r = StretchQuality.envelopeCorrelation(input: input, output: out, rate: reader.rate, speed: speed)
        print("FIGURE stretch lesson 30 s \(speed)x: envelope correlation \(String(format: "%.4f", r))")
        #expect(r >= floor)
    }

    @Test func readerAndWriterStreamInBlocks() throws {
        let dir = TempDir(); defer { dir.cleanup() }
        let frames = 10_000
        let samples = (0..<(frames * 2)).map { Float(($0 % 200) - 100) / 128 }
        let w = try SoundFileWriter(path: dir.file("a.flac"), rate: 16_000, channels: 2)
        try samples.withUnsafeBufferPointer { b in
            try w.write(b.baseAddress!, frames: 3_000)
            try w.write(b.baseAddress! + 6_000, frames: frames - 3_000)
        }
        try w.close()
        let r = try SoundFileReader(path: dir.file("a.flac"))
        #expect(r.rate == 16_000 && r.channels == 2 && r.frames == frames)
        var back: [Float] = []
        var buf = [Float](repeating: 0, count: 1_000 * 2)
        while true {
            let n = try buf.withUnsafeMutableBufferPointer { try r.read(into: $0.baseAddress!, frames: 777) }
            if n == 0 { break }
            back += buf[0..<(2 * n)]
        }
        #expect(back.count == samples.count)
        #expect(zip(back, samples).allSatisfy { abs($0 - $1) < 1.0 / 32_000 })
        #expect(throws: AudioError.self) { try SoundFileWriter(path: dir.file("a.mp9"), rate: 16_000, channels: 1) }
        #expect(throws: AudioError.self) { try SoundFileReader(path: dir.file("missing.wav")) }
    }
}
