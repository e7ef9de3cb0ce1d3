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
        do throws(FileError) { try OutputFile.write(text, to: path) } catch {
            throw DeviceError(path: path, kind: .openFailed(errno: errno), error.message)
        }
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
    guard let bytes = try? InputFile.read(path, as: .settings) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
}
