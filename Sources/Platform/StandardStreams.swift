import Glibc

/// What a process may have been started without.
public enum StandardStreams {
    /// Opens /dev/null on any of descriptors 0–2 that is closed (`kape … <&-`). Otherwise the next file or pipe
    /// Kape opens gets that number, and its own wake-up pipe would be read as the player's keys. Call first thing.
    public static func ensureOpen() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            // The lowest free descriptor is this one; anything else means /dev/null is gone: leave it.
            if opened >= 0 && opened != fd { close(opened) }
        }
    }

    /// A file-size limit (`ulimit -f`) then fails the write with EFBIG, which is reported and leaves no partial
    /// file, instead of killing the process mid-write with its temporary file left behind.
    public static func ignoreFileSizeSignal() {
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Runs `body` with descriptor 2 pointed at a temporary file and returns what was written to it (up to 64 KiB):
    /// for libraries that print to stderr themselves (libpulse's "Failed to create secure directory …" under an
    /// unwritable home), so Kape can say it once in its own words. Any other thread's message written meanwhile is
    /// in the text too: the caller passes on what it does not recognise.
    public static func capturingStandardError<T>(_ body: () -> T) -> (T, String) {
        fflush(nil)  // every stdio stream, stderr among them
        guard let file = tmpfile() else { return (body(), "") }
        defer { fclose(file) }
        let saved = dup(2)
        guard saved >= 0, dup2(fileno(file), 2) >= 0 else {
            if saved >= 0 { close(saved) }
            return (body(), "")
        }
        defer { close(saved) }
        let result = body()
        fflush(nil)  // every stdio stream, stderr among them
        dup2(saved, 2)
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        let n = pread(fileno(file), &bytes, bytes.count, 0)
        return (result, n > 0 ? String(decoding: bytes.prefix(n), as: UTF8.self) : "")
    }
}
