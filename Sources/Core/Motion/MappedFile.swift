import Glibc
import Platform

/// A whole trace file mapped read-only: traces are read in one sequential pass with no copies. Only regular files
/// up to `InputFile.Kind.trace`'s limit (a pipe or /dev/zero would be read into memory without end).
public final class MappedFile: @unchecked Sendable {
    public let path: String
    private let base: UnsafeMutableRawPointer?
    private let count: Int

    public init(path: String) throws {
        self.path = path
        let fd: Int32
        do throws(FileError) { (fd, count) = try InputFile.open(path, as: .trace) } catch { throw TraceError(file: path, error.message) }
        defer { close(fd) }
        if count == 0 {
            base = nil
            return
        }
        guard let p = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else {
            throw TraceError(file: path, "cannot map: \(errnoText(errno))")
        }
        madvise(p, count, MADV_SEQUENTIAL)
        base = p
    }

    deinit { if let base { munmap(base, count) } }

    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }
}
