import Glibc

/// Whether a /dev node is the character device sysfs says it is. A node someone replaced (a directory, a FIFO, a
/// regular file, a link to /dev/zero or /dev/null) would otherwise be read as a stream that never blocks, never
/// ends, or ends at once.
public enum DeviceNode {
    /// Why `path` is not the character device `expected` ("MAJOR:MINOR", as sysfs `dev` reads; nil: any
    /// character device), or nil when it is. A node that does not exist is nil too: the caller looks for it.
    public static func problem(_ path: String, expected: String?) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        let type = st.st_mode & S_IFMT
        guard type == S_IFCHR else { return "\(InputFile.typeName(type)), not a character device" }
        let actual = number(st.st_rdev)
        if let expected, expected != actual { return "the character device \(actual), where sysfs says \(expected)" }
        return nil
    }

    /// Whether an opened descriptor is a character device (a node swapped after it was checked).
    public static func isCharacterDevice(_ descriptor: Descriptor) -> Bool {
        var st = stat()
        return fstat(descriptor.raw, &st) == 0 && st.st_mode & S_IFMT == S_IFCHR
    }

    /// glibc's encoding of a device number (gnu_dev_major/minor, macros Swift cannot import).
    static func number(_ dev: dev_t) -> String {
        let d = UInt64(dev)
        let major = (d >> 8) & 0xFFF | (d >> 32) & ~UInt64(0xFFF)
        let minor = d & 0xFF | (d >> 12) & ~UInt64(0xFF)
        return "\(major):\(minor)"
    }
}
