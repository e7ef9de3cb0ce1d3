import Glibc

/// What sysfs says about /dev/input/eventN. Readable by anyone, so it describes nodes we may not open.
struct SysfsInput {
    let base: String

    init(eventNode path: String) {
        let node = path.split(separator: "/").last.map(String.init) ?? path
        base = "/sys/class/input/\(node)/device"
    }

    func attribute(_ name: String) -> String? {
        guard var text = readWholeFile(base + "/" + name) else { return nil }
        while let last = text.last, last == "\n" || last == "\0" { text.removeLast() }
        return text
    }

    var name: String? { attribute("name") }
    var uniq: String? { attribute("uniq") }
    func id(_ field: String) -> UInt16? { attribute("id/" + field).flatMap { UInt16($0, radix: 16) } }

    /// Whether the node is a motion node by the same rule as an opened one; nil when sysfs cannot tell.
    var isMotion: Bool? {
        guard let props = attribute("properties"), let abs = attribute("capabilities/abs") else { return nil }
        if lowWord(props) & (1 << 6) != 0 { return true }
        let keys = attribute("capabilities/key") ?? "0"
        let hasKeys = keys.split(separator: " ").contains { UInt64($0, radix: 16) ?? 0 != 0 }
        return lowWord(abs) & 7 == 7 && !hasKeys
    }

    /// sysfs bitmaps are space-separated hex words, most significant first.
    private func lowWord(_ text: String) -> UInt64 {
        text.split(separator: " ").last.flatMap { UInt64($0, radix: 16) } ?? 0
    }
}
