import Glibc

/// A file descriptor and the duty to close it: closed exactly once, when its owner lets go. Every descriptor Kape
/// opens for a loop (device nodes, inotify, eventfd) is one of these, so none is -1 and none is closed twice.
public final class Descriptor: Sendable {
    public let raw: Int32

    /// Takes ownership of `raw` (≥ 0).
    public init(owning raw: Int32) {
        precondition(raw >= 0, "Descriptor owns an open descriptor")
        self.raw = raw
    }

    deinit { _ = Glibc.close(raw) }
}

/// A system call's failure: which call and errno.
public struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    public var call: String
    public var errno: Int32

    public init(_ call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    public var description: String { "\(call): \(errnoText(errno))" }
}

/// The one EINTR rule: a call that returns -1 with errno EINTR is made again; any other -1 is an error with its
/// errno. Returns the call's result otherwise.
@inline(__always)
public func retryingInterrupts<T: FixedWidthInteger>(_ name: String, _ call: () -> T) throws(SystemCallError) -> T {
    while true {
        let r = call()
        if r >= 0 { return r }
        let e = errno
        if e != EINTR { throw SystemCallError(name, errno: e) }
    }
}

/// Waits on `fds` up to `timeoutMillis` (-1: forever). An interrupted wait returns 0 ready (the caller looks
/// again), so a signal handler's wake-up is seen at the next turn of the loop.
public func pollDescriptors(_ fds: inout [pollfd], timeoutMillis: Int32) throws(SystemCallError) -> Int {
    let n = poll(&fds, nfds_t(fds.count), timeoutMillis)
    if n >= 0 { return Int(n) }
    let e = errno
    if e == EINTR { return 0 }
    throw SystemCallError("poll", errno: e)
}

/// Writes every byte, going on after interrupted and short writes; a write that takes nothing is ENOSPC.
public func writeFully(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) {
    var offset = 0
    while offset < bytes.count {
        let n = try retryingInterrupts("write") { write(fd, bytes.baseAddress! + offset, bytes.count - offset) }
        guard n > 0 else { throw SystemCallError("write", errno: ENOSPC) }
        offset += n
    }
}

/// Reads until `buffer` is full or the input ends; returns how many bytes came.
public func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int {
    var count = 0
    while count < buffer.count {
        let n = try retryingInterrupts("read") { read(fd, buffer.baseAddress! + count, buffer.count - count) }
        if n == 0 { break }
        count += n
    }
    return count
}
