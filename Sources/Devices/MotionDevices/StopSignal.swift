import Glibc
import Platform

/// Wakes a reader's poll from another thread or from a signal handler, and stays readable once fired (nobody
/// drains it): a `WakeEvent`.
public final class StopSignal: Sendable {
    private let event: WakeEvent

    /// The end to poll.
    public var fd: Int32 { event.fd }

    public init() throws(SystemCallError) { event = try WakeEvent() }

    public func fire() { event.signal() }

    public var isFired: Bool { event.isSignalled }

    /// SIGINT and SIGTERM fire this signal instead of killing the process, so a recording ends with a complete
    /// file. Only the first: it puts both back to their default, so a second one kills a process that cannot
    /// finish (stuck writing into a pipe no one drains). One process-wide handler; the last installed wins.
    public func fireOnInterrupt() {
        signalTarget = event.fd
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            let target = signalTarget
            if target >= 0 { WakeEvent.signal(raw: target) }
            signal(SIGINT, SIG_DFL)  // async-signal-safe, as is the write in signal(raw:)
            signal(SIGTERM, SIG_DFL)
        }
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
    }
}

/// Read only by the signal handler; written once before the handler is installed.
nonisolated(unsafe) private var signalTarget: Int32 = -1
