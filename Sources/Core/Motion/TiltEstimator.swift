import Platform
/// Estimates tilt, in degrees from the calibrated neutral, from one sample at a time.
///
/// With a gyro it tracks the "up" vector in the device frame: the gyro rotates it every sample (fast, and blind
/// to the head's linear acceleration), the accelerometer pulls it back slowly and only while it can be trusted
/// (magnitude near 1 g and direction near the estimate), and the gyro bias keeps being learnt while the device
/// is still. Without a gyro it low-passes the accelerometer. Tilt is the elevation of the screen normal, so yaw
/// and head roll leave it unchanged. No allocation, no clock: time comes in the sample.
public struct TiltEstimator: Sendable {
    public enum Mode: Sendable { case fused, accelerometerOnly }

    public let mode: Mode
    public let settings: TiltSettings
    public private(set) var neutral: NeutralCalibrator.Neutral?
    /// Latest tilt in degrees (0 until calibrated).
    public private(set) var tilt = 0.0
    /// Whether the accelerometer agreed with the estimate on the last sample (for plots and tests).
    public private(set) var accelTrusted = false
    /// Samples since the last (re-)seed; the gate holds fire until the filter has settled.
    public private(set) var sinceSeed = 0.0

    private var calibrator: NeutralCalibrator
    private var accelOnly: AccelOnlyTilt
    /// The accelerometer-only observer is trusted now: the gate fires without its dwell.
    public private(set) var quick = false
    /// The observer's pass may fire at once: far past the threshold and consistent with itself.
    public private(set) var earlyPass = false
    /// The observer took the mirror of a fast upward tilt: the low-pass decides (see `mirrorPassMarginDegrees`).
    public private(set) var mirrorLatched = false
    /// The device's sample interval (EMA), for telling a silence from the wait for the next sample.
    private var samplePeriod = 0.0
    /// The device's own sample interval while it sends (the shortest lately: a silence is not one), for the
    /// gate's dwell at slow report rates.
    public private(set) var sampleInterval = 0.0
    private var up = SIMD3<Double>(0, 1, 0)
    /// The "up" vector the estimator believes, in the canonical frame (for tests: with a gyro it must stay on the
    /// accelerometer's direction while the device turns slowly).
    public var upEstimate: SIMD3<Double> { up }
    private var bias = SIMD3<Double>.zero
    private var lastTime = 0.0
    private var seeded = false
    private var disagreeFor = 0.0
    private var needsSeed = false
    private var waitingFor = 0.0
    /// Sample-clock time of the last sample or hold.
    public private(set) var now = 0.0
    /// The last sample: the value the device holds until it sends another.
    private var latest: MotionSample?
    private let cosReject: Double
    private let radiansPerDegree = Double.pi / 180

    public init(mode: Mode, settings: TiltSettings = TiltSettings()) {
        self.mode = mode
        self.settings = settings
        self.calibrator = NeutralCalibrator(settings: settings, hasGyro: mode == .fused)
        accelOnly = AccelOnlyTilt(settings: settings)
        self.cosReject = _cos(settings.rejectDegrees * Double.pi / 180)
    }

    public var isCalibrated: Bool { neutral != nil }
    public var calibrationFailure: NeutralCalibrator.Failure? { calibrator.failure }

    /// Takes the neutral pose from outside (live input re-uses a previous calibration after a reconnect).
    public mutating func recalibrate() {
        neutral = nil
        seeded = false
        calibrator.reset()
        tilt = 0
    }

