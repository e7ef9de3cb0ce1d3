import Glibc

/// A whole file mapped read-only: traces are read in one sequential pass with no copies, dictionaries by binary
/// search touching a few pages. Only regular files up to the kind's limit (a pipe or /dev/zero would be read into
/// memory without end).
///
/// Another program may shorten or rewrite the file while it is read (`cp new.evemu trace.evemu` during an eval):
/// the pages past its new end would kill the process with SIGBUS. In `withCheckedBytes` they read as zeros instead
/// (`MappingGuard`), and it then throws "changed while it was read", as it does when the size or modification time
/// moved.
public final class MappedFile: @unchecked Sendable {
    public enum Access: Sendable { case sequential, random }

    public let path: String
    private let base: UnsafeMutableRawPointer?
    public let count: Int
    private let descriptor: Descriptor
    private let opened: stat

    public init(path: String, as kind: InputFile.Kind, access: Access = .sequential) throws(FileError) {
        self.path = path
        (descriptor, count) = try InputFile.open(path, as: kind)
        let fd = descriptor.raw
        var st = stat()
        fstat(fd, &st)
        opened = st
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

    /// The bytes as they are (a dictionary's few pages per lookup).
    public func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// The bytes for one pass, guarded against the file being shortened meanwhile; throws `FileError` when it
    /// changed (whatever `body` made of them).
    public func withCheckedBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        guard let base else { return try check(body(UnsafeRawBufferPointer(start: nil, count: 0))) }
        let guarded = MappingGuard(base: base, count: count)
        let result: Result<R, any Error>
        do { result = .success(try body(UnsafeRawBufferPointer(start: base, count: count))) } catch { result = .failure(error) }
        if guarded.release() { throw changed("it was shortened") }
        return try check(result.get())
    }

    private func check<R>(_ value: @autoclosure () throws -> R) throws -> R {
        let result = Result { try value() }
        var st = stat()
        if fstat(descriptor.raw, &st) == 0, st.st_size != opened.st_size || st.st_mtim.tv_sec != opened.st_mtim.tv_sec
            || st.st_mtim.tv_nsec != opened.st_mtim.tv_nsec {
            throw changed(st.st_size < opened.st_size ? "it was shortened" : "it was rewritten")
        }
        return try result.get()
    }

    private func changed(_ how: String) -> FileError {
        FileError(path, "changed while it was read (\(how) by another program): nothing of it was used; read it again once it is complete")
    }
}
