import Platform
/// Anything that turns samples into gestures: the engine's detector and the baselines it is compared with.
public protocol TiltDetecting {
    mutating func process(_ s: MotionSample) -> TiltEvent?
    /// Time passed with no sample (see `GestureDetector.tick`); the baselines ignore it.
    mutating func tick(stamp: DeviceTime) -> TiltEvent?
}

extension TiltDetecting {
    public mutating func tick(stamp: DeviceTime) -> TiltEvent? { nil }
}

extension GestureDetector: TiltDetecting {}

/// The engine or one of its baselines, as `--detector` names them.
public enum DetectorKind: String, Sendable, CaseIterable {
    case kape, naive, complementary
}

/// What most clones do: the accelerometer's raw angle against a fixed threshold, then a time cooldown.
/// Calibrated to the same neutral as the engine so the comparison is about the signal, not the reference.
public struct NaiveAccelDetector: TiltDetecting {
    private var calibrator: NeutralCalibrator
    private var neutral: NeutralCalibrator.Neutral?
    private let fire: Double
    private var cooldownUntil = -Double.infinity
    public static let cooldown = 1.0

    public init(settings: TiltSettings = TiltSettings()) {
        calibrator = NeutralCalibrator(settings: settings)
        fire = settings.fireDegrees
    }

    public mutating func process(_ s: MotionSample) -> TiltEvent? {
        guard let n = neutral else {
            neutral = calibrator.add(s)
            return nil
        }
        let tilt = _atan2(dot(s.accel, n.normal), (dot(s.accel, n.up) * dot(s.accel, n.up) + dot(s.accel, n.hinge) * dot(s.accel, n.hinge)).squareRoot()) * degreesPerRadian
        guard s.time >= cooldownUntil, abs(tilt) >= fire else { return nil }
        cooldownUntil = s.time + Self.cooldown
        return TiltEvent(stamp: s.stamp, kind: tilt < 0 ? .correct : .pass, tilt: tilt)
    }
}

/// The textbook single-axis complementary filter, angle = 0.98·(angle + ω·dt) + 0.02·accel angle, with the
/// engine's gate. It integrates the gyro about the device's X axis only, so yaw and roll leak into it.
public struct ComplementaryDetector: TiltDetecting {
    private var calibrator: NeutralCalibrator
    private var neutral: NeutralCalibrator.Neutral?
    private var gate: TiltGate
    private var angle = 0.0
    private var lastTime = 0.0
    private var sign = 1.0

    public init(settings: TiltSettings = TiltSettings()) {
        calibrator = NeutralCalibrator(settings: settings)
        gate = TiltGate(settings: settings)
    }

    public mutating func process(_ s: MotionSample) -> TiltEvent? {
        guard let n = neutral else {
            if let found = calibrator.add(s) {
                neutral = found
                lastTime = s.time
                // Nodding down turns the screen normal toward the floor: positive rotation about X (pointing left) when upright, about −X when flipped.
                sign = found.up.y >= 0 ? -1 : 1
            }
            return nil
        }
        let dt = max(0, min(s.time - lastTime, 0.25))
        lastTime = s.time
        let accelAngle = _atan2(dot(s.accel, n.normal), dot(s.accel, n.up)) * degreesPerRadian
        let rate = (s.gyro.x - n.gyroBias.x) * sign
        angle = 0.98 * (angle + rate * dt) + 0.02 * accelAngle
        return gate.step(tilt: angle, time: s.time, stamp: s.stamp, calibrated: true, settled: true)
    }
}
