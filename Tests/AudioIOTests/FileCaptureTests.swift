import AudioDSP
import Foundation
import Testing
@testable import AudioIO

/// Through ALSA's `file` plugin: what the engine committed is captured byte for byte.
@Suite struct FileCaptureTests {
    func capture(format: SampleFormat = .s16, clips: [Clip], frames: Int,
                 _ trigger: (AudioEngine) throws -> Void) throws -> Clip {
        let dir = TempDir()
        defer { dir.cleanup() }
        let wav = dir.file("out.wav")
        let sink = try AlsaSink(device: "kape_capture", request: SinkRequest(formats: [format]),
                                configFile: fileCaptureConfig(dir, wav: wav))
        #expect(sink.info.format == format)
        let engine = try AudioEngine(sink: sink, bank: SoundBank(clips: clips))
        try trigger(engine)
        try engine.renderOffline(frames: frames)
        engine.finish()
        return try ClipFile.load(wav)
    }

    @Test(arguments: SampleFormat.allCases)
    func clipTriggeredAtFrameNIsCapturedAtFrameN(format: SampleFormat) throws {
        let clip = rampClip(frames: 300, seed: 1)
        let n = 1_000  // deliberately not on a period boundary
        let dir = TempDir()
        defer { dir.cleanup() }
        let wav = dir.file("out.wav")
        let sink = try AlsaSink(device: "kape_capture", request: SinkRequest(formats: [format]),
                                configFile: fileCaptureConfig(dir, wav: wav))
        #expect(sink.info.format == format)
        let engine = try AudioEngine(sink: sink, bank: SoundBank(clips: [clip]))
        try engine.play(0, at: Int64(n))
        try engine.renderOffline(frames: 4_800)
        engine.finish()
        // Compare the data chunk's bytes (ALSA's file plugin labels float data as integer PCM in its header).
        var expected = [Float](repeating: 0, count: 4_800 * 2)
        expected.replaceSubrange((n * 2)..<((n + 300) * 2), with: clip.samples)
        var bytes = [UInt8](repeating: 0, count: expected.count * format.bytes)
        bytes.withUnsafeMutableBytes { raw in expected.withUnsafeBufferPointer { format.encode($0.baseAddress!, count: $0.count, into: raw.baseAddress!) } }
        let data = try wavData(wav)
        #expect(data.count == bytes.count)
        #expect(data == bytes)
    }

    /// The bytes of a WAV file's data chunk.
    func wavData(_ path: String) throws -> [UInt8] {
        let file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        var i = 12
        while i + 8 <= file.count {
            let size = Int(file[i + 4]) | Int(file[i + 5]) << 8 | Int(file[i + 6]) << 16 | Int(file[i + 7]) << 24
            if file[i..<(i + 4)].elementsEqual("data".utf8) { return Array(file[(i + 8)..<min(file.count, i + 8 + size)]) }
            i += 8 + size + (size & 1)
        }
        return []
    }

    @Test func twoClipsSum() throws {
        let a = rampClip(name: "a", frames: 500, seed: 2), b = rampClip(name: "b", frames: 500, seed: 3)
        let out = try capture(clips: [a, b], frames: 2_048) { e in
            try e.play(0, at: 200)
            try e.play(1, at: 450)
        }
        var expected = [Float](repeating: 0, count: 2_048 * 2)
        for i in 0..<a.samples.count { expected[400 + i] += a.samples[i] }
        for i in 0..<b.samples.count { expected[900 + i] += b.samples[i] }
        #expect(out.samples == expected)
    }

    @Test func limiterHoldsPeaksOfManyLoudVoices() throws {
        let loud = sine("loud", frequency: 440, seconds: 0.1, amplitude: 0.8)
        let out = try capture(clips: [loud], frames: 9_600) { e in
            for i in 0..<8 { try e.play(0, at: Int64(100 + i * 7)) }
        }
        let ceiling = Limiter().ceiling
        #expect(out.peak <= ceiling + 1.0 / 32768)
        #expect(out.peak > ceiling * 0.95)  // limited, not silenced
    }

    @Test func aSoundFromTheBankPlaysWhileBadFilesAreReported() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        try ClipFile.writeWAV(sine("good", frequency: 660, seconds: 0.05, amplitude: 0.5, channels: 1), to: dir.file("good.wav"))
        _ = try dir.write("broken.wav", "RIFF this is not audio at all")
        _ = try dir.write("empty.flac", "")
        let bank = try SoundBank.load(directory: dir.path, rate: 48_000, channels: 2)
        #expect(bank.names == ["good"])
        #expect(bank.failures.count == 2)
        #expect(bank.failures.allSatisfy { $0.message.contains(dir.path) })
        let out = try capture(clips: bank.clips, frames: 4_800) { try $0.play(bank.index(of: "good")!, at: 0) }
        #expect(out.peak > 0.45)
    }
}
