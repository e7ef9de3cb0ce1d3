import Glibc

/// Writes a file through one large buffer, atomically: the bytes go to a temporary file beside the target,
/// which replaces the target only on `commit()`. A failed or abandoned conversion never leaves half a trace
/// where a good one was, and a one-hour trace (220 MB) costs a few hundred write calls, not millions.
public final class BufferedFileWriter {
    public let path: String
    /// Bytes not yet written. Formatters append here directly; call `flushIfFull()` after each record.
    public var buffer: [UInt8] = []
    private let capacity: Int
    private let tempPath: String
    private var fd: Int32
    private var committed = false

    public init(path: String, capacity: Int = 1 << 20) throws {
        self.path = path
        self.capacity = capacity
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[...$0]) } ?? ""
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((dir + "." + base + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw TraceError(file: path, "cannot create a temporary file beside it: \(String(cString: strerror(errno)))") }
        // mkstemp creates 0600; a trace is an ordinary document.
        fchmod(fd, 0o644)
        self.fd = fd
        self.tempPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        buffer.reserveCapacity(capacity + 4096)
    }

    deinit {
        if !committed {
            if fd >= 0 { close(fd) }
            unlink(tempPath)
        }
    }

    public func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        try flushIfFull()
    }

    @inline(__always)
    public func flushIfFull() throws {
        if buffer.count >= capacity { try flush() }
    }

    public func flush() throws {
        try buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw TraceError(file: path, "cannot write: \(String(cString: strerror(errno)))") }
                offset += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left and moves the file into place. Without this the target is left untouched.
    public func commit() throws {
        try flush()
        guard close(fd) == 0 else {
            fd = -1
            throw TraceError(file: path, "cannot close: \(String(cString: strerror(errno)))")
        }
        fd = -1
        guard rename(tempPath, path) == 0 else { throw TraceError(file: path, "cannot replace: \(String(cString: strerror(errno)))") }
        committed = true
    }
}
