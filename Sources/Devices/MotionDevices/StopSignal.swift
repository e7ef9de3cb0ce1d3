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

    /// SIGINT, SIGTERM and SIGHUP (the terminal closed) fire this signal instead of killing the process, so a
    /// recording ends with a complete file. Only the first: the handlers from before are put back, so a second one
    /// ends a process that cannot finish (stuck writing into a pipe no one drains) as they would, leaving no
    /// half-written temporary file. One process-wide handler; the last installed wins.
    public func fireOnInterrupt() { event.signalOnFirstQuit() }
}
