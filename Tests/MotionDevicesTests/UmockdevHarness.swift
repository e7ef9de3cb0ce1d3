import Foundation
import XCTest

/// Runs the built `kape` (KAPE_BIN, exported by `make test`) against emulated devices from
/// Tests/Fixtures/umockdev. umockdev replays in (loose) real time, so every assertion is on event times and
/// content, never on wall time.
enum Umockdev {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/umockdev").path

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String

        /// stdout's JSON lines.
        var objects: [[String: Any]] {
            stdout.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
            }
        }
    }

    /// A device node of a testbed: its number and whether the evemu stream plays on it.
    struct Node {
        var number: Int
        var ioctl: String
        var events: String?
    }

    static func kape() throws -> String {
        guard let bin = ProcessInfo.processInfo.environment["KAPE_BIN"], FileManager.default.isExecutableFile(atPath: bin) else {
            throw XCTSkip("KAPE_BIN is not set: run through `make test`")
        }
        return bin
    }

    static func requireTools() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/umockdev-run") else {
            throw XCTSkip("umockdev-run is not installed (Debian package umockdev)")
        }
    }

    /// `umockdev-run -d … -i … -e … -- <prefix> kape <args>`.
    static func run(testbeds: [String], nodes: [Node], prefix: [String] = [], kapeArgs: [String],
                    environment: [String: String] = [:]) throws -> Output {
        try requireTools()
        var args: [String] = []
        for t in testbeds { args += ["-d", "\(fixtures)/\(t).umockdev"] }
        for n in nodes {
            args += ["-i", "/dev/input/event\(n.number)=\(fixtures)/\(n.ioctl)"]
            if let e = n.events { args += ["-e", "/dev/input/event\(n.number)=\(fixtures)/\(e)"] }
        }
        args += ["--"] + prefix + [try kape()] + kapeArgs
        return try spawn("/usr/bin/umockdev-run", args, environment: environment)
    }

    /// `umockdev-run ARGS` as an unprivileged user (nobody) when the tests run as root, who reads and writes
    /// everything: for tests of what Kape may not open or change.
    static func runUnprivileged(_ args: [String]) throws -> Output {
        let asUser = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        guard asUser.isEmpty || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { throw XCTSkip("setpriv missing") }
        try requireTools()
        return try spawn(asUser.first ?? "/usr/bin/umockdev-run", Array(asUser.dropFirst()) + (asUser.isEmpty ? [] : ["/usr/bin/umockdev-run"]) + args)
    }

    static func spawn(_ executable: String, _ args: [String], environment: [String: String] = [:]) throws -> Output {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["XDG_CONFIG_HOME"] = configHome
        for (k, v) in environment { env[k] = v }
        p.environment = env
        // stderr goes to a file (umockdev is chatty), stdout to a pipe read to the end before waiting.
        let errPath = NSTemporaryDirectory() + "kape-test-stderr-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errPath) }
        let out = Pipe()
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // A hang guard, not a timing assertion: a wedged child fails the test instead of stalling `make test`.
        let guardTimer = DispatchWorkItem { if p.isRunning { p.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 180, execute: guardTimer)
        defer { guardTimer.cancel() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        try err.close()
        let errData = FileManager.default.contents(atPath: errPath) ?? Data()
        return Output(status: p.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A private, empty config directory, so no one's real axis overrides leak into the tests.
    static let configHome: String = {
        let dir = NSTemporaryDirectory() + "kape-test-config-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        _ = chmod(dir, 0o777)
        return dir
    }()

    /// `kape replay FILE` gestures.
    static func replay(_ file: String) throws -> [[String: Any]] {
        let out = try spawn(try kape(), ["replay", file])
        XCTAssertEqual(out.status, 0, out.stderr)
        return out.objects
    }

    static func gestures(_ objects: [[String: Any]]) -> [Gesture] {
        objects.compactMap { o in
            guard let e = o["event"] as? String, e == "correct" || e == "pass",
                  let t = o["t"] as? Double, let tilt = o["tilt"] as? Double else { return nil }
            return Gesture(t: t, event: e, tilt: tilt)
        }
    }

    struct Gesture: Equatable, CustomStringConvertible {
        var t: Double
        var event: String
        var tilt: Double
        var description: String { "\(event)@\(t) \(tilt)°" }
    }
}
