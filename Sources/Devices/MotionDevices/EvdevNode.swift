import CEvdev
import Motion
import Glibc
import Platform

/// One opened /dev/input/eventN with its libevdev description. Owned by one thread at a time.
final class EvdevNode {
    let path: String
    let descriptor: Descriptor
    var fd: Int32 { descriptor.raw }
    private let dev: OpaquePointer

    /// Opens read-only and non-blocking; `writable` asks for O_RDWR (force feedback needs it).
    init(path: String, writable: Bool = false) throws(DeviceError) {
        let fd = open(path, (writable ? O_RDWR : O_RDONLY) | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let e = errno
            switch e {
            case EACCES, EPERM: throw DeviceError(path: path, kind: .permissionDenied, "permission denied")
            case ENOENT, ENODEV, ENXIO: throw DeviceError(path: path, kind: .notFound, "no such device")
            default: throw DeviceError(path: path, kind: .openFailed(errno: e), "cannot open: \(errnoText(e))")
            }
        }
        let descriptor = Descriptor(owning: fd)
        var handle: OpaquePointer?
        let rc = libevdev_new_from_fd(fd, &handle)
        guard rc == 0, let handle else {
            throw DeviceError(path: path, kind: .openFailed(errno: -rc), "not an evdev node libevdev can read: \(errnoText(-rc))")
        }
        self.path = path
        self.descriptor = descriptor
        self.dev = handle
    }

    deinit { libevdev_free(dev) }

    var name: String { libevdev_get_name(dev).map { String(cString: $0) } ?? "" }
    var uniq: String { libevdev_get_uniq(dev).map { String(cString: $0) } ?? "" }
    var phys: String { libevdev_get_phys(dev).map { String(cString: $0) } ?? "" }
    var bus: UInt16 { UInt16(truncatingIfNeeded: libevdev_get_id_bustype(dev)) }
    var vendor: UInt16 { UInt16(truncatingIfNeeded: libevdev_get_id_vendor(dev)) }
    var product: UInt16 { UInt16(truncatingIfNeeded: libevdev_get_id_product(dev)) }
    var version: UInt16 { UInt16(truncatingIfNeeded: libevdev_get_id_version(dev)) }

    func has(type: UInt16) -> Bool { libevdev_has_event_type(dev, UInt32(type)) != 0 }
    func has(type: UInt16, code: UInt16) -> Bool { libevdev_has_event_code(dev, UInt32(type), UInt32(code)) != 0 }
    func hasProperty(_ p: Int) -> Bool { libevdev_has_property(dev, UInt32(p)) != 0 }

    var hasKeys: Bool {
        guard has(type: EV.key) else { return false }
        for code in UInt16(0)...0x2ff where has(type: EV.key, code: code) { return true }
        return false
    }

    /// A motion node: INPUT_PROP_ACCELEROMETER, or ABS_X/Y/Z and no keys (udev's rule for ID_INPUT_ACCELEROMETER).
    var motionRule: DiscoveredDevice.Rule? {
        if hasProperty(EV.propAccelerometer) { return .accelerometerProperty }
        if (0..<3).allSatisfy({ has(type: EV.abs, code: $0) }) && !hasKeys { return .absWithoutKeys }
        if info.accelerometerOnRotationalAxes && !hasKeys { return .accelerometerOnRotationalAxes }
        return nil
    }

    var hasRumble: Bool { has(type: EV.ff, code: FFCode.rumble) }

    func absInfo(_ code: UInt16) -> AxisInfo? {
        guard has(type: EV.abs, code: code), let a = libevdev_get_abs_info(dev, UInt32(code))?.pointee else { return nil }
        return AxisInfo(minimum: a.minimum, maximum: a.maximum, fuzz: a.fuzz, flat: a.flat, resolution: a.resolution)
    }

    /// The description a trace header carries (and FrameAssembler scales by).
    var info: MotionDeviceInfo {
        var info = MotionDeviceInfo(name: name)
        (info.bus, info.vendor, info.product, info.version) = (bus, vendor, product, version)
        for p in 0..<64 where hasProperty(p) { info.properties[p / 8] |= 1 << UInt8(p % 8) }
        for code in 0..<6 { info.axes[code] = absInfo(UInt16(code)) }
        info.hasTimestamp = has(type: EV.msc, code: EV.mscTimestamp)
        for type in UInt16(0)...EV.max where has(type: type) {
            let maxCode = EventCodeLimits.maxCode(type)
            var bytes = [UInt8](repeating: 0, count: ((Int(maxCode) + 1 + 63) / 64) * 8)
            for code in 0...maxCode where has(type: type, code: code) { bytes[Int(code) / 8] |= 1 << UInt8(code % 8) }
            if type == EV.syn { bytes[0] |= 0x0b }  // SYN_REPORT, SYN_CONFIG, SYN_DROPPED: what evemu records
            info.eventBits[type] = bytes
        }
        return info
    }

    /// Asks for CLOCK_MONOTONIC event times. Returns the error text when the device refuses (not fatal:
    /// umockdev, for one, does not emulate EVIOCSCLOCKID).
    func useMonotonicClock() -> String? {
        let rc = libevdev_set_clock_id(dev, CLOCK_MONOTONIC)
        return rc == 0 ? nil : errnoText(-rc)
    }

    /// The current value of an axis as the kernel holds it now (EVIOCGABS), for the resync after SYN_DROPPED.
    func currentAbsValue(_ code: UInt16) -> Int32? {
        var a = input_absinfo()
        guard ioctl(fd, kape_eviocgabs(UInt32(code)), &a) == 0 else { return nil }
        return a.value
    }
}

enum FFCode {
    static let rumble: UInt16 = 0x50
}

/// Highest code per event type (linux/input-event-codes.h `*_MAX`), sizing the evemu `B:` masks.
enum EventCodeLimits {
    static func maxCode(_ type: UInt16) -> UInt16 {
        switch type {
        case 0x01: 0x2ff  // KEY
        case 0x02: 0x0f   // REL
        case 0x03: 0x3f   // ABS
        case 0x04: 0x07   // MSC
        case 0x05: 0x10   // SW
        case 0x11: 0x0f   // LED
        case 0x12: 0x07   // SND
        case 0x14: 0x01   // REP
        case 0x15: 0x7f   // FF
        default: 0x0f
        }
    }
}
