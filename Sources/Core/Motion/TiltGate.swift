/// A tilt gesture the gate let through.
public enum GestureKind: String, Sendable, Codable, CaseIterable {
    /// Tilt down: the screen normal turns toward the floor.
    case correct
    /// Tilt up: toward the ceiling.
    case pass
}

public struct TiltEvent: Sendable, Equatable {
    /// Trace timeline of the sample that fired.
    public var stamp: DeviceTime
    public var kind: GestureKind
    public var tilt: Double

    public init(stamp: DeviceTime, kind: GestureKind, tilt: Double) {
        self.stamp = stamp
        self.kind = kind
        self.tilt = tilt
    }
}

/// Debounce: fire once when tilt passes ±fire, then stay locked until the head is back within ±rearm.
/// Holding the head down with tremor around the threshold can therefore never fire twice.
public struct TiltGate: Sendable {
    public enum State: Sendable, Equatable { case uncalibrated, armed, locked }

    public private(set) var state = State.uncalibrated
    private let settings: TiltSettings
    private let dwell: Double
    private var pastSince = -Double.infinity
    private var pastInterval = 0.0
    /// Samples (not ticks) seen past the threshold since `pastSince`, and whether the device's samples come further
    /// apart than the silence ticks (its last `nextSampleIn` since `pastSince`: a dwell begun on a tick is on a held
    /// value, whatever an earlier gesture's samples said).
    private var pastSamples = 0
    private var slowSensor = false
    /// The last sample's time and how soon the next was due then: a silence well past that is a held value.
    private var lastSampleTime = -Double.infinity
    private var lastSampleDue = 0.0
    private var pastKind = GestureKind.correct
    private var crossedInGap: GestureKind?

    /// `dwell`: how long tilt must stay past the threshold, with the accelerometer steady, before firing (0 = at once).
    public init(settings: TiltSettings, dwell: Double = 0) {
        self.settings = settings
        self.dwell = dwell
    }

    /// One step. `settled` is false while the estimator re-seeds after a gap: nothing fires then.
    /// `nextSampleIn`: given with a sample, how soon the device's next sample is due at the soonest, its interval (0:
    /// unknown). A dwell that a silence tick would complete before then fires on this sample: that tick would bring no
    /// sample, so nothing the dwell waits to see (ticks sooner than `tickPeriods` intervals move no tilt), only its
    /// delay.
    /// `fromMidInterval`: this sample's dwell may count from half that interval before the first sample past the
    /// threshold, where the tilt got, on average: a 45 Hz sensor waited three samples, 67 ms, for a 50 ms dwell; now
    /// two, 45 ms (never more than half the dwell earlier). A tick brings no sample and counts from the first sample
    /// itself: credited, a tick fired 20 Hz tilts on one sample, among them the onset of fast tilts down, whose lever
    /// reads as a pass for one sample.
    @inline(__always)
    public mutating func step(tilt: Double, time: Double, stamp: DeviceTime, calibrated: Bool, settled: Bool, steady: Bool = true,
                              quick: Bool = false, early: Bool = false, nextSampleIn: Double = 0, fromMidInterval: Bool = false,
                              sample: Bool = true) -> TiltEvent? {
        // Tilting back, the lever from the neck turns vertical near the pass threshold: there the head's own
        // acceleration and a tilt look alike to an accelerometer, so the observer's pass waits a moment more
        // unless the estimator vouches for it (`early`: well past the threshold, and the observer consistent).
        let passDwell = early ? 0 : settings.observerPassDwellSeconds
        let dwell = quick ? (tilt > 0 ? passDwell : settings.observerDwellSeconds) : self.dwell
        guard calibrated else {
            state = .uncalibrated
            return nil
        }
        let magnitude = abs(tilt)
        if sample {
            lastSampleTime = time
            lastSampleDue = nextSampleIn
        }
        if !settled {
            // Data was lost and the estimator is re-seeding: nothing fires on the jump. If the gate was armed,
            // remember which side the tilt went; it fires once settled only if the tilt is still there.
            if magnitude >= settings.fireDegrees {
                if state == .armed { crossedInGap = tilt < 0 ? .correct : .pass } else { state = .locked }
            }
            pastSince = -.infinity
            return nil
        }
        if let kind = crossedInGap {
            crossedInGap = nil
            if state == .armed, magnitude >= settings.fireDegrees, (tilt < 0) == (kind == .correct) {
                state = .locked
                return TiltEvent(stamp: stamp, kind: kind, tilt: tilt)
            }
        }
        switch state {
        case .uncalibrated:
            // Calibration happens on a still neutral pose; arm only once we are near it.
            state = magnitude <= settings.rearmDegrees ? .armed : .locked
            return nil
        case .locked:
            if magnitude <= settings.rearmDegrees { state = .armed }
            return nil
        case .armed:
            guard magnitude >= settings.fireDegrees, steady || self.dwell == 0 else {
                pastSince = -.infinity
                return nil
            }
            let kind: GestureKind = tilt < 0 ? .correct : .pass
            if pastSince == -.infinity || kind != pastKind {
                pastSince = time
                pastInterval = fromMidInterval ? nextSampleIn : 0
                pastKind = kind
                pastSamples = 0
                slowSensor = false
            }
            if sample {
                pastSamples += 1
                slowSensor = nextSampleIn > settings.tickSeconds
            }
            // The low-pass path (no trusted observer) of a slow sensor waits for a second sample past the threshold:
            // at 10–14 Hz its dwell ended on the first, and one sample of the lever's swing at the onset of a fast
            // tilt down, or of button mashing, read as a held pass. Samples as frequent as the ticks need no second
            // one, and neither does a silence longer than `tickPeriods` intervals: the device held its value (a hub
            // that reports only on change), and ticks then move the tilt.
            let held = !sample && time - lastSampleTime > settings.tickPeriods * lastSampleDue
            if !quick, dwell > 0, slowSensor, pastSamples < 2, !held, settings.slowLowPassNeedsTwoSamples { return nil }
            let credit = fromMidInterval && nextSampleIn > 0 ? min(pastInterval, dwell) / 2 : 0
            guard time - pastSince + credit >= dwell - 1e-9 || tickEndsDwellFirst(time: time, dwell: dwell, nextSampleIn: nextSampleIn)
            else { return nil }
            state = .locked
            pastSince = -.infinity
            return TiltEvent(stamp: stamp, kind: kind, tilt: tilt)
        }
    }

