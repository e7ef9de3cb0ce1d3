import Platform

/// hid-wiimote gives a Wii Remote's accelerometer and its Motion Plus gyro an evdev node each ("Nintendo Wii Remote
/// Accelerometer", "Nintendo Wii Remote Motion Plus"), both on ABS_RX/RY/RZ. This turns one report of the two into
/// the frame of a single six-axis node, so everything downstream (assembler, estimator, recordings, replay) is the
/// one evdev path: ABS_X/Y/Z the accelerometer as the driver reports it (raw counts less 0x200, about 100 per g,
/// no resolution: 1 g is taken from the still period), ABS_RX/RY/RZ the rotation rate in the accelerometer's
/// frame in m°/s. The facts and their sources are in docs/DEVICES.md ("Wii Remote Motion Plus"):
///  * the Motion Plus node's ABS_RX is yaw, ABS_RY roll, ABS_RZ pitch (the driver fills them from the yaw, roll
///    and pitch bytes and their slow/fast bits), linear at 8192·9/440 ≈ 167.56 units per °/s in both ranges;
///  * in the accelerometer's (x, y, z), the rotation rate is (pitch, roll, yaw) with the right-hand rule, each
///    with the sign the driver reports: a world-fixed vector seen from the remote moves as v × ω.
public enum WiimoteFusion {
    /// Motion Plus units per °/s as hid-wiimote reports them (both ranges, since the driver's linear scaling).
    public static let unitsPerDegree = 8192.0 * 9 / 440
    /// The fused gyro axes' resolution: m°/s, as IIO sensors are delivered.
    public static let gyroPerDegree: Int32 = 1000
    public static let accelerometerSuffix = " Accelerometer"
    public static let motionPlusSuffix = " Motion Plus"

    /// The rotation rate (°/s) in the accelerometer's frame from the Motion Plus node's (ABS_RX, ABS_RY, ABS_RZ)
    /// = (yaw, roll, pitch).
    @inline(__always)
    public static func rate(motionPlus m: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(m.z, m.y, m.x) / unitsPerDegree
    }

    /// The fused node's description: the accelerometer node's identity (name, ids: the driver table and `--axes`
    /// know it by them) with its axes moved to ABS_X/Y/Z, and the gyro on ABS_RX/RY/RZ when there is one.
    public static func device(accelerometer node: MotionDeviceInfo, gyro: Bool) -> MotionDeviceInfo {
        var d = MotionDeviceInfo(name: node.name)
        (d.bus, d.vendor, d.product, d.version) = (node.bus, node.vendor, node.product, node.version)
        for i in 0..<3 {
            d.axes[i] = node.axes[node.accelCodeBase + i] ?? AxisInfo(minimum: -500, maximum: 500, fuzz: 2, flat: 4)
        }
        if gyro {
            // The Motion Plus' fast range, ±2000 °/s (±335 127 units as the driver scales them): the ±16000 the
            // driver declares is older than its scaling, and evdev does not clamp to it.
            let limit = 2000 * gyroPerDegree
            for i in 3..<6 { d.axes[i] = AxisInfo(minimum: -limit, maximum: limit, resolution: gyroPerDegree) }
        }
        d.eventBits[EV.syn] = [0x0b]
        d.eventBits[EV.abs] = [gyro ? 0x3f : 0x07]
        return d
    }

    /// One fused frame at `micros`: the accelerometer's counts, the rate in °/s (ignored without a gyro), then
    /// SYN_REPORT. Every axis goes out with every frame (the two nodes' fuzz filters already ran). No allocation.
    @inline(__always)
    public static func encode(accel: SIMD3<Double>, rate: SIMD3<Double>, gyro: Bool, micros: Int64, _ emit: (InputEvent) -> Void) {
        for i in 0..<3 { emit(InputEvent(micros: micros, type: EV.abs, code: UInt16(i), value: Int32(saturating: accel[i].rounded()))) }
        if gyro {
            let m = rate * Double(gyroPerDegree)
            for i in 0..<3 { emit(InputEvent(micros: micros, type: EV.abs, code: UInt16(3 + i), value: Int32(saturating: m[i].rounded()))) }
        }
        emit(InputEvent(micros: micros, type: EV.syn, code: EV.synReport, value: 0))
    }
}
