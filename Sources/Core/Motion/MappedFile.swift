import Glibc
import Platform

/// A whole trace file mapped read-only: traces are read in one sequential pass with no copies. Only regular files
/// up to `InputFile.Kind.trace`'s limit (a pipe or /dev/zero would be read into memory without end).
///
/// Another program may shorten or rewrite the file while it is read (`cp new.evemu trace.evemu` during an eval):
/// the pages past its new end would kill the process with SIGBUS. They read as zeros instead (`MappingGuard`), and
/// `withBytes` then throws "changed while it was read", as it does when the size or modification time moved.
public final class MappedFile: @unchecked Sendable {
    public let path: String
    private let base: UnsafeMutableRawPointer?
    private let count: Int
    private let fd: Int32
    private let opened: stat

    public init(path: String) throws {
        self.path = path
        do throws(FileError) { (fd, count) = try InputFile.open(path, as: .trace) } catch { throw TraceError(file: path, error.message) }
        var st = stat()
        fstat(fd, &st)
        opened = st
        if count == 0 {
            base = nil
            return
        }
        guard let p = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else {
            let e = errno
            close(fd)
            throw TraceError(file: path, "cannot map: \(errnoText(e))")
        }
        madvise(p, count, MADV_SEQUENTIAL)
        base = p
    }

    deinit {
        if let base { munmap(base, count) }
        close(fd)
    }

    /// The bytes, for one pass; throws `TraceError` when the file changed meanwhile (whatever `body` made of them).
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
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
        if fstat(fd, &st) == 0, st.st_size != opened.st_size || st.st_mtim.tv_sec != opened.st_mtim.tv_sec
            || st.st_mtim.tv_nsec != opened.st_mtim.tv_nsec {
            throw changed(st.st_size < opened.st_size ? "it was shortened" : "it was rewritten")
        }
        return try result.get()
    }

    private func changed(_ how: String) -> TraceError {
        TraceError(file: path, "changed while it was read (\(how) by another program): nothing of it was used; read it again once it is complete")
    }
}
