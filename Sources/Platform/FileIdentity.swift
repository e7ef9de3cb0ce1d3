import Glibc

/// A file as the kernel knows it (device and inode): two names for one file, through hard links, symbolic links
/// or `./`, have the same identity.
public struct FileIdentity: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    /// The file `path` names (links followed); nil when there is none.
    public init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
    }

    /// Refuses a command whose output would overwrite one of its inputs, or whose outputs name one file twice.
    /// Outputs that do not exist yet are compared by name; the error is a usage error (exit 2).
    public static func refuseOverlap(outputs: [(option: String, path: String)], inputs: [String]) throws(FileError) {
        var seen: [(option: String, path: String, id: FileIdentity?)] = []
        let inputIDs = inputs.map { ($0, FileIdentity(path: $0)) }
        for out in outputs {
            let id = FileIdentity(path: out.path)
            if let id, let input = inputIDs.first(where: { $0.1 == id }) {
                let same = input.0 == out.path ? "" : " (\(input.0))"
                throw FileError(out.path, "\(out.option) is the same file as an input\(same): refusing to overwrite it", usage: true)
            }
            if let other = seen.first(where: { id != nil ? $0.id == id : $0.id == nil && lexical($0.path) == lexical(out.path) }) {
                throw FileError(out.path, "\(out.option) and \(other.option) name the same file: give each output its own name", usage: true)
            }
            seen.append((out.option, out.path, id))
        }
    }

    /// `./a//b` and `a/b` are one name.
    private static func lexical(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/").filter { $0 != "." }
        return (absolute ? "/" : "") + parts.joined(separator: "/")
    }
}

extension FileIdentity {
    /// Device, inode, size, modification and change times (ns): a file's version, for caches that must notice any
    /// change; nil when it cannot be looked at.
    public static func version(of path: String) -> [Int64]? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return [Int64(st.st_dev), Int64(st.st_ino), Int64(st.st_size),
                Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec),
                Int64(st.st_ctim.tv_sec) * 1_000_000_000 + Int64(st.st_ctim.tv_nsec)]
    }

    /// Whether anything is at `path` (a link that leads nowhere counts as nothing).
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
}
