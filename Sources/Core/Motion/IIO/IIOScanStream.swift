/// Cuts the bytes read from /dev/iio:deviceN into whole scans. A read may end inside a scan or hold several (an
/// emulated node splits and merges them freely; a real one returns whole scans but as many as fit): the partial
/// tail is kept for the next read. One fixed buffer, no allocation per read.
public final class IIOScanStream {
    public let scanBytes: Int
    private let buffer: UnsafeMutableRawBufferPointer
    private var filled = 0
    /// Bytes of a scan cut off at the end of the stream (device gone mid-scan): reported, never decoded.
    public private(set) var partialBytes = 0

    /// `capacityScans`: how many scans one `fill` region holds.
    public init(scanBytes: Int, capacityScans: Int = 64) {
        precondition(scanBytes > 0)
        self.scanBytes = scanBytes
        buffer = .allocate(byteCount: scanBytes * max(1, capacityScans), alignment: 8)
    }

    deinit { buffer.deallocate() }

    /// Where the next read may write, and how much.
    public var freeSpace: UnsafeMutableRawBufferPointer { UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]) }

    /// `count` bytes were written into `freeSpace`: calls `body` for each whole scan, in order.
    @inline(__always)
    public func commit(_ count: Int, _ body: (UnsafeRawBufferPointer) -> Void) {
        filled += min(max(count, 0), buffer.count - filled)
        let whole = filled / scanBytes
        for i in 0..<whole {
            body(UnsafeRawBufferPointer(rebasing: buffer[(i * scanBytes)..<((i + 1) * scanBytes)]))
        }
        let rest = filled - whole * scanBytes
        if whole > 0 && rest > 0 { buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + whole * scanBytes, byteCount: rest) }
        filled = rest
        partialBytes = rest
    }

    /// Feeds bytes from elsewhere (tests, the fuzzer): the same path as a read.
    public func feed(_ bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let space = freeSpace
            let n = min(space.count, rest.count)
            space.baseAddress!.copyMemory(from: UnsafeRawBufferPointer(rebasing: rest).baseAddress!, byteCount: n)
            rest = rest.dropFirst(n)
            commit(n, body)
        }
    }
}
