import Motion
import Glibc
import Platform

/// Where `kape record` puts what the device sent (a protocol so tests and other formats can stand in).
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

/// The file `evemu-record` writes, through the project's `EvemuWriter`: the commented description, then one
/// `E:` line per event with evemu's comment, times made relative to the first event (which is at 0.000001, as
/// evemu-record does). The file is written beside `path` and renamed into place by `finish()`, so a failed
/// recording never replaces an older one.
final class EvemuRecordWriter: TraceRecording {
    private let path: String
    private var file: OutputFile?
    private var pending: [UInt8] = []
    private var offset: Int64?
    private var lastWritten: Int64 = 0
    private var writer: EvemuWriter?

    /// The file is created here, before any device is opened: a folder, a missing or read-only folder, or a
    /// path that is a socket is said at once, not after the device was found and set up (and an IIO buffer
    /// enabled for nothing). Until `finish()` commits it, it is a temporary removed with the writer.
    init(path: String) throws(DeviceError) {
        self.path = path
        do throws(FileError) { file = try OutputFile(replacing: path) } catch {
            throw DeviceError(path: path, kind: .openFailed(errno: errno), "cannot create the recording: \(error.message)")
        }
    }

    func begin(device d: MotionDeviceInfo) throws(DeviceError) {
        // A crash keeps what was recorded up to the last poll (each flushes), under the name asked for.
        file?.keepIfTheProcessCrashes()
        let w = EvemuWriter(device: d, kernel: Host.kernelRelease(), dmi: Host.dmiModalias())
        pending += w.header().utf8
        writer = w
        try flush()
    }

    func write(_ e: InputEvent) throws(DeviceError) {
        var base = offset ?? (e.micros &- 1)
        // A clock that stepped back (or a time that overflows) goes on from the last time written: `kape replay`
        // refuses a recording whose times go backwards, and flattening them all to 0 made one.
        let (relative, overflow) = e.micros.subtractingReportingOverflow(base)
        if overflow || relative < lastWritten { base = e.micros &- lastWritten }
        offset = base
        var rebased = e
        rebased.micros = overflow || relative < lastWritten ? lastWritten : relative
        lastWritten = rebased.micros
        writer?.append(rebased, to: &pending)
        if pending.count > 1 << 16 { try flush() }
    }

    func flush() throws(DeviceError) {
        guard let file, !pending.isEmpty else { return }
        do throws(FileError) { try file.write(pending) } catch {
            throw DeviceError(path: path, kind: .openFailed(errno: errno), "cannot write the recording: \(error.message)")
        }
        pending.removeAll(keepingCapacity: true)
    }

    func finish() throws(DeviceError) {
        try flush()
        guard let file else { return }
        self.file = nil
        do throws(FileError) { try file.commit() } catch {
            throw DeviceError(path: path, kind: .openFailed(errno: errno), "cannot write the recording: \(error.message)")
        }
    }
}

public enum TraceRecorders {
    /// The evemu writer for `path`, its file already created (see `EvemuRecordWriter.init`).
    public static func evemu(path: String) throws(DeviceError) -> any TraceRecording { try EvemuRecordWriter(path: path) }
}
