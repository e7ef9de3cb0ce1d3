import Glibc
import Platform

/// inotify on /dev/input (or /dev for IIO nodes, `prefix` "iio:device"): nodes created (plugged), deleted (unplugged) or changed (udev setting permissions).
/// The directory itself may vanish with its last node (it does under umockdev, and /dev/input can be absent
/// on a machine with no input devices at all), so its parent is watched too and the watch re-made when it
/// comes back, reporting the nodes already in it as created.
final class HotplugWatch {
    typealias Change = LiveSession.Change

    let descriptor: Descriptor
    var fd: Int32 { descriptor.raw }
    private let directory: String
    private let directoryName: String
    private let prefix: String
    /// inotify watch descriptors; nil while the directory (or its parent) is not watched.
    private var directoryWatch: Int32?
    private var parentWatch: Int32?
    private var buffer = [UInt8](repeating: 0, count: 4096)
    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_ATTRIB | IN_MOVED_TO | IN_MOVED_FROM)

    init?(directory: String, prefix: String = "event") {
        self.prefix = prefix
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        descriptor = Descriptor(owning: fd)
        self.directory = directory
        let slash = directory.lastIndex(of: "/") ?? directory.startIndex
        directoryName = String(directory[directory.index(after: slash)...])
        let parent = slash == directory.startIndex ? "/" : String(directory[..<slash])
        parentWatch = Self.watch(fd, parent, UInt32(IN_CREATE | IN_MOVED_TO))
        directoryWatch = Self.watch(fd, directory, Self.mask)
        guard parentWatch != nil || directoryWatch != nil else { return nil }
    }

    private static func watch(_ fd: Int32, _ path: String, _ mask: UInt32) -> Int32? {
        let wd = inotify_add_watch(fd, path, mask)
        return wd >= 0 ? wd : nil
    }

    /// Everything queued now; event nodes only.
    func changes() -> [Change] {
        var out: [Change] = []
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n <= 0 { return out }
            var raw: [(wd: Int32, mask: UInt32, name: String)] = []
            buffer.withUnsafeBytes { bytes in
                let header = MemoryLayout<inotify_event>.size
                var offset = 0
                while offset + header <= n {
                    let ev = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameBytes = bytes[(offset + header)..<(offset + header + Int(ev.len))]
                    raw.append((ev.wd, ev.mask, String(decoding: nameBytes.prefix(while: { $0 != 0 }), as: UTF8.self)))
                    offset += header + Int(ev.len)
                }
            }
            for ev in raw { out += interpret(ev.wd, ev.mask, ev.name) }
        }
    }

    private func interpret(_ wd: Int32, _ mask: UInt32, _ name: String) -> [Change] {
        if wd == parentWatch && wd != directoryWatch {
            guard name == directoryName, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 else { return [] }
            directoryWatch = Self.watch(fd, directory, Self.mask)
            let nodes = (directoryNames(directory) ?? []).filter { $0.hasPrefix(prefix) }.sorted()
            return prefix == "event" ? DeviceDiscovery.eventNodes(in: directory).map { .created($0) } : nodes.map { .created(directory + "/" + $0) }
        }
        if mask & UInt32(IN_IGNORED) != 0 {
            if wd == directoryWatch { directoryWatch = nil }
            return []
        }
        guard wd == directoryWatch, name.hasPrefix(prefix) else { return [] }
        let path = directory + "/" + name
        if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 { return [.deleted(path)] }
        if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { return [.created(path)] }
        if mask & UInt32(IN_ATTRIB) != 0 { return [.attributes(path)] }
        return []
    }
}
