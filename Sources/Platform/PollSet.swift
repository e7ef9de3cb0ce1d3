import Glibc

/// Descriptors a loop waits on together, with the one EINTR rule (`pollDescriptors`): what the game's, the
/// lessons' and the live reader's loops use instead of `poll` by hand. A negative descriptor is skipped (an input
/// that closed, a feed that is not there).
public struct PollSet {
    private var fds: [pollfd]

    public init(count: Int) { fds = Array(repeating: pollfd(fd: -1, events: Int16(POLLIN), revents: 0), count: count) }

    /// The descriptor to watch in slot `i` for reading (-1: none).
    public mutating func watch(_ i: Int, _ fd: Int32) { fds[i].fd = fd }

    /// The descriptor to watch in slot `i` for reading; nil: none.
    public mutating func watch(_ i: Int, _ descriptor: Descriptor?) { fds[i].fd = descriptor?.raw ?? -1 }

    /// Waits up to `timeoutMillis` (-1: forever). Returns how many are ready; 0 after a timeout or a signal.
    @discardableResult
    public mutating func wait(timeoutMillis: Int32) throws(SystemCallError) -> Int {
        for i in fds.indices { fds[i].revents = 0 }
        return try pollDescriptors(&fds, timeoutMillis: timeoutMillis)
    }

    /// Something happened on slot `i`: readable, an error or a hang-up.
    public func isReady(_ i: Int) -> Bool { fds[i].revents != 0 }

    /// Slot `i` reported an error, a hang-up or an invalid descriptor.
    public func hasFailed(_ i: Int) -> Bool { fds[i].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 }
}
