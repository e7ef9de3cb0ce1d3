#if canImport(Glibc)
import Glibc
#endif

/// inotify on /dev/input: nodes created (plugged), deleted (unplugged) or changed (udev setting permissions).
final class HotplugWatch {
    enum Change { case created(String), deleted(String), attributes(String) }

    let fd: Int32
    private let directory: String
    private var buffer = [UInt8](repeating: 0, count: 4096)

    init?(directory: String) {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        self.directory = directory
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_ATTRIB | IN_MOVED_TO | IN_MOVED_FROM)
        guard inotify_add_watch(fd, directory, mask) >= 0 else {
            close(fd)
            return nil
        }
    }

    deinit { close(fd) }

    /// Everything queued now; event nodes only.
    func changes() -> [Change] {
        var out: [Change] = []
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n <= 0 { return out }
            var offset = 0
            buffer.withUnsafeBytes { raw in
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= n {
                    let ev = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameBytes = raw[(offset + header)..<(offset + header + Int(ev.len))]
                    let name = String(decoding: nameBytes.prefix(while: { $0 != 0 }), as: UTF8.self)
                    offset += header + Int(ev.len)
                    guard name.hasPrefix("event") else { continue }
                    let path = directory + "/" + name
                    if ev.mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                        out.append(.deleted(path))
                    } else if ev.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                        out.append(.created(path))
                    } else if ev.mask & UInt32(IN_ATTRIB) != 0 {
                        out.append(.attributes(path))
                    }
                }
            }
        }
    }
}
