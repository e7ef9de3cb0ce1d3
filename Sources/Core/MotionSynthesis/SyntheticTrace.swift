import Motion
import Platform
/// A synthetic round: the events a real motion node would have sent for a simulated player, and the truth.
public struct SyntheticTrace: Sendable {
    public struct Options: Sendable {
        public var profile = DeviceProfile.ds250
        /// Landscape flipped: the device rotated 180° about its screen normal.
        public var flipped = false
        /// Distance from the neck's pivot to the device, metres.
        public var pivotRadius: Double?
        public var roundSeconds = 60.0
        public var distractors = true
        /// Write resolution 0 for the accelerometer (drivers that do not say); the engine must derive 1 g.
        public var unknownAccelResolution = false
        public var fireDegrees = 35.0
        public var maxIdleSeconds = 4.5
        /// Accelerometer noise, g rms per axis (nil: the profile's 0.006 g).
        public var accelNoise: Double?
        /// The accelerometer-only trials' distractors (2–3 Hz nods of 12–15°, laughs, walking, bumps, still spells).
        public var hardDistractors = false
        /// Half the gestures fast and large (60–85° at 150–380 °/s peak, held 0.15–0.9 s, up or down alike) with
        /// the hand shaking the device: nil follows `hardDistractors` (the hard corpus has them).
        public var fastGestures: Bool?
        /// A round without gestures: button mashing with the device in hand (±3–8° jitter and knocks).
        public var mashing = false

        public init() {}
    }

    /// A stretch of the round with something in it that must not fire, and what it is.
    public struct Distractor: Sendable {
        public var start: Double
        public var end: Double
        public var name: String
    }

    public var device: MotionDeviceInfo
    public var events: [InputEvent]
    public var truth: [TruthEvent]
    /// The physical samples before quantisation, on the trace timeline (for CSV output and tests).
    public var samples: [MotionSample]
    public var options: Options
    public var distractors: [Distractor]
    /// Samples per second at the device (the laptop draws its own per round).
    public var reportRate: Double

    public static func generate(seed: UInt64, options: Options) -> SyntheticTrace {
        var random = SeededGenerator(seed: seed)
        var round = RoundScript(options: .init(roundSeconds: options.roundSeconds, distractors: options.distractors,
                                                maxIdleSeconds: options.maxIdleSeconds, hard: options.hardDistractors,
                                                mashing: options.mashing,
                                                fastGestures: options.fastGestures ?? options.hardDistractors), random: &random)
        round.script.sortMoves()
        let radius = options.pivotRadius ?? random.uniform(0.10...0.18)
        let body = HeadBody(script: round.script, pivotToDevice: radius, flipped: options.flipped,
                            neutralPitch: round.script.pitch.initial, neutralRoll: round.script.roll.initial)
        var sensor = SensorModel(profile: options.profile, unknownAccelResolution: options.unknownAccelResolution,
                                 accelNoise: options.accelNoise ?? 0.006, random: &random)
        let truth = body.truthCrossings(until: round.duration, threshold: options.fireDegrees)
        let (events, samples) = sensor.record(body: body, duration: round.duration, random: &random)
        return SyntheticTrace(device: sensor.device, events: events, truth: truth, samples: samples, options: options,
                              distractors: round.distractors.map { Distractor(start: $0.start, end: $0.end, name: $0.name) },
                              reportRate: 1 / sensor.period)
    }
}

extension HeadMotionScript {
    mutating func sortMoves() {
        pitch.moves.sort { $0.start < $1.start }
        yaw.moves.sort { $0.start < $1.start }
        roll.moves.sort { $0.start < $1.start }
    }
}

/// The head on its neck, and the device strapped to the forehead: orientation, position and their derivatives.
struct HeadBody: Sendable {
    let script: HeadMotionScript
    /// Neck pivot to device, in the head frame at neutral (world axes: x forward, y left, z up).
    let lever: SIMD3<Double>
    /// Device axes in the head frame (columns X, Y, Z).
    let mount: Matrix3
    /// The device-fixed direction that is horizontal at neutral: tilt is its elevation (what calibration measures).
    let normalInDevice: SIMD3<Double>

