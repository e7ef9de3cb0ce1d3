import Foundation
import Glibc
import Platform
import Testing
@testable import Motion

/// A trace shortened while it is read (`cp new.evemu trace.evemu` during an eval) killed kape with SIGBUS in the
/// mapped reader. Each test runs in a child process (an exit test), so the old crash fails the test, not the run.
@Suite struct TraceChangedWhileReadTests {
    /// The largest corpus trace copied to a fresh file; truncated from inside the reader's header callback, so
    /// the truncation always falls between mapping and reading the events: no timing involved.
    static func copyOfACorpusTrace() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let source = root.appendingPathComponent("traces/demo-round.evemu").path
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kape-shrink-\(getpid()).evemu").path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: source, toPath: path)
        return path
    }

    @Test func aTraceShortenedWhileReplayedIsReportedAsChanged() async {
        await #expect(processExitsWith: .exitCode(42)) {
            let path = try Self.copyOfACorpusTrace()
            defer { unlink(path) }
            do {
                _ = try TraceSource.read(path: path, header: { _ in _ = truncate(path, 4096) }, sample: { _ in })
            } catch let e as TraceError where e.description.contains(path) && e.description.contains("changed while it was read") {
                exit(42)
            }
            exit(1)
        }
    }

    @Test func aTraceRewrittenInPlaceWhileReadIsReportedAsChanged() async {
        await #expect(processExitsWith: .exitCode(42)) {
            let path = try Self.copyOfACorpusTrace()
            defer { unlink(path) }
            let file = try MappedFile.trace(path)
            do {
                // Rewritten in place, same size: the pages already read and those still to come differ.
                _ = try file.traceBytes { bytes -> Int in
                    let fd = open(path, O_WRONLY)
                    _ = pwrite(fd, "X", 1, 0)
                    var times = [timespec(tv_sec: 1, tv_nsec: 0), timespec(tv_sec: 1, tv_nsec: 0)]
                    _ = futimens(fd, &times)
                    close(fd)
                    return bytes.count
                }
            } catch let e as TraceError where e.description.contains("changed while it was read (it was rewritten") {
                exit(42)
            }
            exit(1)
        }
    }
}
