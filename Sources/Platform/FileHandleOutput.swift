import Glibc

/// Direct writes to the standard descriptors: callers build whole lines (or whole outputs) first.
public enum FileHandleOutput {
    public static func stdout(_ s: String) { writeAll(1, s) }
    public static func stderr(_ s: String) { writeAll(2, s) }

    public static func writeAll(_ fd: Int32, _ s: String) {
        var s = s
        // Nowhere to say that stdout or stderr failed: what could not be written is dropped.
        _ = s.withUTF8 { buffer in try? writeFully(fd, UnsafeRawBufferPointer(buffer)) }
    }
}
