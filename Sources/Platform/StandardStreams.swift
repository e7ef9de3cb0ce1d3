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
}
