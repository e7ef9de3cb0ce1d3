import Motion
import Glibc
import Platform

/// Per-device `--axes` overrides, remembered in `$XDG_CONFIG_HOME/kape/axes.conf` (default `~/.config/kape`).
/// One line per device model: `<map><TAB><bus>:<vendor>:<product>:<name>`. Written atomically (temp file,
/// fsync, rename), so a crash leaves the old file or the new one, never half of one.
public struct AxisConfigStore: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// The default location from the environment.
    public static func standard() -> AxisConfigStore {
        let env = { (k: String) -> String? in getenv(k).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        let dir = env("XDG_CONFIG_HOME") ?? ((env("HOME") ?? "/tmp") + "/.config")
        return AxisConfigStore(path: dir + "/kape/axes.conf")
    }

    /// All remembered overrides; a missing file is empty, unreadable lines are skipped.
    public func load() -> [String: AxisMap] {
        guard let text = readWholeFile(path) else { return [:] }
        var out: [String: AxisMap] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            guard parts.count == 2, let map = try? AxisMap(parsing: String(parts[0])) else { continue }
            out[String(parts[1])] = map
        }
        return out
    }

    public func override(for key: String) -> AxisMap? { load()[key] }

    /// Remembers `map` for `key` (nil forgets it).
    public func save(_ map: AxisMap?, for key: String) throws(DeviceError) {
        var all = load()
        all[key] = map
        var text = "# kape axis overrides: <canonical x,y,z from kernel axes>\t<bus>:<vendor>:<product>:<device name>\n"
        for k in all.keys.sorted() { text += "\(all[k]!)\t\(k)\n" }
        try writeAtomically(text)
    }

    private func writeAtomically(_ text: String) throws(DeviceError) {
        let dir = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        try makeDirectories(dir)
        let temp = "\(path).tmp.\(getpid())"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw fail(temp, "cannot create") }
        var ok = true
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { ok = false; break }
            offset += n
        }
        ok = ok && fsync(fd) == 0
        close(fd)
        guard ok, rename(temp, path) == 0 else {
            let e = fail(temp, "cannot write")
            unlink(temp)
            throw e
        }
        let dfd = open(dir.isEmpty ? "." : dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { fsync(dfd); close(dfd) }
        bytes.removeAll()
    }

    private func makeDirectories(_ dir: String) throws(DeviceError) {
        var current = dir.hasPrefix("/") ? "" : "."
        for part in dir.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o755) != 0 && errno != EEXIST { throw fail(current, "cannot create the directory") }
        }
    }

    private func fail(_ p: String, _ what: String) -> DeviceError {
        DeviceError(path: p, kind: .openFailed(errno: errno), "\(what): \(errnoText(errno))")
    }
}

func readWholeFile(_ path: String) -> String? {
    guard let f = fopen(path, "r") else { return nil }
    defer { fclose(f) }
    var out = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&chunk, 1, chunk.count, f)
        if n <= 0 { break }
        out += chunk[0..<n]
    }
    return String(decoding: out, as: UTF8.self)
}
