import CLinux
import CSignalSafe
import Glibc

/// A file being written so that nothing is lost: either a temporary file created exclusively beside the target
/// and renamed over it by `commit()` (after fsync), so a failure or a kill leaves the old file; or a new file with
/// a unique name (`newIn`), for fallbacks in shared folders such as $TMPDIR. Neither is ever opened through a
/// link someone planted: both are created with O_EXCL. Not committed means removed.
///
/// A target that is a pipe or a character device (`/dev/null`, `>(gzip > f)`) is written straight into: it
/// cannot be replaced and must not be (as root, renaming over /dev/null would break the system). A terminal, a
/// block device or a socket is refused.
public final class OutputFile {
    /// The name the file has once committed.
    public let path: String
    /// Open for writing until `commit()` or `discard()` (libsndfile writers take its `raw` through `sf_open_fd`,
    /// without closing it).
    public let descriptor: Descriptor
    private let temp: String?
    /// Written straight into a pipe or a device: nothing to rename, and nothing to remove on failure (nor to seek in).
    public let direct: Bool
    private var done = false
    /// The temporary file's slot in the list SIGINT/SIGTERM/SIGHUP clean up.
    private var cleanupSlot: Int32?
    private var keptOnCrash = false

    /// A temporary file beside `path`; `commit()` moves it into place.
    public init(replacing path: String) throws(FileError) {
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[...$0]) } ?? ""
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !base.isEmpty else { throw FileError(path, "names a folder, expected a file name") }
        var st = stat()
        if stat(path, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw FileError(path, "is a directory, expected a file name")
            case S_IFIFO, S_IFCHR:
                self.path = path
                descriptor = try Self.openDirect(path)
                temp = nil
                direct = true
                return
            default: throw FileError(path, "is a block device or a socket, expected a file, a pipe or /dev/null")
            }
        }
        let (file, name, slot) = try Self.createRegistered(dir + "." + base + ".tmp-", for: path)
        // Created 0600: give the file the target's mode (never world-writable), or what a new file gets.
        let mode = stat(path, &st) == 0 ? st.st_mode & 0o7775 : Self.defaultMode
        fchmod(file.raw, mode)
        self.path = path
        descriptor = file
        temp = name
        direct = false
        cleanupSlot = slot
    }

    /// A new temporary file `prefixXXXXXX`, its name registered for removal on a quit signal *before* it exists:
    /// a signal between creating and registering it would leave it behind (mkostemps picks the name only as it
    /// creates the file). Exclusive, never through a link, 0600.
    private static func createRegistered(_ prefix: String, for path: String) throws(FileError) -> (Descriptor, String, Int32?) {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var random = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let name = prefix + String(decoding: (0..<6).map { _ in letters[Int(random.next() % UInt64(letters.count))] }, as: UTF8.self)
            let slot = kape_cleanup_register(name)
            do throws(SystemCallError) {
                let file = try Descriptor.open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode: 0o600)
                return (file, name, slot >= 0 ? slot : nil)
            } catch {
                kape_cleanup_release(slot)
                if error.errno != EEXIST { throw FileError(path, "cannot create a file there: \(errnoText(error.errno))") }
            }
        }
        throw FileError(path, "cannot create a file there: 100 temporary names taken")
    }

    /// From now on SIGINT, SIGTERM and SIGHUP remove every temporary file not yet committed before they end the
    /// process (commands that handle these signals themselves replace this, and finish or discard their files).
    public static func removeTemporariesOnQuitSignals() { kape_cleanup_install() }

    /// Opens an existing pipe or character device for writing. Non-blocking open: a pipe no one reads is an error,
    /// not a hang.
    private static func openDirect(_ path: String) throws(FileError) -> Descriptor {
        let file: Descriptor
        do throws(SystemCallError) { file = try Descriptor.open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) } catch {
            throw FileError(path, error.errno == ENXIO ? "is a pipe no one is reading from" : "cannot write: \(errnoText(error.errno))")
        }
        guard isatty(file.raw) == 0 else { throw FileError(path, "is a terminal, expected a file, a pipe or /dev/null") }
        _ = fcntl(file.raw, F_SETFL, fcntl(file.raw, F_GETFL) & ~O_NONBLOCK)
        return file
    }

    /// A new file `directory/prefixXXXXXX suffix` with a name no one else has (0600); `path` says which.
    public init(newIn directory: String, prefix: String, suffix: String) throws(FileError) {
        let dir = directory.hasSuffix("/") ? directory : directory + "/"
        let (file, name) = try Self.create(dir + prefix, suffix: suffix, for: dir + prefix + "XXXXXX" + suffix)
        path = name
        descriptor = file
        temp = nil
        direct = false
    }

    deinit { discard() }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
        do throws(SystemCallError) { try writeFully(descriptor.raw, bytes) } catch {
            throw FileError(path, "cannot write: \(errnoText(error.errno))")
        }
    }

    public func write(_ bytes: [UInt8]) throws(FileError) {
        let failure = bytes.withUnsafeBytes { raw -> FileError? in
            do throws(FileError) { try write(raw) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// If the process crashes before `commit()` or `discard()`, what was written so far is moved over the target
    /// instead of being left in a hidden temporary file (a recording's first minutes are worth keeping). One file
    /// at a time, the last one asked for.
    public func keepIfTheProcessCrashes() {
        guard let temp, !direct, !done else { return }
        keptOnCrash = kape_keep_on_crash(temp, path) == 0
    }

    private func releaseCrashKeep() {
        if keptOnCrash { kape_keep_on_crash_release() }
        keptOnCrash = false
    }

    /// Syncs and closes the file, and for `replacing` moves it over the target (and syncs the folder).
    public func commit() throws(FileError) {
        guard !done else { return }
        done = true
        releaseCrashKeep()
        let synced = fsync(descriptor.raw) == 0 || errno == EINVAL
        let syncErrno = errno
        var closeErrno: Int32 = 0
        do throws(SystemCallError) { try descriptor.close() } catch { closeErrno = error.errno }
        guard synced, closeErrno == 0 else {
            if let temp, !direct { unlink(temp) }
            releaseCleanupSlot()
            throw FileError(path, "cannot write: \(errnoText(synced ? closeErrno : syncErrno))")
        }
        guard let temp else { return }
        defer { releaseCleanupSlot() }
        guard rename(temp, path) == 0 else {
            let e = errno
            unlink(temp)
            throw FileError(path, "cannot replace: \(errnoText(e))")
        }
        let dir = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "."
        if let folder = try? Descriptor.open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) { _ = fsync(folder.raw) }
    }

    private func releaseCleanupSlot() {
        if let cleanupSlot { kape_cleanup_release(cleanupSlot) }
        cleanupSlot = nil
    }

    /// Gives up: the temporary file is removed and the target left as it was (a `newIn` file is removed too).
    public func discard() {
        guard !done else { return }
        done = true
        releaseCrashKeep()
        try? descriptor.close()
        if !direct { unlink(temp ?? path) }
        releaseCleanupSlot()
    }

    /// Writes `bytes` to `path` all or nothing.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        let file = try OutputFile(replacing: path)
        try file.write(bytes)
        try file.commit()
    }

    public static func write(_ text: String, to path: String) throws(FileError) {
        try write(Array(text.utf8), to: path)
    }

    /// A new file is 0644 less what the umask takes away: user data is never group- or world-writable, even
    /// under umask 000 (0666 let anyone on the machine rewrite the progress store).
    public static var defaultMode: mode_t { 0o644 & ~currentUmask }

    /// Removes the temporary files `OutputFile(replacing: path)` leaves when its process is killed (`.NAME.tmp-XXXXXX`).
    /// Only for a caller that knows no one else is writing `path` now (the progress store, under its lock), or
    /// with `olderThan` seconds for a file written without a lock (a live writer's file is younger).
    public static func removeTemporaries(of path: String, olderThan age: Int? = nil) {
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[...$0]) } ?? "./"
        let prefix = "." + (slash.map { String(path[path.index(after: $0)...]) } ?? path) + ".tmp-"
        for name in directoryNames(dir) ?? [] where name.hasPrefix(prefix) && name.utf8.count == prefix.utf8.count + 6 {
            guard name.utf8.suffix(6).allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) }) else { continue }
            var st = stat()
            guard lstat(dir + name, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { continue }
            if let age, Int(st.st_mtim.tv_sec) > time(nil) - age { continue }
            unlink(dir + name)
        }
    }

    private static func create(_ prefix: String, suffix: String, for path: String) throws(FileError) -> (Descriptor, String) {
        var template = Array((prefix + "XXXXXX" + suffix).utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkostemps($0.baseAddress!, Int32(suffix.utf8.count), O_CLOEXEC) }
        guard fd >= 0 else { throw FileError(path, "cannot create a file there: \(errnoText(errno))") }
        return (Descriptor(owning: fd), String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}
