import Platform

/// Tilt for devices without a gyro: `PitchObserver` while the device has been calm, the plain low-pass (with the
/// gate's dwell) while it shakes.
///
/// The observer follows a fast gesture within a few degrees where the raw accelerometer angle swings by tens, but
/// head motion outside its pitch-plane model (button mashing, a bouncing walk) can lead it astray. So it is trusted
/// only when the accelerometer's magnitude had stayed near 1 g in the half second before the move (the vibration
/// measured `vibrationLag` ago), and it is pinned at rest whenever the accelerometer has been steady for a moment.
/// Ring buffers are allocated once; nothing is allocated per sample.
struct AccelOnlyTilt: Sendable {
    private(set) var observer: PitchObserver
    private let settings: TiltSettings
    /// Recent in-plane samples (time, f·u, f·n) for the rest test.
    private var window: [SIMD3<Double>]
    private var windowHead = 0, windowCount = 0
    /// EMA of (|a| − 1)² and its history, one entry per 10 ms, for the lagged look.
    private var vibration = 0.0
    /// EMA of the accelerometer's fast part, squared (g²), and the low-pass it is measured against.
    private var shake = 0.0
    private var smooth = SIMD2<Double>(1, 0)
    /// EMA of the observer's normalised innovation: high while its lever model does not explain the accelerometer.
    private var misfit = 0.0
    /// EMA of the observer's drag per second, squared ((rad/s)²): how far its elevation strays from its own rate.
    private var drag = 0.0
    /// The drag passed `observerDriftDps` since the observer last agreed with a steady accelerometer: lost once,
    /// it can stay on a wrong solution through several moves, with the drag low for a moment now and then.
    private(set) var drifted = false
    /// The observer may fire a pass on its own: consistent now and since it was last anchored at rest.
    var consistent: Bool { !drifted && drag.squareRoot() * degreesPerRadian < settings.observerPassDragDps }
    private var anchored = true
    /// When the shake was last under `observerShakeG`, and the latest sample time.
    private var unshakenAt = -Double.infinity, now = 0.0
    private var history: [Double]
    private var historyHead = 0, historyCount = 0
    private var historyTime = -Double.infinity
    private static let historyStep = 0.01

    init(settings: TiltSettings) {
        self.settings = settings
        observer = PitchObserver(leverMetres: settings.observerLeverMetres, leverLeanDegrees: settings.observerLeanDegrees,
                                 jerkDensity: settings.observerJerk, measurementNoiseG: settings.observerNoiseG,
                                 outlierSurprise: settings.observerOutlierSurprise)
        window = [SIMD3<Double>](repeating: .zero, count: 128)
        history = [Double](repeating: 0, count: max(2, Int((settings.vibrationLagSeconds / Self.historyStep).rounded(.up)) + 2))
    }

    /// Elevation in degrees from the observer.
    var degrees: Double { observer.x[0] * degreesPerRadian }

    /// RMS of |a| − 1 g (over `vibrationSeconds`) as it was `vibrationLagSeconds` ago.
    var vibrationBefore: Double {
        guard historyCount > 0 else { return 0 }
        let back = min(historyCount - 1, Int((settings.vibrationLagSeconds / Self.historyStep).rounded()))
        return history[(historyHead - 1 - back + history.count * 2) % history.count].squareRoot()
    }

    /// Whether the observer can be trusted now: the device was calm `vibrationLagSeconds` ago (before the move
    /// under way began), it has not been shaking for longer than `observerShakeLatchSeconds` (a fast gesture
    /// shakes it too, for a moment), and the observer's model explains the accelerometer and has not been lost
    /// since it last agreed with it.
    var calmBefore: Bool {
        historyCount > 0 && vibrationBefore < settings.observerCalmG && now - unshakenAt <= settings.observerShakeLatchSeconds
            && misfit < settings.observerMisfitMax && anchored
    }

    mutating func seed(elevation: Double) {
        observer.seed(elevation)
        windowCount = 0
        misfit = 0
        drag = 0
        drifted = false
        anchored = true
    }

    /// The device was silent, so held `held` (in-plane, g) still, up to `time`: whatever shook it before has died
    /// away. Without this the vibration measures froze over a silence and a still device after a bump or a
    /// gesture's return looked shaken, sending the next gesture down the slow path.
    /// The observer restarts from the held value, at rest.
    mutating func stillSince(held: SIMD2<Double>, magnitude: Double, time: Double) {
        seed(elevation: _atan2(held.y, held.x))
        vibration = (magnitude - 1) * (magnitude - 1)
        shake = 0
        unshakenAt = time
        smooth = held
        for i in history.indices { history[i] = vibration }
        historyCount = history.count
        historyTime = time
    }

