import Motion
#if canImport(Glibc)
import Glibc
#endif

/// Where `kape record` puts what the device sent. An adapter over the project's evemu writer: until that writer
/// is merged, `EvemuRecordWriter` below writes the format itself.
public protocol TraceRecording: AnyObject {
    /// The device description, before any event.
    func begin(device: MotionDeviceInfo) throws(DeviceError)
    /// One kernel event, exactly as read.
    func write(_ event: InputEvent) throws(DeviceError)
    /// Pushes buffered lines to the file (called once per poll wake-up, so an interrupted run loses nothing).
    func flush() throws(DeviceError)
    /// Flushes, syncs and closes: the file is complete.
    func finish() throws(DeviceError)
}

/// The file `evemu-record` writes: `# EVEMU 1.3`, the N/I/P/B/A description, then one
/// `E: <sec>.<usec, 6 digits> <type %04x> <code %04x> <value %04d>` line per event with a comment, times made
/// relative to the first event (which is at 0.000001, as evemu-record does).
final class EvemuRecordWriter: TraceRecording {
    private let path: String
    private var fd: Int32 = -1
    private var pending: [UInt8] = []
    private var offset: Int64?
    private var lastReport: Int64?

    init(path: String) { self.path = path }

    deinit { if fd >= 0 { close(fd) } }

    func begin(device d: MotionDeviceInfo) throws(DeviceError) {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw DeviceError(path: path, kind: .openFailed(errno: errno), "cannot create the recording: \(errnoText(errno))") }
        var h = "# EVEMU 1.3\n"
        h += "# Input device name: \"\(d.name)\"\n"
        h += "# Input device ID: bus 0x\(hex(d.bus)) vendor 0x\(hex(d.vendor)) product 0x\(hex(d.product)) version 0x\(hex(d.version))\n"
        h += "# Recorded by kape record\n"
        h += "N: \(d.name)\n"
        h += "I: \(hex4(d.bus)) \(hex4(d.vendor)) \(hex4(d.product)) \(hex4(d.version))\n"
        h += "P: " + d.properties.prefix(8).map(hex2).joined(separator: " ") + "\n"
        for type in d.eventBits.keys.sorted() {
            let bytes = d.eventBits[type]!
            for start in stride(from: 0, to: bytes.count, by: 8) {
                h += "B: \(hex2(UInt8(type))) " + bytes[start..<min(start + 8, bytes.count)].map(hex2).joined(separator: " ") + "\n"
            }
        }
        for (code, axis) in d.axes.enumerated() {
            guard let a = axis else { continue }
            h += "A: \(hex2(UInt8(code))) \(a.minimum) \(a.maximum) \(a.fuzz) \(a.flat) \(a.resolution)\n"
        }
        pending += h.utf8
        try flush()
    }

    func write(_ e: InputEvent) throws(DeviceError) {
        let base = offset ?? (e.micros - 1)
        offset = base
        let t = max(0, e.micros - base)
        var line = "E: \(t / 1_000_000).\(pad6(t % 1_000_000)) \(hex4(e.type)) \(hex4(e.code)) \(pad4(e.value))\t"
        line += comment(e)
        line += "\n"
        pending += line.utf8
        if pending.count > 1 << 16 { try flush() }
    }

    func flush() throws(DeviceError) {
        guard fd >= 0, !pending.isEmpty else { return }
        var written = 0
        while written < pending.count {
            let n = pending.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw DeviceError(path: path, kind: .openFailed(errno: errno), "cannot write the recording: \(errnoText(errno))") }
            written += n
        }
        pending.removeAll(keepingCapacity: true)
    }

    func finish() throws(DeviceError) {
        try flush()
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
        fd = -1
    }

    private func comment(_ e: InputEvent) -> String {
        switch (e.type, e.code) {
        case (EV.syn, EV.synReport):
            let gap = lastReport.map { " +\(( e.micros - $0) / 1000)ms" } ?? ""
            lastReport = e.micros
            return "# ------------ SYN_REPORT (0) ----------" + gap
        case (EV.syn, EV.synDropped): return "# ------------ SYN_DROPPED (3) ----------"
        case (EV.abs, 0..<6): return "# EV_ABS / \(["ABS_X", "ABS_Y", "ABS_Z", "ABS_RX", "ABS_RY", "ABS_RZ"][Int(e.code)]) \(e.value)"
        case (EV.msc, EV.mscTimestamp): return "# EV_MSC / MSC_TIMESTAMP \(e.value)"
        default: return "# type \(e.type) code \(e.code) \(e.value)"
        }
    }
}

private func hex(_ v: UInt16) -> String { String(v, radix: 16) }
private func hex2(_ v: UInt8) -> String { v < 16 ? "0" + String(v, radix: 16) : String(v, radix: 16) }
private func pad6(_ v: Int64) -> String { let s = String(v); return String(repeating: "0", count: 6 - s.count) + s }
/// printf's `%04d`: at least four characters, zero-padded after the sign.
private func pad4(_ v: Int32) -> String {
    let digits = String(v.magnitude)
    let width = v < 0 ? 3 : 4
    return (v < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
}

public enum TraceRecorders {
    /// The evemu writer for `path`.
    public static func evemu(path: String) -> any TraceRecording { EvemuRecordWriter(path: path) }
}
