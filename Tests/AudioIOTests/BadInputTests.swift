import AudioDSP
import Foundation
import Testing
@testable import AudioIO

@Suite struct BadInputTests {
    func loadError(_ path: String) -> String {
        do {
            _ = try ClipFile.load(path)
            return "loaded"
        } catch {
            return "\(error)"
        }
    }

    @Test func missingFileIsNamed() {
        let message = loadError("/nonexistent/ding.wav")
        #expect(message == "/nonexistent/ding.wav: no such file")
    }

    @Test func corruptFileIsNamed() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = try dir.write("bad.wav", String(repeating: "garbage ", count: 100))
        let message = loadError(path)
        #expect(message.hasPrefix(path + ": not a readable sound file"), "\(message)")
    }

    @Test func truncatedHeaderIsNamed() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let good = dir.file("full.wav")
        try ClipFile.writeWAV(sine("x", frequency: 440, seconds: 0.1, amplitude: 0.5), to: good)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        let cut = dir.file("cut.wav")
        try bytes.prefix(20).write(to: URL(fileURLWithPath: cut))
        let message = loadError(cut)
        #expect(message.hasPrefix(cut + ": "), "\(message)")
    }

    @Test func unsupportedFormatIsNamed() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        // AIFF: libsndfile reads it, Kape's sounds must be WAV, FLAC or Ogg.
        let path = dir.file("beep.aiff")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
        p.arguments = ["-n", "-r", "48000", "-c", "1", path, "synth", "0.05", "sine", "440"]
        try p.run()
        p.waitUntilExit()
        let message = loadError(path)
        #expect(message.contains(path) && message.contains("not supported") && message.contains("WAV, FLAC or Ogg"), "\(message)")
    }

    @Test func deviceThatCannotOpenNamesItAndTheListCommand() {
        AlsaSink.setQuiet(true)
        do {
            _ = try AlsaSink(device: "hw:97,0")
            Issue.record("opened a device that does not exist")
        } catch {
            let message = "\(error)"
            #expect(message.contains("'hw:97,0'") && message.contains("kape audio devices"), "\(message)")
        }
    }
}
