import Glibc

/// Appends to a log-like file (the progress archive): created 0600 if missing, never through a link, synced.
public enum AppendFile {
    public static func append(_ bytes: [UInt8], to path: String) throws(FileError) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o600)
        guard fd >= 0 else {
            throw FileError(path, errno == ELOOP ? "is a link, expected a file (remove the link)" : "cannot open: \(errnoText(errno))")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { throw FileError(path, "is not a regular file") }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let e = n < 0 ? errno : ENOSPC
                // A partial line would make the archive's last line unreadable: take it back.
                _ = ftruncate(fd, st.st_size)
                throw FileError(path, "cannot write: \(errnoText(e))")
            }
            offset += n
        }
        guard fsync(fd) == 0 else { throw FileError(path, "cannot write: \(errnoText(errno))") }
    }
}