    /// One sample in the pitch plane (`fu`, `fn`, g), `magnitude` the whole vector's, at sample time `time`.
    /// `between`: the observer's input when it differs from the sample's (between two samples of a slow sensor).
    mutating func update(fu: Double, fn: Double, magnitude: Double, time: Double, dt: Double, between: SIMD2<Double>? = nil) {
        let o = between ?? SIMD2(fu, fn)
        observer.update(fu: o.x, fn: o.y, dt: dt)
        // No head pitches past the vertical: an estimate out there is lost, and the accelerometer restarts it.
        if abs(observer.x[0]) > 1.9 { observer.seed(_atan2(o.y, o.x)) }
        let k = dt / (settings.vibrationSeconds + dt)
        // A knock counts as a sample `vibrationClipG` off, no more: one 100 g sample kept the 0.5 s RMS over the
        // vetoes for 4 s, deaf to every gesture after a bump; mashing's run of knocks still reads as shaking.
        let off = min(abs(magnitude - 1), settings.vibrationClipG)
        vibration += (off * off - vibration) * k
        // Shaking (button mashing, knocks) is fast; a head's gesture is not: what a 30 ms low-pass removes.
        let f = SIMD2(fu, fn)
        smooth += (f - smooth) * (dt / (0.03 + dt))
        let d = f - smooth
        shake += ((d.x * d.x + d.y * d.y) - shake) * (dt / (0.2 + dt))
        now = time
        if shake.squareRoot() < settings.observerShakeG { unshakenAt = time }
        if dt > 0 {
            let d = observer.drag / dt
            drag += (d * d - drag) * (dt / (settings.observerDragSeconds + dt))
            if drag.squareRoot() * degreesPerRadian >= settings.observerDriftDps { drifted = true }
        }
        misfit += (min(observer.surprise, 1000) - misfit) * (dt / (settings.observerMisfitSeconds + dt))
        if misfit >= settings.observerMisfitMax {
            anchored = false
        } else if !anchored {
            // Lost once, the observer can settle on a wrong solution its model explains just as well (tilted far
            // back, the lever's acceleration mimics gravity): trust it again only where the accelerometer, steady
            // at 1 g, says the same.
            let m = (smooth.x * smooth.x + smooth.y * smooth.y).squareRoot()
            anchored = abs(m - 1) < settings.restMagnitudeG
                && abs(_atan2(smooth.y, smooth.x) - observer.x[0]) * degreesPerRadian < settings.restReseedDegrees
        }
        if time - historyTime >= Self.historyStep || historyCount == 0 {
            history[historyHead] = vibration
            historyHead = (historyHead + 1) % history.count
            historyCount = min(historyCount + 1, history.count)
            historyTime = time
        }
        window[windowHead] = SIMD3(time, fu, fn)
        windowHead = (windowHead + 1) % window.count
        windowCount = min(windowCount + 1, window.count)
        restIfSteady(now: time)
    }

    /// Over the last `restSeconds` the accelerometer stayed put at 1 g: the head is at rest.
    private mutating func restIfSteady(now: Double) {
        var n = 0
        var sum = SIMD2<Double>.zero, sum2 = 0.0
        var oldest = now
        for k in 0..<windowCount {
            let e = window[(windowHead - 1 - k + window.count) % window.count]
            if now - e[0] > settings.restSeconds { break }
            n += 1
            sum += SIMD2(e[1], e[2])
            sum2 += e[1] * e[1] + e[2] * e[2]
            oldest = e[0]
        }
        guard n >= 3, now - oldest >= settings.restSeconds * 0.5 else { return }
        let mean = sum / Double(n)
        let spread = max(0, sum2 / Double(n) - (mean.x * mean.x + mean.y * mean.y)).squareRoot()
        let m = (mean.x * mean.x + mean.y * mean.y).squareRoot()
        guard abs(m - 1) < settings.restMagnitudeG, spread < settings.restSpreadG else { return }
        observer.atRest(rateSigma: 0.1, accelerationSigma: 1)
        // Lost while moving: at rest the accelerometer's own angle is right.
        let raw = _atan2(mean.y, mean.x)
        if abs(observer.x[0] - raw) * degreesPerRadian > settings.restReseedDegrees {
            observer.seed(raw)
            // What the lost observer was dragged through says nothing about the restarted one.
            drag = 0
        }
        anchored = true
        drifted = false
    }
}
