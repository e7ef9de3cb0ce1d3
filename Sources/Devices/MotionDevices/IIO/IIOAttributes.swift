import Glibc
import Platform

/// The attribute files of one IIO device folder (`/sys/bus/iio/devices/iio:deviceN`). sysfs text is short: one
/// read of at most a page, the trailing newline dropped.
struct IIOAttributes: Sendable {
    let folder: String

    func path(_ name: String) -> String { folder + "/" + name }

    func read(_ name: String) -> String? { IIOAttributes.readFile(path(name)) }

    func exists(_ name: String) -> Bool { access(path(name), F_OK) == 0 }

    /// Writes `value` and a newline, as `echo` does (an empty value, "\n", clears `current_trigger`); returns the
    /// errno when the write fails (EACCES: not ours to change; EINVAL, EBUSY: the driver refused it). O_TRUNC is
    /// a no-op on sysfs and keeps an emulated attribute file from keeping the tail of a longer old value.
    @discardableResult
    func write(_ name: String, _ value: String) -> Int32? {
        let file: Descriptor
        do throws(SystemCallError) { file = try Descriptor.open(path(name), O_WRONLY | O_TRUNC | O_CLOEXEC) } catch { return error.errno }
        let bytes = Array((value + "\n").utf8)
        let n = bytes.withUnsafeBytes { Glibc.write(file.raw, $0.baseAddress, $0.count) }
        if n < 0 { return errno }
        return n == bytes.count ? nil : EIO
    }

    /// Names in a subfolder (`scan_elements`), sorted; empty when it is missing.
    func names(in sub: String) -> [String] {
        (directoryNames(path(sub)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    static func readFile(_ path: String) -> String? {
        guard let file = try? Descriptor.open(path, O_RDONLY | O_CLOEXEC) else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { Glibc.read(file.raw, $0.baseAddress, $0.count) }
        guard n >= 0 else { return nil }
        var text = String(decoding: buffer[0..<n], as: UTF8.self)
        while let last = text.last, last == "\n" || last == "\0" { text.removeLast() }
        return text
    }
}
