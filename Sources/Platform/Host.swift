import Glibc

/// What evemu-record writes about the machine a recording was made on.
public enum Host {
    /// uname's release, e.g. "6.1.0-18-amd64"; nil when uname fails.
    public static func kernelRelease() -> String? {
        var u = utsname()
        guard uname(&u) == 0 else { return nil }
        return withUnsafeBytes(of: &u.release) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
    }

    /// The first line of /sys/class/dmi/id/modalias, newline kept; nil where there is none.
    public static func dmiModalias() -> String? {
        guard let f = fopen("/sys/class/dmi/id/modalias", "r") else { return nil }
        defer { fclose(f) }
        var line = [CChar](repeating: 0, count: 2048)
        guard fgets(&line, Int32(line.count), f) != nil else { return nil }
        return String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