    /// Time passed and the device sent nothing: in evdev that means nothing changed. Calibration counts it as
    /// stillness; without a gyro the filter keeps settling on the held value. `stamp` is on the trace timeline
    /// (live: the reader's clock mapped onto the event times); returns the tilt.
    @inline(__always)
    public mutating func hold(stamp: DeviceTime) -> Double {
        guard let last = latest, stamp > last.stamp else { return tilt }
        let time = last.time + (stamp - last.stamp)
        now = time
        guard let n = neutral else {
            if calibrator.isEmpty {
                // Asked to recalibrate while the device is silent: its held value starts a still period now.
                var s = last
                s.time = time
                s.stamp = stamp
                s.afterGap = false
                _ = calibrator.add(s)
                return tilt
            }
            if let found = calibrator.hold(until: time, stamp: stamp) {
                neutral = found
                bias = found.gyroBias
                var s = last
                s.time = time
                s.stamp = stamp
                seed(s, n: found, up: found.up)
            }
            return tilt
        }
        // A gyro device that goes quiet is handled as before by its next sample (it never does in practice:
        // gyro noise exceeds any fuzz). Without a gyro the tilt is what the filter would reach on the held value;
        // the filter itself moves only on samples, so live input (whose ticks fall where the poll wakes) and
        // replay keep the same state.
        // A tick sooner than the device's next sample is no silence: during a move the held value is one distorted
        // sample, and an observer put at rest on it read 0–10° mid-gesture, re-arming the gate for a second event
        // on the next sample (50 Hz and slower sensors, whose samples are a tick or more apart).
        guard mode == .accelerometerOnly, seeded, !needsSeed, time - lastTime > settings.tickPeriods * samplePeriod
        else { return tilt }
        let a = last.accel * n.accelScale
        let k = (time - lastTime) / (settings.accelOnlySeconds + time - lastTime)
        let low = elevation(length(a) > 0 ? up + (a - up) * k : up, n)
        if mirrorLatched {
            tilt = low
            accelTrusted = low >= settings.fireDegrees + settings.mirrorPassMarginDegrees
                && abs(length(a) - 1) < settings.observerPassSteadyG && !accelOnly.consistent
        } else if quick {
            // Silence means the value held: the head is at rest, so the observer must not carry its rate on.
            var o = accelOnly.observer
            let (fu, fn) = pitchPlane(a, n)
            o.atRest(rateSigma: 0.1, accelerationSigma: 1)
            o.update(fu: fu, fn: fn, dt: time - lastTime)
            tilt = o.x[0] * degreesPerRadian
            accelTrusted = low * (tilt < 0 ? -1 : 1) >= settings.fireDegrees
        } else {
            tilt = low
        }
        return tilt
    }

    /// The accelerometer in the nod's plane: along neutral "up" with the roll folded in, and along the normal.
    @inline(__always)
    private func pitchPlane(_ a: SIMD3<Double>, _ n: NeutralCalibrator.Neutral) -> (Double, Double) {
        let u = dot(a, n.up), h = dot(a, n.hinge)
        let folded = (u * u + h * h).squareRoot()
        return (u < 0 ? -folded : folded, dot(a, n.normal))
    }

    @inline(__always)
    private mutating func settle(toward a: SIMD3<Double>, magnitude m: Double, dt: Double) {
        if m > 0 && abs(m - 1) <= settings.accelOnlyKnockG {
            let k = dt / (settings.accelOnlySeconds + dt)
            up += (a - up) * k
        }
    }

