import Glibc
import Platform

/// Wakes a reader's poll from another thread or from a signal handler: a non-blocking pipe, written with one
/// async-signal-safe write(2). Once fired it stays readable (nobody drains it).
public final class StopSignal: Sendable {
    /// The end to poll.
    public let fd: Int32
    private let writeEnd: Int32

    public init() {
        guard let ends = WakePipe() else { preconditionFailure("pipe2 failed: out of file descriptors") }
        fd = ends.readEnd
        writeEnd = ends.writeEnd
    }

    deinit {
        close(fd)
        close(writeEnd)
    }

    public func fire() { StopSignal.fire(writeEnd) }

    public var isFired: Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) == 1
    }

    static func fire(_ fd: Int32) { WakePipe.poke(fd) }

    /// SIGINT and SIGTERM fire this signal instead of killing the process, so a recording ends with a complete
    /// file. Only the first: it puts both back to their default, so a second one kills a process that cannot
    /// finish (stuck writing into a pipe no one drains). One process-wide handler; the last installed wins.
    public func fireOnInterrupt() {
        signalTarget = writeEnd
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            let target = signalTarget
            if target >= 0 { StopSignal.fire(target) }
            signal(SIGINT, SIG_DFL)  // async-signal-safe, as is the write in fire
            signal(SIGTERM, SIG_DFL)
        }
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
    }
}

/// Read only by the signal handler; written once before the handler is installed.
nonisolated(unsafe) private var signalTarget: Int32 = -1