    /// Whether, with no sample sooner than `nextSampleIn`, a silence tick (every `tickSeconds` from this sample, no
    /// credit) would end the dwell begun at `pastSince` before the next sample could: at 10–20 Hz every dwell ended so,
    /// 50–70 ms after the sample that decided it. The next sample may come a tenth of an interval early (a sensor
    /// hub's jitter); then it is waited for.
    @inline(__always)
    private func tickEndsDwellFirst(time: Double, dwell: Double, nextSampleIn: Double) -> Bool {
        let step = settings.tickSeconds
        guard settings.dwellEndsOnSample, nextSampleIn > step, step > 0 else { return false }
        let wait = pastSince + dwell - time
        let firstTick = step * max(1, ((wait - 1e-9) / step).rounded(.up))
        return firstTick < nextSampleIn * 0.9
    }
}

/// Estimator and gate together: the one pipeline that trace replay, live input and the game share.
public struct GestureDetector: Sendable {
    public private(set) var estimator: TiltEstimator
    public private(set) var gate: TiltGate

    public init(hasGyro: Bool, settings: TiltSettings = TiltSettings()) {
        estimator = TiltEstimator(mode: hasGyro ? .fused : .accelerometerOnly, settings: settings)
        gate = TiltGate(settings: settings, dwell: hasGyro ? 0 : settings.accelOnlyDwellSeconds)
    }

    public var tilt: Double { estimator.tilt }

    @inline(__always)
    public mutating func process(_ s: MotionSample) -> TiltEvent? {
        let tilt = estimator.update(s)
        let settled = estimator.sinceSeed >= estimator.settings.settleSeconds
        return gate.step(tilt: tilt, time: s.time, stamp: s.stamp, calibrated: estimator.isCalibrated, settled: settled,
                         steady: estimator.accelTrusted, quick: estimator.quick, early: estimator.earlyPass,
                         nextSampleIn: nextSampleIn, fromMidInterval: midInterval)
    }

    /// Without a gyro, how soon the next sample is due at the soonest: the device's own interval (a regular slow
    /// sensor's ticks fall between its samples). With a gyro there is no dwell to end. Given whatever
    /// `dwellEndsOnSample` says: the slow low-pass path's second sample needs it too.
    private var nextSampleIn: Double {
        estimator.mode == .accelerometerOnly ? estimator.sampleInterval : 0
    }

    /// Only the mirror rule's dwell counts from mid-interval: the observer's own pass dwell and the low-pass path's,
    /// counted so, fired nods a lost observer read as passes, at 69–100 Hz, one sample before the next would have
    /// stopped them (tuning seeds).
    private var midInterval: Bool { estimator.mirrorLatched && estimator.settings.mirrorDwellFromMidInterval }

    /// Time passed with no sample (`stamp` on the trace timeline): in evdev the device holds its last values.
    /// Live input calls it from the reader's poll timeout, replay between samples further apart than
    /// `tickSeconds`, so a silent device calibrates and a held tilt fires on time.
    @inline(__always)
    public mutating func tick(stamp: DeviceTime) -> TiltEvent? {
        let wasCalibrated = estimator.isCalibrated
        let tilt = estimator.hold(stamp: stamp)
        // Only a calibration or an accelerometer-only filter moves on held values (see TiltEstimator.hold).
        guard estimator.isCalibrated, !wasCalibrated || estimator.mode == .accelerometerOnly else { return nil }
        let settled = estimator.sinceSeed >= estimator.settings.settleSeconds
        return gate.step(tilt: tilt, time: estimator.now, stamp: stamp, calibrated: estimator.isCalibrated, settled: settled,
                         steady: estimator.accelTrusted, quick: estimator.quick, early: estimator.earlyPass, sample: false)
    }

    /// Forget the neutral pose (the game's countdown after a pause or reconnect takes a new one).
    public mutating func recalibrate() {
        estimator.recalibrate()
        gate = TiltGate(settings: estimator.settings, dwell: estimator.mode == .fused ? 0 : estimator.settings.accelOnlyDwellSeconds)
    }
}
