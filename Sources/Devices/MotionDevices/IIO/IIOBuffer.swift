import Glibc
import Motion
import Platform

/// One IIO device set up for buffered reading, and the duty to put it back. Every attribute it changes is written
/// down first with its old value; `restore` disables the buffer and writes them back in reverse order (on Ctrl-C,
/// SIGTERM, a lost device and errors alike, since the reader calls it on every way out). A device that vanished
/// cannot be restored and needs not be: its attributes went with it.
final class IIOBuffer {
    let part: IIOPart
    let descriptor: Descriptor
    var fd: Int32 { descriptor.raw }
    let layout: IIOScanLayout
    /// Offsets of the channels Kape reads: the first kind's x, y, z (accelerometer, or a paired gyro's), the
    /// second's when one device gives both, and the timestamp.
    let axes: [IIOScanLayout.Element]
    let gyroAxes: [IIOScanLayout.Element]?
    let timestamp: IIOScanLayout.Element?
    /// What was granted and what was not (for -v).
    private(set) var notes: [String] = []
    private let attributes: IIOAttributes
    private var journal: [(name: String, old: String)] = []
    private var enabled = false

    struct SetupError: Error { var reason: String }

    /// `kinds`: "accel" and/or "anglvel", the channels to read from this part. `rate`: the rate to ask for, if any.
    init(part: IIOPart, kinds: [String], rate: Double?) throws(SetupError) {
        self.part = part
        attributes = IIOAttributes(folder: part.sysfs)
        guard let node = part.node else { throw SetupError(reason: "no /dev/iio:device\(part.number)") }
        let fd = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let e = errno
            if e == EBUSY { throw SetupError(reason: "\(node) is busy: another program (iio-sensor-proxy?) holds the buffer") }
            if e == EACCES || e == EPERM {
                throw SetupError(reason: "\(node) cannot be opened (permission denied; `sudo make install` installs \(IIOPermission.ruleFile))")
            }
            throw SetupError(reason: "\(node) cannot be opened (\(errnoText(e)))")
        }
        descriptor = Descriptor(owning: fd)
        guard DeviceNode.isCharacterDevice(descriptor) else { throw SetupError(reason: "\(node) is not a character device") }
        var journal: [(name: String, old: String)] = []
        let a = attributes
        /// Changes an attribute when it differs, writing the old value down first. Returns the errno on failure.
        func set(_ name: String, _ value: String) -> Int32? {
            guard let old = a.read(name) else { return ENOENT }
            if old == value { return nil }
            if let e = a.write(name, value) { return e }
            journal.append((name, old))
            return nil
        }
        func undo() {
            for (name, old) in journal.reversed() { a.write(name, old) }
        }
        do throws(SetupError) {
            // Scan elements and triggers can change only while the buffer is off (someone may have left it on).
            if a.read("buffer/enable") == "1", let e = set("buffer/enable", "0") {
                throw SetupError(reason: "buffer/enable cannot be switched off (\(errnoText(e)))")
            }
            var notes: [String] = []
            if a.exists("current_timestamp_clock") {
                if let e = set("current_timestamp_clock", "monotonic") {
                    notes.append("current_timestamp_clock stays \(a.read("current_timestamp_clock") ?? "?") (\(errnoText(e)))")
                }
            }
            for kind in kinds {
                for axis in ["x", "y", "z"] {
                    if let e = set("scan_elements/in_\(kind)_\(axis)_en", "1") {
                        throw SetupError(reason: "scan_elements/in_\(kind)_\(axis)_en cannot be set (\(errnoText(e)))")
                    }
                }
            }
            if a.exists("scan_elements/in_timestamp_en"), let e = set("scan_elements/in_timestamp_en", "1") {
                notes.append("no sensor timestamps: in_timestamp_en cannot be set (\(errnoText(e))); arrival times used")
            }
            // The layout follows what is enabled, ours and whatever else someone left on.
            var channels: [(name: String, index: Int, type: IIOScanType)] = []
            for file in a.names(in: "scan_elements") where file.hasSuffix("_en") {
                guard a.read("scan_elements/" + file) == "1" else { continue }
                let channel = String(file.dropLast(3))
                guard let indexText = a.read("scan_elements/\(channel)_index"), let index = Int(indexText), index >= 0 else {
                    throw SetupError(reason: "scan_elements/\(channel)_index is missing or not a number")
                }
                guard let typeText = a.read("scan_elements/\(channel)_type") else {
                    throw SetupError(reason: "scan_elements/\(channel)_type is missing")
                }
                do throws(IIOScanType.ParseError) {
                    channels.append((String(channel.dropFirst(3)), index, try IIOScanType(parsing: typeText)))
                } catch {
                    throw SetupError(reason: "scan_elements/\(channel)_type: \(error)")
                }
            }
            let layout: IIOScanLayout
            do throws(IIOScanLayout.LayoutError) { layout = try IIOScanLayout(channels: channels) } catch {
                throw SetupError(reason: "scan layout: \(error)")
            }
            if case .own(let trigger) = part.trigger, let e = set("trigger/current_trigger", trigger) {
                throw SetupError(reason: "trigger/current_trigger cannot be set to \(trigger) (\(errnoText(e)))")
            }
            if let rate, let attribute = part.rateAttribute, let current = part.rate, abs(current - rate) > 1e-6 {
                let text = Int(exactly: rate).map(String.init) ?? String(rate)
                if let e = set(attribute, text) { notes.append("\(attribute) stays \(current) Hz (\(errnoText(e)))") }
            }
            if let length = a.read("buffer/length").flatMap({ Int($0) }), length < 64 {
                _ = set("buffer/length", "128")
            }
            // One scan is enough to wake the reader: latency, not throughput.
            if a.exists("buffer/watermark") { _ = set("buffer/watermark", "1") }
            if let e = set("buffer/enable", "1") {
                throw SetupError(reason: "buffer/enable refused (\(errnoText(e)))\(e == EINVAL ? ": no trigger the driver accepts" : "")")
            }
            self.layout = layout
            self.notes = notes
        } catch {
            undo()
            throw error
        }
        self.journal = journal
        enabled = true
        let scan = self.layout
        let found = kinds.map { kind in ["x", "y", "z"].compactMap { scan.element("\(kind)_\($0)") } }
        axes = found[0]
        gyroAxes = found.count > 1 ? found[1] : nil
        timestamp = scan.element("timestamp").flatMap { $0.type.storageBits == 64 ? $0 : nil }
        if found.contains(where: { $0.count != 3 }) {
            restore()
            throw SetupError(reason: "the scan lacks \(kinds.joined(separator: "/")) x, y or z after enabling them")
        }
    }

    /// Buffer off first, then every other change undone, newest first. Idempotent. Returns what could not be put
    /// back (a vanished device: nothing).
    @discardableResult
    func restore() -> [String] {
        guard enabled else { return [] }
        enabled = false
        var failed: [String] = []
        for (name, old) in journal.reversed() {
            if let e = attributes.write(name, old), e != ENOENT, e != ENODEV {
                failed.append("\(part.sysfs)/\(name) could not be put back to \(old) (\(errnoText(e)))")
            }
        }
        journal = []
        return failed
    }

    deinit { restore() }

    /// The raw values of the part's axes at a scan.
    @inline(__always)
    func values(_ scan: UnsafeRawBufferPointer) -> SIMD3<Double> {
        SIMD3(Double(axes[0].type.value(in: scan, at: axes[0].offset)),
              Double(axes[1].type.value(in: scan, at: axes[1].offset)),
              Double(axes[2].type.value(in: scan, at: axes[2].offset)))
    }

    @inline(__always)
    func stamp(_ scan: UnsafeRawBufferPointer) -> Int64? {
        timestamp.map { $0.type.value(in: scan, at: $0.offset) }
    }
}
