import CEvdev
import Motion
import Glibc

/// Reads kernel input events from a non-blocking fd, keeping any partial event for the next read.
///
/// The kernel's evdev only ever returns whole events, but emulated nodes (umockdev's stream sockets) can split
/// one across reads; libevdev's own read path then drops the bytes and fails with EINVAL, so reading is done
/// here and libevdev is kept for the description, the clock and the force-feedback setup.
public final class EventReader {
    public enum Status: Sendable, Equatable {
        /// Events were delivered; more may be waiting.
        case read(Int)
        case wouldBlock
        /// The node is gone (ENODEV, or end of stream on an emulated node).
        case gone
        case failed(errno: Int32)
    }

    static let eventSize = MemoryLayout<input_event>.stride
    private let fd: Int32
    private let capacity: Int
    private let buffer: UnsafeMutableRawPointer
    private var carried = 0

    /// `batch`: events per read(2). 64 events is one to four frames per poll wake-up at most, and keeps reads
    /// far below the 4 KiB at which emulated streams start splitting.
    public static let defaultBatch = 64

    public init(fd: Int32, batch: Int = EventReader.defaultBatch) {
        self.fd = fd
        capacity = batch * Self.eventSize
        buffer = .allocate(byteCount: capacity + Self.eventSize, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// One read(2); calls `body` for every whole event in it, in order.
    @inline(__always)
    public func read(_ body: (InputEvent) -> Void) -> Status {
        let n = Glibc.read(fd, buffer + carried, capacity - carried)
        if n < 0 {
            let e = errno
            if e == EAGAIN || e == EWOULDBLOCK || e == EINTR { return .wouldBlock }
            if e == ENODEV { return .gone }
            return .failed(errno: e)
        }
        if n == 0 { return .gone }
        let total = carried + n
        let whole = total / Self.eventSize
        for i in 0..<whole {
            let ev = buffer.loadUnaligned(fromByteOffset: i * Self.eventSize, as: input_event.self)
            body(InputEvent(micros: Int64(ev.time.tv_sec) * 1_000_000 + Int64(ev.time.tv_usec),
                            type: ev.type, code: ev.code, value: ev.value))
        }
        carried = total - whole * Self.eventSize
        if carried > 0 { buffer.copyMemory(from: buffer + whole * Self.eventSize, byteCount: carried) }
        return .read(whole)
    }
}
