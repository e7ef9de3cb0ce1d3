import Foundation
import Glibc

/// A real pseudo-terminal: a private tmux server running a bare shell, driven by send-keys and read by
/// capture-pane. Waits poll the pane until a condition holds (generous overall limit), never a fixed sleep.
final class TmuxPane {
    let socket = "kape-test-\(UUID().uuidString.prefix(8))"

    init(columns: Int, rows: Int) throws {
        try tmux(capture: false, ["-f", "/dev/null", "new-session", "-d", "-s", "k", "-x", "\(columns)", "-y", "\(rows)",
                  "env -u DISPLAY -u WAYLAND_DISPLAY PS1='$ ' TERM=xterm-256color bash --norc --noprofile"])
    }

    deinit { _ = try? tmux(["kill-server"]) }

    /// Keys in tmux's names ("Down", "C-c", "Enter") or literal text with `literal`.
    func send(_ keys: String..., literal: Bool = false) throws {
        try tmux(["send-keys", "-t", "k"] + (literal ? ["-l"] : []) + keys)
    }

    func run(_ commandLine: String) throws {
        try send(commandLine, literal: true)
        try send("Enter")
    }

    func capture() throws -> String { try tmux(["capture-pane", "-p", "-t", "k"]) }

    /// The pane with its colours and attributes as escape sequences (what was drawn, not only the text).
    func captureWithAttributes() throws -> String { try tmux(["capture-pane", "-p", "-e", "-t", "k"]) }

    var alternateScreen: Bool { (try? tmux(["display-message", "-p", "-t", "k", "#{alternate_on}"]))?.hasPrefix("1") ?? false }

    /// The pane once `condition` holds, or nil after `timeout` seconds.
    func wait(timeout: Double = 60, _ condition: (String) -> Bool) throws -> String? {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            let pane = try capture()
            if condition(pane) { return pane }
            Thread.sleep(forTimeInterval: 0.05)  // polling interval only: correctness never depends on it
        }
        return nil
    }

    /// Through posix_spawn and waitpid: Foundation's Process never reaped the tmux client that starts the
    /// server here, so it hung. Output goes through a file.
    @discardableResult
    private func tmux(capture: Bool = true, _ arguments: [String]) throws -> String {
        let outFile = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(UUID().uuidString).out").path
        defer { unlink(outFile) }
        let quoted = (["tmux", "-u", "-L", socket] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let line = quoted.joined(separator: " ") + " </dev/null >\(outFile) 2>/dev/null"
        var pid = pid_t()
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(line), nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0 else { throw TmuxError(arguments: arguments, status: -1) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { throw TmuxError(arguments: arguments, status: status) }
        return capture ? ((try? String(contentsOfFile: outFile, encoding: .utf8)) ?? "") : ""
    }

    struct TmuxError: Error { var arguments: [String]; var status: Int32 }

    /// True once the shell printed `EXITED:<status>` on a line of its own (a wrapped command line can also start with
    /// "EXITED:$?", so the status must be digits).
    static func exited(_ screen: String) -> Bool {
        screen.components(separatedBy: "\n").contains { line in
            let status = line.dropFirst("EXITED:".count).prefix { $0 != " " }
            return line.hasPrefix("EXITED:") && !status.isEmpty && status.allSatisfy(\.isNumber)
        }
    }
}
