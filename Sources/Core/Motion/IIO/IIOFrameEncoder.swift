import Platform

/// Turns IIO readings into the events an evdev motion node would send, so everything downstream (the assembler,
/// estimator, gate, recordings and replay) is the one evdev path. Raw values become SI by (raw + offset) × scale
/// (m/s², rad/s), the mount matrix turns them onto the device frame, and they go out at fixed resolutions:
/// ABS_X..Z in µg (`accelPerG`), ABS_RX..RZ in m°/s (`gyroPerDegree`), then MSC_TIMESTAMP (the sensor's own clock,
/// µs, uint32 wrapping, when the scan carries a timestamp) and SYN_REPORT. Every axis goes out with every scan:
/// IIO has no fuzz filter.
public struct IIOFrameEncoder: Sendable {
    public static let accelPerG: Int32 = 1_000_000
    public static let gyroPerDegree: Int32 = 1000
    static let standardGravity = 9.80665

    /// Per axis: SI units per raw unit (nil: no usable scale), and the raw offset added first.
    public struct Calibration: Sendable, Equatable {
        public var scale: SIMD3<Double>?
        public var offset: SIMD3<Double>
        public var mount: MountMatrix
        public init(scale: SIMD3<Double>?, offset: SIMD3<Double> = .zero, mount: MountMatrix = .identity) {
            self.scale = scale
            self.offset = offset
            self.mount = mount
        }
    }

    public let accel: Calibration
    public let gyro: Calibration?
    public let hasTimestamp: Bool
    /// Per sensor, the mount matrix with the unit factor folded into its columns, and the raw offset: one
    /// multiply-add per row per scan, nothing looked up.
    private let a0, a1, a2, aOffset: SIMD3<Double>
    private let g0, g1, g2, gOffset: SIMD3<Double>
    private let hasGyro: Bool

    public init(accel: Calibration, gyro: Calibration?, hasTimestamp: Bool) {
        self.accel = accel
        self.gyro = gyro
        self.hasTimestamp = hasTimestamp
        // Without a usable accelerometer scale the raw values go out as they are, under resolution 0: the
        // estimator then takes 1 g from the still period, as for an evdev node that states no resolution.
        let accelFactor = accel.scale.map { $0 * (Double(Self.accelPerG) / Self.standardGravity) } ?? SIMD3(repeating: 1)
        let gyroFactor = (gyro?.scale ?? .zero) * (Double(Self.gyroPerDegree) * 180 / Double.pi)
        let am = accel.mount.rows, gm = (gyro?.mount ?? .identity).rows
        (a0, a1, a2, aOffset) = (am[0] * accelFactor, am[1] * accelFactor, am[2] * accelFactor, accel.offset)
        (g0, g1, g2, gOffset) = (gm[0] * gyroFactor, gm[1] * gyroFactor, gm[2] * gyroFactor, gyro?.offset ?? .zero)
        hasGyro = gyro != nil
    }

    public var device: MotionDeviceInfo { Self.device(name: "", hasGyro: gyro != nil, hasTimestamp: hasTimestamp, accelScaleKnown: accel.scale != nil) }

    /// The evdev description the frames fit (the header of a recording): `name` ends in " (IIO)", which is how
    /// the driver table knows the frame (see `DriverTable`).
    public static func device(name: String, hasGyro: Bool, hasTimestamp: Bool, accelScaleKnown: Bool = true) -> MotionDeviceInfo {
        var d = MotionDeviceInfo(name: name)
        d.properties[0] = 1 << UInt8(EV.propAccelerometer)
        let g = Self.accelPerG, dps = Self.gyroPerDegree
        for i in 0..<3 { d.axes[i] = AxisInfo(minimum: -64 * g, maximum: 64 * g, resolution: accelScaleKnown ? g : 0) }
        if hasGyro { for i in 3..<6 { d.axes[i] = AxisInfo(minimum: -100_000 * dps, maximum: 100_000 * dps, resolution: dps) } }
        d.hasTimestamp = hasTimestamp
        d.eventBits[EV.syn] = [0x0b]
        d.eventBits[EV.abs] = [hasGyro ? 0x3f : 0x07]
        if hasTimestamp { d.eventBits[EV.msc] = [1 << UInt8(EV.mscTimestamp)] }
        return d
    }

    /// One frame: `micros` is the event time (the sensor's timeline, µs), `sensorMicros` the MSC_TIMESTAMP value.
    /// No allocation: the events go straight to `emit`.
    @inline(__always)
    public func encode(accelRaw a: SIMD3<Double>, gyroRaw g: SIMD3<Double>, micros: Int64, sensorMicros: UInt32,
                       _ emit: (InputEvent) -> Void) {
        let ar = a + aOffset
        let av = SIMD3((a0 * ar).sum(), (a1 * ar).sum(), (a2 * ar).sum())
        for i in 0..<3 { emit(InputEvent(micros: micros, type: EV.abs, code: UInt16(i), value: Int32(saturating: av[i].rounded()))) }
        if hasGyro {
            let gr = g + gOffset
            let gv = SIMD3((g0 * gr).sum(), (g1 * gr).sum(), (g2 * gr).sum())
            for i in 0..<3 { emit(InputEvent(micros: micros, type: EV.abs, code: UInt16(3 + i), value: Int32(saturating: gv[i].rounded()))) }
        }
        if hasTimestamp {
            emit(InputEvent(micros: micros, type: EV.msc, code: EV.mscTimestamp, value: Int32(bitPattern: sensorMicros)))
        }
        emit(InputEvent(micros: micros, type: EV.syn, code: EV.synReport, value: 0))
    }
}
