import Motion

/// A motion node found in /dev/input, as `kape devices` lists it.
public struct DiscoveredDevice: Sendable, Equatable {
    /// Why the node counts as a motion node.
    public enum Rule: String, Sendable {
        case accelerometerProperty = "INPUT_PROP_ACCELEROMETER", absWithoutKeys = "ABS_X/Y/Z without keys"
        case accelerometerOnRotationalAxes = "accelerometer on ABS_RX/RY/RZ (hid-wiimote)"
        case iio = "IIO in_accel/in_anglvel channels"
    }
    public enum AxesSource: String, Sendable { case override, driver, identity }

    public struct Rate: Sendable, Equatable {
        public enum Source: String, Sendable { case mscTimestamp = "MSC_TIMESTAMP", eventTime = "event time", nominal, sysfs = "sampling_frequency" }
        public var hertz: Double
        public var source: Source
    }

    /// The gamepad node of the same controller (same `uniq`): where its buttons and force feedback live.
    public struct Sibling: Sendable, Equatable {
        public var path: String
        public var name: String
        public var hasRumble: Bool
    }

    public var path: String
    public var info: MotionDeviceInfo
    public var uniq: String
    public var phys: String
    public var rule: Rule
    public var driver: KnownDriver?
    public var axes: AxisMap
    public var axesSource: AxesSource
    public var rate: Rate?
    public var sibling: Sibling?
    /// A gyro on a node of its own (the Wii Remote's Motion Plus), read with this node and fused into one frame.
    public var gyroNode: Sibling?
    public var hasRumble: Bool
    /// Read through IIO (sysfs and /dev/iio:deviceN) rather than evdev: what Kape found there.
    public var iio: IIODevice? = nil

    /// A gyro on this node or on its own node beside it.
    public var hasGyro: Bool { info.hasGyro || gyroNode != nil }

    /// Where rumble goes: the node itself, else its sibling.
    public var rumblePath: String? { hasRumble ? path : (sibling?.hasRumble == true ? sibling?.path : nil) }

    /// The key an `--axes` override is remembered under: the model (ids and name), not the unit.
    public var configKey: String { DeviceKey.make(bus: info.bus, vendor: info.vendor, product: info.product, name: info.name) }

    /// Whether `other` is this same device come back (after an unplug): same ids, name and uniq.
    public func isSameDevice(as other: DiscoveredDevice) -> Bool {
        configKey == other.configKey && uniq == other.uniq
    }
}

/// A motion node that could not be opened for lack of permission, with the fix.
public struct DeniedNode: Sendable, Equatable {
    public var path: String
    /// From sysfs, which anyone can read; empty when even that is unavailable.
    public var name: String
    public var vendor: UInt16?
    public var product: UInt16?
    public var group: String
    public var mode: UInt32
    /// Shell commands, one per line, that fix it.
    public var fix: [String]
}

enum DeviceKey {
    static func make(bus: UInt16, vendor: UInt16, product: UInt16, name: String) -> String {
        "\(hex4(bus)):\(hex4(vendor)):\(hex4(product)):\(name)"
    }
}

func hex4(_ v: UInt16) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: 4 - s.count) + s
}
