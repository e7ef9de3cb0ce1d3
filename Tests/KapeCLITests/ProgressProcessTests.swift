import Foundation
import Lessons
import TestSupport
import Testing
import Glibc

/// Real `kape` processes against one store: killed mid-write, and racing each other.
@Suite struct ProgressProcessTests {
    /// A `kape-store-writer` child (Tests/StoreWriter) whose stdout we read line by line (one line = one committed update).
    final class Writer {
        let process = Process()
        let out = Pipe()
        private var buffer = Data()

        init(dataHome: String, tag: String, count: Int, extra: [String] = []) throws {
            process.executableURL = URL(fileURLWithPath: packageRoot + "/.build/debug/kape-store-writer")
            process.arguments = ["--count", String(count), "--tag", tag] + extra
            var env = ProcessInfo.processInfo.environment
            env["XDG_DATA_HOME"] = dataHome
            process.environment = env
            process.standardOutput = out
            try process.run()
        }

        /// Blocks until `n` more lines arrived (or the child closed its stdout); returns how many arrived.
        func readLines(_ n: Int) -> Int {
            var got = 0
            while got < n {
                if let nl = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    buffer.removeSubrange(...nl)
                    got += 1
                    continue
                }
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
            }
            return got
        }
    }

    @Test func killDuringWritesKeepsEveryCommittedResult() throws {
        let dir = try TemporaryDirectory()
        let store = ProgressStore(directory: dir.path("kape"))
        var confirmed: [String: Int] = [:]
        for round in 0..<10 {
            let tag = "r\(round)"
            let writer = try Writer(dataHome: dir.url.path, tag: tag, count: 1_000_000)
            // Kill at a random point in the stream of writes; the child is usually mid-update by then.
            confirmed[tag] = writer.readLines(Int.random(in: 1...30))
            kill(writer.process.processIdentifier, SIGKILL)
            writer.process.waitUntilExit()
            #expect(writer.process.terminationReason == .uncaughtSignal)

            let data = try store.read()  // throws or moves the file aside if it were damaged
            for (t, n) in confirmed {
                let cues = data.dictations.filter { $0.lesson == t }.map(\.cue)
                #expect(cues.count >= n, "round \(round): \(t) lost results")
                #expect(cues == Array(0..<cues.count), "round \(round): \(t) is not a clean prefix")
            }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path("kape"))
        #expect(!names.contains { $0.contains("damaged") })
        withExtendedLifetime(dir) {}
    }

    /// Death at each phase of a save, on a random update: before the rename the update is lost and everything
    /// earlier intact; after it, the update is there too. Never a damaged file.
    @Test(arguments: ["temp-opened", "half-written", "synced", "renamed"])
    func killAtEachPhaseOfASave(phase: String) throws {
        let dir = try TemporaryDirectory()
        let store = ProgressStore(directory: dir.path("kape"))
        var expected = 0
        for round in 0..<4 {
            let on = Int.random(in: 1...12)
            let writer = try Writer(dataHome: dir.url.path, tag: "p\(round)", count: 50,
                                    extra: ["--kill-at", phase, "--kill-on", String(on)])
            #expect(writer.readLines(50) == on - 1)
            writer.process.waitUntilExit()
            #expect(writer.process.terminationReason == .uncaughtSignal)
            let kept = on - 1 + (phase == "renamed" ? 1 : 0)
            expected += kept
            let data = try store.read()
            #expect(data.dictations.count == expected, "round \(round), killed on update \(on)")
            #expect(data.dictations.filter { $0.lesson == "p\(round)" }.map(\.cue) == Array(0..<kept))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path("kape"))
        #expect(!names.contains { $0.contains("damaged") })
        withExtendedLifetime(dir) {}
    }

    @Test func twoProcessesAdding50EachKeepAll100() throws {
        let dir = try TemporaryDirectory()
        let a = try Writer(dataHome: dir.url.path, tag: "a", count: 50)
        let b = try Writer(dataHome: dir.url.path, tag: "b", count: 50)
        #expect(a.readLines(50) == 50)
        #expect(b.readLines(50) == 50)
        a.process.waitUntilExit()
        b.process.waitUntilExit()
        #expect(a.process.terminationStatus == 0 && b.process.terminationStatus == 0)
        let data = try ProgressStore(directory: dir.path("kape")).read()
        #expect(data.dictations.count == 100)
        #expect(data.dictations.filter { $0.lesson == "a" }.map(\.cue) == Array(0..<50))
        #expect(data.dictations.filter { $0.lesson == "b" }.map(\.cue) == Array(0..<50))
        #expect(data.points == 100 * Points.dictation(accuracy: 1))
        withExtendedLifetime(dir) {}
    }
}
