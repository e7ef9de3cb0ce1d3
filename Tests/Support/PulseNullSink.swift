import Foundation
import Glibc

/// scripts/pulse-null-sink.sh for the test targets that need a real-time device: a private PulseAudio server
/// with a null sink. posix_spawn and waitpid, because Foundation's Process can miss the exit of a child that
/// leaves daemons behind.
public enum PulseNullSink {
    public struct ScriptError: Error, CustomStringConvertible {
        public var arguments: [String]
        public var status: Int32
        public var description: String { "pulse-null-sink.sh \(arguments.joined(separator: " ")) failed (status \(status))" }
    }

    /// `start DIR` (writes DIR/asound.conf; the server's socket is DIR/runtime/native) or `stop DIR`.
    public static func run(_ arguments: [String]) throws {
        let path = packageRoot + "/scripts/pulse-null-sink.sh"
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { throw ScriptError(arguments: arguments, status: -1) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { throw ScriptError(arguments: arguments, status: status) }
    }
}
