import Foundation
import TestSupport

/// Runs the built `kape` (KAPE_BIN from `make test`, else the debug build) and captures what it says.
struct KapeRun {
    var status: Int32
    var stdout: String
    var stderr: String

    static var binary: String {
        if let bin = ProcessInfo.processInfo.environment["KAPE_BIN"], !bin.isEmpty { return bin }
        return packageRoot + "/.build/debug/kape"
    }

    /// `input`, when given, is written to the child's standard input (then closed).
    static func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws -> KapeRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        if input != nil { process.standardInput = inPipe }
        try process.run()
        if let input {
            inPipe.fileHandleForWriting.write(Data(input.utf8))
            try inPipe.fileHandleForWriting.close()
        }
        // Read both pipes before waiting so a chatty child never blocks on a full pipe.
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return KapeRun(status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }
}

/// A private temporary directory, removed when the test is done with it.
final class TemporaryDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("kape-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    deinit { try? FileManager.default.removeItem(at: url) }
}