    @inline(__always)
    public mutating func update(_ s: MotionSample) -> Double {
        defer { latest = s; now = s.time }
        guard let n = neutral else {
            if let found = calibrator.add(s) {
                neutral = found
                bias = found.gyroBias
                seed(s, n: found, up: found.up)
            }
            return tilt
        }
        var dt = s.time - lastTime
        lastTime = s.time
        if dt > 0, dt <= settings.maxSampleGapSeconds { samplePeriod += (dt - samplePeriod) * (samplePeriod == 0 ? 1 : 0.05) }
        if mode == .accelerometerOnly, let last = latest?.time, s.time > last, s.time - last <= settings.maxSampleGapSeconds {
            // Down at once, up slowly and at most to twice: silences (a fuzz-filtered device at rest) are not intervals.
            let d = s.time - last
            sampleInterval = sampleInterval == 0 || d < sampleInterval ? d
                : sampleInterval + (min(d, 2 * sampleInterval) - sampleInterval) * 0.05
        }
        if mode == .accelerometerOnly, !s.afterGap, seeded, !needsSeed, dt > settings.maxSampleGapSeconds, let last = latest {
            // No events meant no change: the previous value held until a sample period ago, then this one.
            let period = min(settings.accelOnlyHoldStep, dt)
            let held = last.accel * n.accelScale, heldMagnitude = length(held)
            settle(toward: held, magnitude: heldMagnitude, dt: dt - period)
            // The head was still all that time: the observer restarts from the held value, at rest.
            let (hu, hn) = pitchPlane(held, n)
            accelOnly.stillSince(held: SIMD2(hu, hn), magnitude: heldMagnitude, time: s.time - period)
            sinceSeed += dt - period
            dt = period
        }
        if s.afterGap || dt > settings.maxSampleGapSeconds || !seeded {
            needsSeed = true
            seeded = true
            dt = 0
        }
        if dt < 0 { dt = 0 }  // bursts share one time; never integrate backwards
        let a = s.accel * n.accelScale
        let magnitude = length(a)
        if needsSeed {
            // After lost data the orientation is unknown: take it from the first calm accelerometer sample
            // (a jolted one would be worse than the stale estimate), and stay unsettled until then.
            waitingFor += dt
            let w = s.gyro - bias
            let calm = abs(magnitude - 1) < settings.rejectMagnitudeG && (mode == .accelerometerOnly || dot(w, w) < 400)
            if calm || waitingFor > 0.5 {
                seed(s, n: n, up: nil)
                return tilt
            }
            sinceSeed = 0
        } else {
            sinceSeed += dt
        }

        switch mode {
        case .fused:
            let w = (s.gyro - bias) * radiansPerDegree
            // A world-fixed vector seen from the rotating device: d(up)/dt = up × ω.
            up += cross(up, w) * dt
            var trusted = false
            if magnitude > 0 {
                let measured = a / magnitude
                let agreement = dot(measured, up) / length(up)
                let magnitudeOK = abs(magnitude - 1) < settings.rejectMagnitudeG
                trusted = magnitudeOK && agreement > cosReject
                // A steady 1 g that keeps disagreeing means the estimate drifted (or was seeded during a jolt),
                // not that the head accelerates for a second: then believe the accelerometer again.
                if trusted { disagreeFor = 0 } else if magnitudeOK { disagreeFor += dt }
                let settling = sinceSeed < settings.settleSeconds && !needsSeed
                if trusted || disagreeFor > 1 || (settling && magnitudeOK) {
                    // Right after a seed from one sample, converge fast to average its noise out.
                    let tau = settling ? 0.02 : settings.fusionSeconds
                    let k = dt / (tau + dt)
                    up += (measured - up) * k
                }
                // Learn the gyro bias while the device is clearly still.
                let wDeg = s.gyro - bias
                if trusted && dot(wDeg, wDeg) < 9 && abs(magnitude - 1) < 0.03 {
                    bias += wDeg * (dt / (3 + dt))
                }
            }
            accelTrusted = trusted
            up /= length(up)
        case .accelerometerOnly:
            settle(toward: a, magnitude: magnitude, dt: dt)
            let low = elevation(up, n)
            var rest = dt
            if dt > 1.5 * settings.accelOnlyHoldStep, let last = latest {
                // Silence within a move: the previous value held, one sample period at a time (what the device
                // would have sent), so the observer neither extrapolates its acceleration across the gap nor
                // misses the rest it implies.
                let held = last.accel * n.accelScale
                let (hu, hn) = pitchPlane(held, n)
                let m = length(held)
                let steps = Int((dt / settings.accelOnlyHoldStep).rounded(.down)) - 1
                // A sensor that sends every sample (IIO) at 10–50 Hz held nothing between two: the head moved on, so
                // the observer sees the way from one to the next (the held value made it stop and jump at every
                // sample). The shake and rest measures still see the held value: smoothed, mashing read as calm.
                let sampled = settings.observerBetweenSamples && sampleInterval > 0 && dt <= 1.5 * sampleInterval
                for i in 0..<max(0, steps) {
                    let f = Double(i + 1) * settings.accelOnlyHoldStep
                    var between: SIMD2<Double>?
                    if sampled {
                        let (vu, vn) = pitchPlane(held + (a - held) * (f / dt), n)
                        between = SIMD2(vu, vn)
                    }
                    accelOnly.update(fu: hu, fn: hn, magnitude: m, time: s.time - dt + f, dt: settings.accelOnlyHoldStep, between: between)
                }
                rest = dt - Double(max(0, steps)) * settings.accelOnlyHoldStep
            }
            let (fu, fn) = pitchPlane(a, n)
            accelOnly.update(fu: fu, fn: fn, magnitude: magnitude, time: s.time, dt: rest)
            quick = settings.accelOnlyObserver && accelOnly.calmBefore
            earlyPass = false
            // The observer took the mirror of a fast upward tilt (see `mirrorPassMarginDegrees`): from then on the
            // low-pass decides, firing through the pass dwell and re-arming, until the two agree again (else the
            // observer's mirror, under the re-arm band, would re-arm the gate mid-pass and fire it twice).
            let past = min(low, elevation(a, n)) >= settings.fireDegrees + settings.mirrorPassMarginDegrees
            if quick, past, accelOnly.degrees < settings.fireDegrees, !accelOnly.consistent { mirrorLatched = true }
            if mirrorLatched, !quick || abs(low - accelOnly.degrees) < settings.restReseedDegrees || low <= settings.rearmDegrees {
                mirrorLatched = false
            }
            if mirrorLatched {
                tilt = low
                // It fires only while the observer is still inconsistent: one that follows its own rate again is
                // tracking a real move, such as a fast tilt down whose onset the lever shows the low-pass and the
                // raw angle as a pass for 50–60 ms (classic round wiimote 4120044, its tilt down then missed).
                accelTrusted = past && abs(magnitude - 1) < settings.observerPassSteadyG && !accelOnly.consistent
                return tilt
            }
            if quick {
                // The observer explains the head's acceleration; the low-pass must agree on the side it is past.
                tilt = accelOnly.degrees
                // Tilting back, the lever from the neck turns vertical near the pass threshold: there the head's
                // own acceleration and a tilt look alike, so a pass also needs |a| near 1 g.
                // Far enough past the threshold, with an observer that follows its own rate, it alone decides
                // (the gate then skips the pass dwell). An observer that lost the head since it last rested fires
                // no pass at all: the lever's acceleration it took for tilt looks like a held pass with |a| near 1 g
                // (shaking's onset, before the lagged vibration measure sees it).
                earlyPass = tilt >= settings.fireDegrees + settings.observerPassMarginDegrees
                    && accelOnly.consistent
                // A drifted observer still fires a pass where the accelerometer vouches for it: the observer, the
                // low-pass and the raw angle all `mirrorPassMarginDegrees` past the threshold and the observer
                // within `driftedPassAgreementDegrees` of the low-pass (through the pass dwell, |a| near 1 g).
                // A fast pass's own onset drags the observer past `observerDriftDps` while it follows the head;
                // with a shaking hand it may not rest again before the pass is over (0.4–1 s late: a miss and a
                // false event). A nod a lost observer reads as a pass swings the raw angle away within the dwell.
                let steadyPass = abs(magnitude - 1) < settings.observerPassSteadyG
                let clear = settings.fireDegrees + settings.mirrorPassMarginDegrees
                let vouched = accelOnly.drifted && tilt >= clear && min(low, elevation(a, n)) >= clear
                    && abs(low - tilt) < settings.driftedPassAgreementDegrees
                accelTrusted = low * (tilt < 0 ? -1 : 1) >= settings.fireDegrees
                    && (tilt < 0 || steadyPass && (!accelOnly.drifted || vouched) || earlyPass)
                return tilt
            }
            // Without a gyro, tilt is only believable while the head is not accelerating, and not at all while
            // the device had been shaken hard just before (button mashing swings the low-pass past the threshold).
            accelTrusted = abs(magnitude - 1) < settings.accelOnlySteadyG && accelOnly.vibrationBefore < settings.accelOnlyVetoG
        }
        tilt = elevation(up, n)
        return tilt
    }

    @inline(__always)
    private func elevation(_ v: SIMD3<Double>, _ n: NeutralCalibrator.Neutral) -> Double {
        let z = dot(v, n.normal)
        let u = dot(v, n.up)
        let h = dot(v, n.hinge)
        return _atan2(z, (u * u + h * h).squareRoot()) * degreesPerRadian
    }

    private mutating func seed(_ s: MotionSample, n: NeutralCalibrator.Neutral, up given: SIMD3<Double>?) {
        let a = s.accel * n.accelScale
        let m = length(a)
        if let given {
            up = given
        } else if m > 0 {
            up = mode == .fused ? a / m : a
        }
        needsSeed = false
        waitingFor = 0
        lastTime = s.time
        sinceSeed = 0
        seeded = true
        disagreeFor = 0
        tilt = elevation(up, n)
        accelOnly.seed(elevation: tilt / degreesPerRadian)
        quick = false
        earlyPass = false
        mirrorLatched = false
    }
}
