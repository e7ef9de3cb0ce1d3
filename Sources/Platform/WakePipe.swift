import CLinux
import Glibc

/// A pipe for waking a poll from another thread or a signal handler: both ends non-blocking and close-on-exec
/// from the start (pipe2), so a child spawned meanwhile cannot inherit them.
public struct WakePipe: Sendable {
    public let readEnd: Int32
    public let writeEnd: Int32

    /// nil when the process is out of descriptors.
    public init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe2(&ends, O_NONBLOCK | O_CLOEXEC) == 0 else { return nil }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    /// One async-signal-safe byte; a full pipe is already readable, so a failed write loses nothing.
    public static func poke(_ fd: Int32) {
        var one: UInt8 = 1
        _ = write(fd, &one, 1)
    }

    /// Empties the read end after poll reported it readable.
    public static func drain(_ fd: Int32) {
        var bytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        while withUnsafeMutableBytes(of: &bytes, { read(fd, $0.baseAddress, 32) }) == 32 {}
    }

    public func close() {
        _ = Glibc.close(readEnd)
        _ = Glibc.close(writeEnd)
    }
}
