import Foundation
import TestSupport

/// Runs the built `kape` (KAPE_BIN from `make test`, else the debug build) and captures what it says.
struct KapeRun {
    var status: Int32
    var stdout: String
    var stderr: String

    /// The test's environment without a display: `kape play` would open its window where $DISPLAY or
    /// $WAYLAND_DISPLAY is set, and these tests are about the terminal (the window's own run on SDL's dummy driver).
    static var environment: [String: String] {
        ProcessInfo.processInfo.environment.filter { $0.key != "DISPLAY" && $0.key != "WAYLAND_DISPLAY" }
    }

    static var binary: String {
        if let bin = ProcessInfo.processInfo.environment["KAPE_BIN"], !bin.isEmpty { return bin }
        return packageRoot + "/.build/debug/kape"
    }

    /// `input`, when given, is written to the child's standard input (then closed). `executable` replaces kape
    /// (the runner's own test).
    static func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil,
                    executable: String = binary) throws -> KapeRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = KapeRun.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        if input != nil { process.standardInput = inPipe }
        try process.run()
        if let input {
            writeToChild(inPipe, input)
            try inPipe.fileHandleForWriting.close()
        }
        // Both pipes at once (stderr on its own thread): a child that fills one pipe while the other is being
        // read would otherwise wait forever.
        let e = ConcurrentRead(err.fileHandleForReading)
        let o = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let eData = e.result()
        return KapeRun(status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: eData, as: UTF8.self))
    }
}

/// Reads a pipe to its end on a thread of its own.
final class ConcurrentRead: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Waits for the end of the pipe.
    func result() -> Data {
        done.wait()
        return data
    }
}

/// A kape that runs while the test reads its output line by line and signals it: for the signal tests.
final class KapeChild {
    let process = Process()
    let input = Pipe()
    private let out = Pipe()
    private let err: ConcurrentRead
    private let errPipe = Pipe()
    private(set) var stdout = ""

    init(_ arguments: [String], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: KapeRun.binary)
        process.arguments = arguments
        var env = KapeRun.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardOutput = out
        process.standardError = errPipe
        process.standardInput = input
        err = ConcurrentRead(errPipe.fileHandleForReading)
        try process.run()
        // A child that never reacts is killed, so the test fails instead of hanging.
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + 120) { [process] in if process.isRunning { kill(pid, SIGKILL) } }
    }

    /// Reads standard output until it holds `text`; false when the output ended first.
    func waitFor(_ text: String) -> Bool {
        while !stdout.contains(text) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { return false }
            stdout += String(decoding: chunk, as: UTF8.self)
        }
        return true
    }

    func send(_ line: String) { writeToChild(input, line) }

    func signal(_ sig: Int32) { kill(process.processIdentifier, sig) }

    /// Waits for the end; the status and whether a signal ended it, and what it said on stderr.
    func finish() -> (status: Int32, signalled: Bool, stderr: String) {
        stdout += String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal, String(decoding: err.result(), as: UTF8.self))
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

/// Writes to a child's standard input; a child that has already exited (or never reads) makes the write fail with
/// EPIPE instead of killing the whole test process with SIGPIPE (one failed test took every later one with it).
/// SIGPIPE is blocked on this thread only while writing, and the one the write raised is taken off again.
func writeToChild(_ pipe: Pipe, _ text: String) {
    var pipeSignal = sigset_t(), old = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &old)
    let fd = pipe.fileHandleForWriting.fileDescriptor
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { break }
        bytes = bytes.dropFirst(n)
    }
    var now = timespec(tv_sec: 0, tv_nsec: 0)
    while sigtimedwait(&pipeSignal, nil, &now) == SIGPIPE {}
    pthread_sigmask(SIG_SETMASK, &old, nil)
}
