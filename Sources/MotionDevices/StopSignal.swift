#if canImport(Glibc)
import Glibc
#endif

/// Wakes a reader's poll from another thread or from a signal handler: a non-blocking pipe, written with one
/// async-signal-safe write(2). Once fired it stays readable (nobody drains it).
public final class StopSignal: Sendable {
    /// The end to poll.
    public let fd: Int32
    private let writeEnd: Int32

    public init() {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0, "pipe failed")
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        fd = ends[0]
        writeEnd = ends[1]
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

    static func fire(_ fd: Int32) {
        var one: UInt8 = 1
        _ = write(fd, &one, 1)
    }

    /// SIGINT and SIGTERM fire this signal instead of killing the process, so a recording ends with a complete
    /// file. One process-wide handler; the last installed signal wins.
    public func fireOnInterrupt() {
        signalTarget = writeEnd
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            let target = signalTarget
            if target >= 0 { StopSignal.fire(target) }
        }
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
    }
}

/// Read only by the signal handler; written once before the handler is installed.
nonisolated(unsafe) private var signalTarget: Int32 = -1
