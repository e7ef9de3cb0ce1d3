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
    /// Events whose time could not be a kernel's (seconds out of range, microseconds ≥ 10⁶): dropped, each
    /// delivered as SYN_DROPPED instead so the session re-reads the state as after a kernel overflow.
    public private(set) var implausibleTimes = 0
    private var lastMicros: Int64 = 0

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
            if let micros = Self.micros(seconds: Int64(ev.time.tv_sec), microseconds: Int64(ev.time.tv_usec)) {
                lastMicros = micros
                body(InputEvent(micros: micros, type: ev.type, code: ev.code, value: ev.value))
            } else {
                // A stream that lost a byte (an emulated node) or a garbage time: nothing of this event can be
                // trusted, and what follows may be misread until the next frame ends; recover as the kernel
                // asks after SYN_DROPPED.
                implausibleTimes += 1
                body(InputEvent(micros: lastMicros, type: EV.syn, code: EV.synDropped, value: 0))
            }
        }
        carried = total - whole * Self.eventSize
        if carried > 0 { buffer.copyMemory(from: buffer + whole * Self.eventSize, byteCount: carried) }
        return .read(whole)
    }

    /// Seconds up to 2³⁴ (five centuries past 1970, far beyond any clock a node uses) and microseconds below 10⁶;
    /// anything else is not a time (nil), and the product cannot overflow.
    @inline(__always)
    static func micros(seconds: Int64, microseconds: Int64) -> Int64? {
        guard seconds >= 0, seconds < 1 << 34, microseconds >= 0, microseconds < 1_000_000 else { return nil }
        return seconds * 1_000_000 + microseconds
    }
}
