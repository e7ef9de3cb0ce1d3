/// Finds the first still period and takes the neutral pose from it: the gravity direction, the accelerometer's
/// scale (so devices that report no resolution still work) and the gyro bias. Averages, never one sample.
public struct NeutralCalibrator: Sendable {
    public struct Neutral: Sendable, Equatable {
        /// Unit "up" at neutral, in the device frame.
        public var up: SIMD3<Double>
        /// Unit vector along which tilt is measured: the screen normal made orthogonal to `up`.
        public var normal: SIMD3<Double>
        /// Third axis of the neutral frame (the nod's hinge).
        public var hinge: SIMD3<Double>
        /// Multiplier that makes the mean still accelerometer magnitude exactly 1 g.
        public var accelScale: Double
        public var gyroBias: SIMD3<Double>
        /// Trace time when calibration completed.
        public var stamp: Double
    }

    public enum Failure: Error, Sendable, Equatable {
        /// The screen faced the floor or ceiling at neutral: the device is not held against the forehead.
        case screenNotVertical
    }

    private let settings: TiltSettings
    private var count = 0
    private var start = 0.0
    private var sumA = SIMD3<Double>.zero
    private var sumG = SIMD3<Double>.zero
    public private(set) var failure: Failure?

    public init(settings: TiltSettings) { self.settings = settings }

    /// Returns the neutral pose once enough continuous stillness has been seen.
    public mutating func add(_ s: MotionSample) -> Neutral? {
        if count >= 8 {
            let n = Double(count)
            let da = s.accel - sumA / n
            let dg = s.gyro - sumG / n
            let scale = length(sumA) / n
            if dot(da, da) > (settings.stillAccelG * scale) * (settings.stillAccelG * scale)
                || dot(dg, dg) > settings.stillGyroDps * settings.stillGyroDps {
                reset()
            }
        }
        if count == 0 || s.afterGap { reset(); start = s.time }
        count += 1
        sumA += s.accel
        sumG += s.gyro
        guard s.time - start >= settings.calibrationSeconds, count >= 20 else { return nil }

        let meanA = sumA / Double(count)
        let magnitude = length(meanA)
        guard magnitude > 0 else { reset(); return nil }
        let up = meanA / magnitude
        let z = SIMD3<Double>(0, 0, 1)
        let ortho = z - up * dot(z, up)
        guard length(ortho) > 0.5 else {  // more than 60° from vertical
            failure = .screenNotVertical
            reset()
            return nil
        }
        failure = nil
        let normal = ortho / length(ortho)
        return Neutral(up: up, normal: normal, hinge: cross(up, normal), accelScale: 1 / magnitude,
                       gyroBias: sumG / Double(count), stamp: s.stamp)
    }

    public mutating func reset() {
        count = 0
        sumA = .zero
        sumG = .zero
    }
}
