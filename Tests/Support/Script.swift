import Foundation
import Glibc

public struct ScriptError: Error, CustomStringConvertible {
    public var script: String
    public var arguments: [String]
    public var status: Int32
    public var description: String { "\(script) \(arguments.joined(separator: " ")) failed (status \(status))" }
}

/// Runs scripts/NAME with `arguments`, its stdout discarded. posix_spawn and waitpid, because Foundation's Process
/// can miss the exit of a child that leaves daemons behind (the sound-server and bus scripts do).
public func runScript(_ script: String, _ arguments: [String]) throws {
    let path = packageRoot + "/scripts/" + script
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else {
        throw ScriptError(script: script, arguments: arguments, status: -1)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    guard status == 0 else { throw ScriptError(script: script, arguments: arguments, status: status) }
}
