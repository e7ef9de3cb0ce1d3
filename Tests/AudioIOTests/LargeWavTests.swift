import Foundation
import Testing
@testable import AudioIO

/// WAV past 4 GiB (issue 30): the RIFF size wrapped and readers saw 11 minutes of a 3-hour file. Writing 4 GiB is
/// left to bench/wav-4gib.sh; here, that both writers open the file as RF64 with its downgrade to WAV (the header
/// keeps the 28-byte JUNK chunk RF64 turns into its 64-bit sizes), and that a small file still reads as WAV.
@Suite struct LargeWavTests {
    static func header(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(16))
    }

    @Test func soundFileWriterWavIsReadyForRF64AndStaysWavWhenSmall() throws {
        let dir = TempDir(); defer { dir.cleanup() }
        let path = dir.file("a.wav")
        let w = try SoundFileWriter(path: path, rate: 16_000, channels: 1)
        let samples = [Float](repeating: 0.25, count: 16_000)
        try samples.withUnsafeBufferPointer { try w.write($0.baseAddress!, frames: $0.count) }
        try w.close()
        let h = try Self.header(path)
        #expect(Array(h[0..<4]) == Array("RIFF".utf8) && Array(h[8..<12]) == Array("WAVE".utf8))
        #expect(Array(h[12..<16]) == Array("JUNK".utf8), "a plain WAV header: this file could not have grown past 4 GiB")
        let r = try SoundFileReader(path: path)
        #expect(r.frames == 16_000 && r.rate == 16_000)
    }

    @Test func wavSinkIsReadyForRF64AndStaysWavWhenSmall() throws {
        let dir = TempDir(); defer { dir.cleanup() }
        let path = dir.file("sink.wav")
        let sink = try WavFileSink(path: path, request: SinkRequest(rate: 48_000, channels: 2, formats: [.s16]))
        let silence = [Int16](repeating: 0, count: 2 * 4_800)
        #expect(silence.withUnsafeBytes { sink.write($0.baseAddress!, frames: 4_800) } == .written)
        sink.finish()
        #expect(sink.finishError == nil)
        let h = try Self.header(path)
        #expect(Array(h[0..<4]) == Array("RIFF".utf8) && Array(h[12..<16]) == Array("JUNK".utf8))
        #expect(try SoundFileReader(path: path).frames == 4_800)
    }
}
