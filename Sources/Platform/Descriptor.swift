import Glibc
import Synchronization

/// A file descriptor and the duty to close it: closed exactly once, when its owner lets go or calls `close()`.
/// Every descriptor Kape opens (device nodes, inotify, eventfds, files it reads and writes, force feedback) is
/// one of these, so none is -1 and none is closed twice. A descriptor owned by a C library (an ALSA PCM's) is not.
public final class Descriptor: Sendable {
    public let raw: Int32
    /// Still ours to close: cleared by `close()` and `handOver()`, so the deinit never closes a number that may
    /// have been given to another file since.
    private let owned = Atomic<Bool>(true)

    /// Takes ownership of `raw` (≥ 0).
    public init(owning raw: Int32) {
        precondition(raw >= 0, "Descriptor owns an open descriptor")
        self.raw = raw
    }

    /// `open(2)`, retried when interrupted.
    public static func open(_ path: String, _ flags: Int32, mode: mode_t = 0) throws(SystemCallError) -> Descriptor {
        Descriptor(owning: try retryingInterrupts("open") { Glibc.open(path, flags, mode) })
    }

    /// Closes it now and says whether that worked (a file's last writes can fail only here). Once: a second call,
    /// and the deinit, do nothing.
    public func close() throws(SystemCallError) {
        guard owned.exchange(false, ordering: .acquiringAndReleasing) else { return }
        // Not retried on EINTR: Linux has closed the descriptor whatever close returns.
        if Glibc.close(raw) != 0 { throw SystemCallError("close", errno: errno) }
    }

    /// Gives the descriptor to a library that closes it itself (libsndfile's `sf_open_fd` with close_desc).
    public func handOver() -> Int32 {
        owned.store(false, ordering: .releasing)
        return raw
    }

    /// Reads into `bytes[offset...]` until it is full or the input ends; returns how many bytes came.
    public func read(into bytes: inout [UInt8], from offset: Int) throws(SystemCallError) -> Int {
        var count = offset
        while count < bytes.count {
            let n = try retryingInterrupts("read") {
                bytes.withUnsafeMutableBytes { Glibc.read(raw, $0.baseAddress! + count, $0.count - count) }
            }
            if n == 0 { break }
            count += n
        }
        return count - offset
    }

    deinit { if owned.load(ordering: .acquiring) { _ = Glibc.close(raw) } }
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
