import Glibc

/// Appends to a log-like file (the progress archive): created 0600 if missing, never through a link, synced.
public enum AppendFile {
    public static func append(_ bytes: [UInt8], to path: String) throws(FileError) {
        let file: Descriptor
        do throws(SystemCallError) {
            file = try Descriptor.open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, mode: 0o600)
        } catch {
            throw FileError(path, error.errno == ELOOP ? "is a link, expected a file (remove the link)" : "cannot open: \(errnoText(error.errno))")
        }
        let fd = file.raw
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { throw FileError(path, "is not a regular file") }
        let failure = bytes.withUnsafeBytes { raw -> SystemCallError? in
            do throws(SystemCallError) { try writeFully(fd, raw) } catch { return error }
            return nil
        }
        if let failure {
            // A partial line would make the archive's last line unreadable: take it back.
            _ = ftruncate(fd, st.st_size)
            throw FileError(path, "cannot write: \(errnoText(failure.errno))")
        }
        guard fsync(fd) == 0 else { throw FileError(path, "cannot write: \(errnoText(errno))") }
    }
}
