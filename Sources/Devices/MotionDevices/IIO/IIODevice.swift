import Motion

/// An IIO motion sensor as `kape devices` lists it: one device folder, or two of one chip paired (st_lsm6dsx
/// gives its accelerometer and its gyro a device each).
public struct IIODevice: Sendable, Equatable {
    public var parts: [IIOPart]

    public var accelPart: IIOPart? { parts.first { $0.accel != nil } }
    public var gyroPart: IIOPart? { parts.first { $0.gyro != nil } }
    public var hasGyro: Bool { gyroPart?.gyro?.scale != nil }
    /// How it will be read: buffered only when every part can be.
    public var mode: IIOPart.Mode {
        for p in parts { if case .polled = p.mode { return p.mode } }
        return .buffered
    }
    /// The rate it is read at (the accelerometer's, to which a paired gyro is set too).
    public var rate: Double? { accelPart?.rate }
}

/// One `iio:deviceN` folder with accelerometer and/or gyro channels.
public struct IIOPart: Sendable, Equatable {
    /// One sensor of the device: accelerometer (`in_accel_*`) or gyro (`in_anglvel_*`).
    public struct Sensor: Sendable, Equatable {
        /// SI per raw unit, per axis (x, y, z); nil when the attribute is missing or absurd (`scaleProblem` says).
        public var scale: SIMD3<Double>?
        public var scaleText: [String]
        public var scaleProblem: String?
        public var offset: SIMD3<Double>
        /// An offset that was there but not used (0 instead), and why.
        public var offsetProblem: String?
        public var mount: MountMatrix
        /// Where the mount matrix came from (`in_mount_matrix`, `udev ACCEL_MOUNT_MATRIX`, …), or "none" (identity).
        public var mountSource: String
        /// A mount matrix that was there but not used, and why.
        public var mountProblem: String?
    }

    public enum Mode: Sendable, Equatable {
        case buffered
        /// sysfs `in_*_raw` polled at the rate, and why.
        case polled(String)
    }

    public enum Trigger: Sendable, Equatable {
        /// The driver reads into its buffer on its own (a hardware FIFO, st_lsm6dsx).
        case notNeeded
        /// `trigger/current_trigger` is set already.
        case current(String)
        /// Empty, but the device's own trigger (`NAME-devN`) exists: Kape selects it.
        case own(String)
        case none
    }

    public enum Access: Sendable, Equatable {
        case ok
        /// No /dev/iio:deviceN (the driver has no buffer): polled.
        case noNode
        case denied(owner: String, group: String, mode: UInt32)
        /// Another program holds the buffer (iio-sensor-proxy): the char device opens once.
        case busy
        case failed(String)
    }

    public var sysfs: String
    public var node: String?
    public var number: Int
    public var name: String
    public var label: String?
    /// Where the device hangs in sysfs (`/sys/devices/…`): two parts of one chip share the parent.
    public var hardware: String
    public var channels: [String]
    public var accel: Sensor?
    public var gyro: Sensor?
    public var hasTimestampChannel: Bool
    /// The rate attribute (`sampling_frequency`, `in_accel_sampling_frequency`, …) and its value, Hz.
    public var rateAttribute: String?
    public var rate: Double?
    public var available: IIOValues.Available?
    /// `scan_elements` and `buffer/enable` exist.
    public var hasBuffer: Bool
    public var trigger: Trigger
    public var access: Access
    public var mode: Mode
    /// Shell lines that give access to the node, when it cannot be opened.
    public var fix: [String]
}
