/// One IMU reading in physical units, on the canonical device frame (see docs/ARCHITECTURE.md):
/// +Z out of the screen, +Y up along the short edge in landscape at neutral, +X completing a right-handed frame.
public struct MotionSample: Sendable, Equatable {
    /// Sample clock in seconds: spacing comes from the device's MSC_TIMESTAMP when it has one, else from the
    /// event time. Only differences matter; the estimator uses it for dt.
    public var time: Double
    /// The device's own timeline (evemu `E:` time, CSV `t`, live: the node's event clock). Events are reported on it.
    public var stamp: DeviceTime
    /// Specific force in g: at rest +1 g along the axis pointing up.
    public var accel: SIMD3<Double>
    /// Angular rate in deg/s, right-hand rule; zero for accelerometer-only devices.
    public var gyro: SIMD3<Double>
    /// Data was lost just before this sample (SYN_DROPPED): filters re-seed and the gate must not fire on the jump.
    public var afterGap: Bool

    public init(time: Double, stamp: DeviceTime, accel: SIMD3<Double>, gyro: SIMD3<Double> = .zero, afterGap: Bool = false) {
        self.time = time
        self.stamp = stamp
        self.accel = accel
        self.gyro = gyro
        self.afterGap = afterGap
    }
}

/// A raw kernel input event as evdev delivers it and evemu records it. Time in whole microseconds.
public struct InputEvent: Sendable, Equatable {
    public var micros: Int64
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(micros: Int64, type: UInt16, code: UInt16, value: Int32) {
        self.micros = micros
        self.type = type
        self.code = code
        self.value = value
    }
}

/// Linux input constants used across the motion modules (linux/input-event-codes.h).
public enum EV {
    public static let syn: UInt16 = 0x00
    public static let key: UInt16 = 0x01
    public static let abs: UInt16 = 0x03
    public static let msc: UInt16 = 0x04
    public static let ff: UInt16 = 0x15
    public static let max: UInt16 = 0x1f

    public static let synReport: UInt16 = 0
    public static let synDropped: UInt16 = 3
    public static let mscTimestamp: UInt16 = 5
    /// ABS_X, ABS_Y, ABS_Z (accelerometer) then ABS_RX, ABS_RY, ABS_RZ (gyroscope) on a motion node.
    public static let absX: UInt16 = 0, absRZ: UInt16 = 5
    public static let propAccelerometer = 6
}