    init(script: HeadMotionScript, pivotToDevice radius: Double, flipped: Bool, neutralPitch: Double, neutralRoll: Double) {
        self.script = script
        // Mostly up from the neck, somewhat forward: the forehead.
        let forward = radius * 0.55, up = radius * (1 - 0.55 * 0.55).squareRoot()
        lever = SIMD3(forward, 0, up)
        // Device at neutral: Z forward (x), Y up (z), X = Y × Z (left, y). Flipped: X and Y reversed.
        let s = flipped ? -1.0 : 1.0
        mount = Matrix3(columns: (SIMD3(0, s, 0), SIMD3(0, 0, s), SIMD3(1, 0, 0)))
        // The up vector in device coordinates at the neutral pose, and Z made orthogonal to it.
        let r0 = Self.rotation(pitch: neutralPitch, yaw: 0, roll: neutralRoll) * mount
        let upDevice = r0.transposed * SIMD3(0, 0, 1)
        let z = SIMD3<Double>(0, 0, 1)
        let ortho = z - upDevice * dot(z, upDevice)
        normalInDevice = ortho / length(ortho)
    }

    /// World rotation of the head: yaw about up, then pitch about left (positive = nod down), then roll.
    static func rotation(pitch: Double, yaw: Double, roll: Double) -> Matrix3 {
        let r = Double.pi / 180
        return Matrix3.rotationZ(yaw * r) * Matrix3.rotationY(pitch * r) * Matrix3.rotationX(roll * r)
    }

    func deviceToWorld(_ t: Double) -> Matrix3 {
        Self.rotation(pitch: script.pitch.value(at: t), yaw: script.yaw.value(at: t), roll: script.roll.value(at: t)) * mount
    }

    func position(_ t: Double) -> SIMD3<Double> {
        let head = Self.rotation(pitch: script.pitch.value(at: t), yaw: script.yaw.value(at: t), roll: script.roll.value(at: t))
        return head * lever + script.translation(at: t)
    }

    /// Elevation of the calibrated normal, degrees: negative toward the floor. The truth the engine estimates.
    func tilt(_ t: Double) -> Double {
        let n = deviceToWorld(t) * normalInDevice
        return _asin(max(-1, min(1, n.z))) * 180 / Double.pi
    }

    /// Specific force (g) and angular rate (deg/s) in the device frame, from central differences.
    func imu(_ t: Double) -> (accel: SIMD3<Double>, gyro: SIMD3<Double>) {
        let h = 0.0005
        let r = deviceToWorld(t)
        let acceleration = (position(t + h) - 2 * position(t) + position(t - h)) / (h * h)
        let specific = (acceleration + SIMD3(0, 0, 9.80665)) / 9.80665
        let dr = (deviceToWorld(t + h) - deviceToWorld(t - h)) * (1 / (2 * h))
        let omega = dr * r.transposed  // skew-symmetric: [ω]×
        let w = SIMD3(omega[2, 1] - omega[1, 2], omega[0, 2] - omega[2, 0], omega[1, 0] - omega[0, 1]) * 0.5
        let rt = r.transposed
        return (rt * specific, rt * w * (180 / Double.pi))
    }

    /// Times the true tilt first passes ±threshold after being within the re-arm band: one per real gesture.
    func truthCrossings(until end: Double, threshold: Double, rearm: Double = 10) -> [TruthEvent] {
        var out: [TruthEvent] = []
        var armed = true
        var previous = tilt(0)
        var t = 0.0
        let step = 0.0005
        while t < end {
            t += step
            let v = tilt(t)
            if armed, abs(v) >= threshold {
                // Interpolate between the two steps for sub-millisecond truth.
                let f = (threshold - abs(previous)) / max(abs(v) - abs(previous), 1e-12)
                out.append(TruthEvent(t: t - step + step * min(max(f, 0), 1), kind: v < 0 ? .correct : .pass))
                armed = false
            } else if !armed, abs(v) <= rearm {
                armed = true
            }
            previous = v
        }
        return out
    }
}

extension SyntheticTrace {
    /// What the device reported, in physical units (noise, bias, quantisation included): the CSV form.
    public func recordedSamples() -> [MotionSample] {
        var assembler = FrameAssembler(device: device, axes: device.driverFrame)
        var out: [MotionSample] = []
        out.reserveCapacity(samples.count)
        for e in events where assembler.push(e) {
            out.append(assembler.sample)
        }
        return out
    }
}
