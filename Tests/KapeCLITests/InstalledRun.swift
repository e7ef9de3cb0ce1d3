import Foundation

/// Runs a `kape` binary (any path: an installed copy too) in a given working directory with exactly the given
/// environment plus PATH, output through files so nothing blocks whatever the child writes.
struct InstalledRun {
    var status: Int32
    var stdout: String
    var stderr: String

    static func run(_ binary: String, _ arguments: [String], cwd: String = "/", environment: [String: String],
                    scratch: TemporaryDirectory) throws -> InstalledRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: cwd)
        var env = environment
        env["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        process.environment = env
        let id = UUID().uuidString
        let outPath = scratch.path("out-\(id)"), errPath = scratch.path("err-\(id)")
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close(); try err.close()
        return InstalledRun(status: process.terminationStatus,
                            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }
}
