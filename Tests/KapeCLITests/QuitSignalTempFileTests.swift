import Foundation
import Glibc
import Testing

/// Ctrl-C, SIGTERM or SIGHUP during a long write left `.OUT.tmp-XXXXXX` beside the target (issue 30).
@Suite struct QuitSignalTempFileTests {
    /// Runs kape, waits until its temporary output file exists (it is then mid-write), sends `sig`; returns
    /// whether it died of that signal and what is left in the folder.
    static func interrupt(_ arguments: [String], in dir: TemporaryDirectory, target: String, with sig: Int32) throws -> (signalled: Bool, left: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: KapeRun.binary)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + 120) { [process] in if process.isRunning { kill(pid, SIGKILL) } }
        let prefix = "." + target + ".tmp-"
        while process.isRunning, !((try? FileManager.default.contentsOfDirectory(atPath: dir.url.path)) ?? []).contains(where: { $0.hasPrefix(prefix) }) {
            usleep(2_000)  // waiting for the write to begin, not for a result
        }
        kill(pid, sig)
        process.waitUntilExit()
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasPrefix(".") }
        return (process.terminationReason == .uncaughtSignal && process.terminationStatus == sig, left)
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func stretchInterruptedLeavesNoTemporaryFile(sig: Int32) throws {
        let dir = try TemporaryDirectory()
        let input = dir.path("in.wav")
        // Ten minutes: stretching takes seconds even in a release build, so the signal lands mid-write.
        try soxSine(input, seconds: 600)
        let (signalled, left) = try Self.interrupt(["stretch", input, dir.path("out.flac"), "--speed", "0.5"], in: dir, target: "out.flac", with: sig)
        #expect(signalled)
        #expect(left.isEmpty, "left behind: \(left)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.flac")))
    }

    @Test func traceConvertInterruptedLeavesNoTemporaryFile() throws {
        let dir = try TemporaryDirectory()
        let input = dir.path("big.csv")
        var text = "# kape-trace 1\nt,ax,ay,az,gx,gy,gz\n"
        for i in 0..<400_000 { text += "\(Double(i) / 250),0.0012,0.9987,0.0021,0.12,-0.05,0.30\n" }
        try text.write(toFile: input, atomically: false, encoding: .utf8)
        let (signalled, left) = try Self.interrupt(["trace", "convert", input, dir.path("out.evemu")], in: dir, target: "out.evemu", with: SIGINT)
        #expect(signalled)
        #expect(left.isEmpty, "left behind: \(left)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.evemu")))
    }
}
