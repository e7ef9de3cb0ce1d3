import Glibc

/// Reading files that users name: only regular files (a FIFO would block, /dev/zero never ends), and no larger
/// than a limit per kind of file, so no input can grow memory without bound. The limits are documented in the
/// README; every error names the file.
public enum InputFile {
    /// What kind of file, for messages ("a trace"), and its limit in bytes.
    public struct Kind: Sendable {
        public let name: String
        public let limit: Int
        public init(_ name: String, limit: Int) { self.name = name; self.limit = limit }

        public static let trace = Kind("a trace", limit: 1 << 30)
        public static let truth = Kind("a truth file", limit: 16 << 20)
        public static let deck = Kind("a deck file", limit: 1 << 20)
        public static let wordList = Kind("a forbidden-words list", limit: 1 << 20)
        public static let answers = Kind("an answers file", limit: 1 << 20)
        public static let settings = Kind("a settings file", limit: 1 << 20)
        public static let history = Kind("the round history", limit: 64 << 20)
        public static let lesson = Kind("a lesson.json", limit: 1 << 20)
        /// A ten-hour film's subtitles are well under 1 MiB.
        public static let transcript = Kind("a transcript (.vtt, .srt or .json)", limit: 16 << 20)
        public static let progress = Kind("the progress store", limit: 64 << 20)
        /// Sounds and lessons' audio: streamed, not loaded whole (1 TiB is "no limit").
        public static let sound = Kind("a sound file (WAV, FLAC or Ogg)", limit: 1 << 40)
    }

    /// Opens a regular file for reading and checks its size (never waits on a FIFO).
    public static func open(_ path: String, as kind: Kind) throws(FileError) -> (descriptor: Descriptor, size: Int) {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
        let file: Descriptor
        do throws(SystemCallError) { file = try Descriptor.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) } catch {
            throw FileError(path, "cannot open: \(errnoText(error.errno))")
        }
        var st = stat()
        guard fstat(file.raw, &st) == 0 else { throw FileError(path, "cannot read: \(errnoText(errno))") }
        let type = st.st_mode & S_IFMT
        guard type == S_IFREG else {
            throw FileError(path, "is \(typeName(type)), not a regular file: expected \(kind.name)")
        }
        let size = Int(st.st_size)
        guard size <= kind.limit else {
            throw FileError(path, "is \(sizeText(size)): \(kind.name) may be at most \(sizeText(kind.limit))")
        }
        _ = fcntl(file.raw, F_SETFL, fcntl(file.raw, F_GETFL) & ~O_NONBLOCK)
        return (file, size)
    }

    /// The whole file, if it is regular and within the limit (a file still growing is cut off at the limit + 1
    /// byte and refused).
    public static func read(_ path: String, as kind: Kind) throws(FileError) -> [UInt8] {
        let (file, size) = try open(path, as: kind)
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while true {
            do throws(SystemCallError) { count += try file.read(into: &bytes, from: count) } catch {
                throw FileError(path, "cannot read: \(errnoText(error.errno))")
            }
            // Short of the end of the buffer: the file ended. Full: it grew since it was measured.
            if count < bytes.count { break }
            guard bytes.count <= kind.limit else {
                throw FileError(path, "grew past \(sizeText(kind.limit)) while being read: \(kind.name) may be at most that")
            }
            bytes += [UInt8](repeating: 0, count: min(kind.limit + 1, bytes.count * 2) - bytes.count)
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// Like `read`, but a file that does not exist is nil (stores that start empty).
    public static func readIfPresent(_ path: String, as kind: Kind) throws(FileError) -> [UInt8]? {
        var st = stat()
        if lstat(path, &st) != 0 && errno == ENOENT { return nil }
        return try read(path, as: kind)
    }

    public static func sizeText(_ bytes: Int) -> String {
        if bytes >= 1 << 30 && bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
        if bytes >= 1 << 20 {
            let tenths = (bytes * 10) >> 20
            return bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes (\(tenths / 10).\(tenths % 10) MiB)"
        }
        return "\(bytes) bytes"
    }

    static func typeName(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO (pipe)"
        case S_IFSOCK: "a socket"
        default: "of an unknown type"
        }
    }
}
