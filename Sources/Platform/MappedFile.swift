import Glibc

/// A whole file mapped read-only: traces are read in one sequential pass with no copies, dictionaries by binary
/// search touching a few pages. Only regular files up to the kind's limit (a pipe or /dev/zero would be read into
/// memory without end).
public final class MappedFile: @unchecked Sendable {
    public enum Access: Sendable { case sequential, random }

    public let path: String
    private let base: UnsafeMutableRawPointer?
    public let count: Int

    public init(path: String, as kind: InputFile.Kind, access: Access = .sequential) throws(FileError) {
        self.path = path
        let fd: Int32
        (fd, count) = try InputFile.open(path, as: kind)
        defer { close(fd) }
        if count == 0 {
            base = nil
            return
        }
        guard let p = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else {
            throw FileError(path, "cannot map: \(errnoText(errno))")
        }
        madvise(p, count, access == .sequential ? MADV_SEQUENTIAL : MADV_RANDOM)
        base = p
    }

    deinit { if let base { munmap(base, count) } }

    public func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }
}
