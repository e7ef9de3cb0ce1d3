import Glibc

/// Direct writes to the standard descriptors: callers build whole lines (or whole outputs) first.
public enum FileHandleOutput {
    public static func stdout(_ s: String) { writeAll(1, s) }
    public static func stderr(_ s: String) { writeAll(2, s) }

    public static func writeAll(_ fd: Int32, _ s: String) {
        var s = s
        s.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }
}
