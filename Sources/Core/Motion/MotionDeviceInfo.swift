/// What `EVIOCGABS` reports for one absolute axis.
public struct AxisInfo: Sendable, Equatable {
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    /// Units per g (accelerometer axes) or per deg/s (gyroscope axes); 0 when the driver does not say.
    public var resolution: Int32

    public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }
}

/// A motion node as described by an evemu header or by libevdev.
public struct MotionDeviceInfo: Sendable, Equatable {
    public var name: String
    public var bus: UInt16 = 0
    public var vendor: UInt16 = 0
    public var product: UInt16 = 0
    public var version: UInt16 = 0
    /// Input properties bitmask, byte-wise (bit 6 of byte 0 = INPUT_PROP_ACCELEROMETER).
    public var properties: [UInt8] = [UInt8](repeating: 0, count: 8)
    /// ABS_X ... ABS_RZ, indexed by code; nil where the device lacks the axis.
    public var axes: [AxisInfo?] = Array(repeating: nil, count: 6)
    /// Codes set per event type (evemu `B:` lines / EVIOCGBIT), kept so a recording can be written back exactly.
    public var eventBits: [UInt16: [UInt8]] = [:]
    public var hasTimestamp: Bool = false

    public init(name: String) { self.name = name }

    /// hid-wiimote's "Nintendo Wii Remote Accelerometer" node reports the accelerometer on ABS_RX/RY/RZ (no
    /// ABS_X/Y/Z, no resolution, no property); its gyro, if any, is the separate "Motion Plus" node.
    public var accelerometerOnRotationalAxes: Bool {
        (0..<3).allSatisfy { axes[$0] == nil } && (3..<6).allSatisfy { axes[$0] != nil } && name.hasSuffix(" Accelerometer")
    }
    /// The evdev code of the accelerometer's X axis (Y and Z follow).
    public var accelCodeBase: Int { accelerometerOnRotationalAxes ? 3 : 0 }
    public var hasAccelerometer: Bool { (0..<3).allSatisfy { axes[accelCodeBase + $0] != nil } }
    /// A gyro is usable only with a known scale: without a resolution deg/s cannot be recovered.
    public var hasGyro: Bool { !accelerometerOnRotationalAxes && (3..<6).allSatisfy { (axes[$0]?.resolution ?? 0) > 0 } }
    public var accelScaleKnown: Bool { (0..<3).allSatisfy { (axes[accelCodeBase + $0]?.resolution ?? 0) > 0 } }
    public var isAccelerometerProp: Bool { properties[0] & (1 << UInt8(EV.propAccelerometer)) != 0 }
}
