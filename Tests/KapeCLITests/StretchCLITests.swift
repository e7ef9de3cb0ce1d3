import Foundation
import Testing

/// `kape stretch`: a whole file through the streaming decoder, the stretcher and the encoder.
@Suite struct StretchCLITests {
    @Test func stretchesAFileToLengthOverSpeed() throws {
        let dir = try TemporaryDirectory()
        let input = dir.url.appendingPathComponent("in.wav").path
        let sox = Process()
        sox.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
        sox.arguments = ["-n", "-r", "16000", "-c", "2", "-b", "16", input, "synth", "3", "sine", "180", "vol", "0.5"]
        try sox.run(); sox.waitUntilExit()
        try #require(sox.terminationStatus == 0)
        for (speed, ext) in [(2.0, "wav"), (0.75, "flac")] {
            let output = dir.url.appendingPathComponent("out.\(ext)").path
            let r = try KapeRun.run(["stretch", input, output, "--speed", String(speed), "--json"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("\"input_seconds\": 3.000"))
            let expected = 3.0 / speed
            let range = r.stdout.range(of: "\"output_seconds\": ")!
            let value = Double(r.stdout[range.upperBound...].prefix { $0 != "," && $0 != "}" })!
            #expect(abs(value - expected) / expected < 0.005, "\(r.stdout)")
            #expect(r.stderr.isEmpty, "no progress bar when stderr is not a terminal")
        }
        // An output whose file name has no extension, in a folder with one: "no file type", not ".out/y".
        try FileManager.default.createDirectory(atPath: dir.path("x.out"), withIntermediateDirectories: true)
        let untyped = try KapeRun.run(["stretch", input, dir.path("x.out/y")])
        #expect(untyped.status == 1 && untyped.stderr.contains("no file type") && !untyped.stderr.contains(".out/y'"), "\(untyped.stderr)")
        // No frames to stretch: an error, and no unreadable 0-byte output left behind.
        let empty = dir.path("empty.wav")
        let sox0 = Process()
        sox0.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
        sox0.arguments = ["-n", "-r", "16000", "-c", "1", empty, "trim", "0", "0"]
        try sox0.run(); sox0.waitUntilExit()
        let none = try KapeRun.run(["stretch", empty, dir.path("z.flac")])
        #expect(none.status == 1 && none.stderr.contains("has no audio frames"), "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("z.flac")))
    }

    @Test func badSpeedIsAUsageErrorAndMissingFileBadInput() throws {
        let dir = try TemporaryDirectory()
        let out = dir.url.appendingPathComponent("o.wav").path
        #expect(try KapeRun.run(["stretch", "x.wav", out, "--speed", "3"]).status == 2)
        let missing = try KapeRun.run(["stretch", dir.url.appendingPathComponent("none.wav").path, out])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("none.wav"))
    }
}
