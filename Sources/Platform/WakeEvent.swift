import CLinux
import CSignalSafe
import Glibc

/// Wakes a loop's poll from another thread or a signal handler: one eventfd, non-blocking and close-on-exec. Any
/// number of signals before the loop looks is one readable state, and a write never blocks or fails for being full.
public final class WakeEvent: Sendable {
    public let descriptor: Descriptor
    /// The descriptor to poll (POLLIN) and to signal from a handler (`signal(raw:)`).
    public var fd: Int32 { descriptor.raw }

    /// Fails only when the process is out of descriptors (or eventfd is missing): callers say so and stop.
    public init() throws(SystemCallError) {
        let fd = eventfd(0, Int32(KAPE_EFD_NONBLOCK | KAPE_EFD_CLOEXEC))
        guard fd >= 0 else { throw SystemCallError("eventfd", errno: errno) }
        descriptor = Descriptor(owning: fd)
    }

    /// Any thread; async-signal-safe.
    @inline(__always)
    public func signal() { Self.signal(raw: fd) }

    /// For signal handlers, which cannot reach an object: one write(2), async-signal-safe.
    @inline(__always)
    public static func signal(raw fd: Int32) {
        var one: UInt64 = 1
        _ = write(fd, &one, 8)
    }

    /// The first SIGINT, SIGTERM or SIGHUP signals this event instead of ending the process; the next one ends it
    /// as the handlers before would have (uncommitted `OutputFile` temporaries removed). The last event asked wins.
    public func signalOnFirstQuit() { kape_stop_on_quit_install(fd) }

    /// Resets it after poll said it was readable; returns whether it had been signalled.
    @discardableResult
    public func drain() -> Bool { Self.drain(raw: fd) }

    /// For code that holds only the descriptor to poll (a sink's wait).
    @discardableResult
    public static func drain(raw fd: Int32) -> Bool {
        var count: UInt64 = 0
        return read(fd, &count, 8) == 8
    }

    /// Waits until it is signalled (then drains it and returns true) or `timeoutMillis` pass (-1: forever). Two
    /// system calls at most, no allocation: the render thread's wait between triggers.
    @discardableResult
    public func wait(timeoutMillis: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, timeoutMillis) > 0 && p.revents & Int16(POLLIN) != 0 && drain()
    }

    /// Signalled and not drained, without waiting.
    public var isSignalled: Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) == 1
    }
}
