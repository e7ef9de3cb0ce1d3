import Glibc

/// Descriptors a loop waits on together, with the one EINTR rule (`pollDescriptors`): what the game's, the
/// lessons' and the live reader's loops use instead of `poll` by hand. A negative descriptor is skipped (an input
/// that closed, a feed that is not there).
public struct PollSet {
    private var fds: [pollfd]

    public init(count: Int) { fds = Array(repeating: pollfd(fd: -1, events: Int16(POLLIN), revents: 0), count: count) }

    /// The descriptor to watch in slot `i` for reading (-1: none).
    public mutating func watch(_ i: Int, _ fd: Int32) { fds[i].fd = fd }

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

/// What the interactive commands ask of the process and its streams.
public enum ProcessControl {
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Ends the process as `signal` would have, once the caller has saved what it had: the default action, raised.
    public static func die(of signal: Int32) {
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
    }

    public static func exit(_ code: Int32) -> Never { Glibc.exit(code) }

    /// Sets an environment variable unless it is set already (the caller's choice wins).
    public static func setEnvironmentDefault(_ name: String, _ value: String) {
        if getenv(name) == nil { setenv(name, value, 1) }
    }

    /// One byte from standard input, nil at its end or on an error other than an interrupted read.
    public static func readStandardInputByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let n = read(0, &byte, 1)
            if n == 1 { return byte }
            if n < 0 && errno == EINTR { continue }
            return nil
        }
    }
}
