import Glibc

/// A whole file mapped read-only: traces are read in one sequential pass with no copies.
public final class MappedFile: @unchecked Sendable {
    public let path: String
    private let base: UnsafeMutableRawPointer?
    private let count: Int
    private let mapped: Bool

    public init(path: String) throws {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw TraceError(file: path, "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw TraceError(file: path, "cannot stat: \(String(cString: strerror(errno)))") }
        guard (st.st_mode & S_IFMT) != S_IFDIR else { throw TraceError(file: path, "is a directory, expected a trace file") }
        if (st.st_mode & S_IFMT) == S_IFREG {
            count = Int(st.st_size)
            if count == 0 {
                base = nil
                mapped = false
                return
            }
            guard let p = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else {
                throw TraceError(file: path, "cannot map: \(String(cString: strerror(errno)))")
            }
            madvise(p, count, MADV_SEQUENTIAL)
            base = p
            mapped = true
        } else {
            // Pipes and character devices: read it all.
            var buffer = [UInt8]()
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n >= 0 else { throw TraceError(file: path, "cannot read: \(String(cString: strerror(errno)))") }
                if n == 0 { break }
                buffer.append(contentsOf: chunk[0..<n])
            }
            let n = buffer.count
            let p = UnsafeMutableRawPointer.allocate(byteCount: max(1, n), alignment: 16)
            buffer.withUnsafeBytes { if n > 0 { p.copyMemory(from: $0.baseAddress!, byteCount: n) } }
            count = n
            base = p
            mapped = false
        }
    }

    deinit {
        if mapped { munmap(base, count) } else { base?.deallocate() }
    }

    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }
}
