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

    /// The device the input device hangs off (for hid-wiimote, the remote's HID device), as a canonical sysfs path:
    /// every node one driver makes for one device shares it. nil when sysfs cannot say.
    var parentDevice: String? {
        guard let resolved = realpath(base, nil) else { return nil }
        defer { free(resolved) }
        var parts = String(cString: resolved).split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count > 2, parts.last?.hasPrefix("input") == true else { return nil }
        parts.removeLast()
        if parts.last == "input" { parts.removeLast() }  // the class's glue directory
        return "/" + parts.joined(separator: "/")
    }
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
