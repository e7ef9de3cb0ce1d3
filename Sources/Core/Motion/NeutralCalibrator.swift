/// Takes the neutral pose from the latest still second: the gravity direction, the accelerometer's scale (so
/// devices that report no resolution still work) and the gyro bias. Averages, never one sample.
///
/// evdev sends only changes, so a still device may send nothing for seconds: each value counts for as long as
/// it held (until the next sample or `hold(until:)`), and stillness is judged on time, not on sample counts.
/// The test is statistical, so sensor noise does not break a still period: over the window the RMS deviation
/// of the gyro (when there is one) or of the accelerometer must be small, and the accelerometer's mean must not
/// drift between the window's halves (a slow turn). It is re-tried on every sample and tick until it passes.
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
        /// When calibration completed, on the device's timeline.
        public var stamp: DeviceTime
    }

    public enum Failure: Error, Sendable, Equatable {
        /// The screen faced the floor or ceiling at neutral: the device is not held against the forehead.
        case screenNotVertical
    }

    /// Time-weighted sums over one bin: [0] seconds, [1...3] Σa, [4...6] Σa², [7...9] Σω, [10...12] Σω².
    private typealias Bin = SIMD16<Double>

    private let settings: TiltSettings
    private let hasGyro: Bool
    private let binSeconds: Double
    /// Bins the window spans (the last one partly filled).
    private let windowBins: Int
    private var bins: [Bin]
    /// Absolute number of the bin being filled (time / binSeconds).
    private var current = 0
    private var held: MotionSample?
    public private(set) var failure: Failure?

    public init(settings: TiltSettings, hasGyro: Bool = true) {
        self.settings = settings
        self.hasGyro = hasGyro
        binSeconds = settings.calibrationSeconds / 10
        windowBins = 11
        bins = [Bin](repeating: Bin(), count: windowBins)
    }

    /// A sample: the previous value held until now, this one holds from now on.
    public mutating func add(_ s: MotionSample) -> Neutral? {
        if s.afterGap || held == nil {
            reset()
            held = s
            current = bin(s.time)
            return nil
        }
        accumulate(until: s.time)
        held = s
        return evaluate(stamp: s.stamp)
    }

    /// Time passed without a sample (the device sent nothing: nothing changed): the last value held until
    /// `time` (sample clock), `stamp` on the trace timeline.
    public mutating func hold(until time: Double, stamp: DeviceTime) -> Neutral? {
        guard held != nil else { return nil }
        accumulate(until: time)
        held!.time = max(held!.time, time)
        return evaluate(stamp: stamp)
    }

    /// No value held yet (just made or reset).
    public var isEmpty: Bool { held == nil }

    public mutating func reset() {
        for i in bins.indices { bins[i] = Bin() }
        held = nil
    }

    @inline(__always)
    private func bin(_ time: Double) -> Int { Int((time / binSeconds).rounded(.down)) }

    /// Spreads the held value over the bins from its time to `end`, clearing bins that fell out of the window.
    private mutating func accumulate(until end: Double) {
        guard let h = held, end > h.time else { return }
        var row = Bin()
        row[1] = h.accel.x; row[2] = h.accel.y; row[3] = h.accel.z
        row[4] = h.accel.x * h.accel.x; row[5] = h.accel.y * h.accel.y; row[6] = h.accel.z * h.accel.z
        row[7] = h.gyro.x; row[8] = h.gyro.y; row[9] = h.gyro.z
        row[10] = h.gyro.x * h.gyro.x; row[11] = h.gyro.y * h.gyro.y; row[12] = h.gyro.z * h.gyro.z
        row[0] = 1
        // Older than the window cannot matter: start no earlier than a window before the end.
        var t = max(h.time, end - Double(windowBins) * binSeconds)
        while t < end {
            let b = bin(t)
            if b > current {
                for k in (current + 1)...min(b, current + windowBins) { bins[k % windowBins] = Bin() }
                current = b
            }
            let stop = min(end, Double(b + 1) * binSeconds)
            let w = stop - t
            if w > 0 { bins[((b % windowBins) + windowBins) % windowBins] += row * w }
            t = stop > t ? stop : end  // never loop on rounding
        }
    }

    private mutating func evaluate(stamp: DeviceTime) -> Neutral? {
        var total = Bin(), older = Bin()
        for k in 0..<windowBins {
            let b = bins[((current - k) % windowBins + windowBins) % windowBins]
            total += b
            if k >= windowBins / 2 { older += b }
        }
        let seconds = total[0]
        guard seconds >= settings.calibrationSeconds - 1e-9 else { return nil }
        let meanA = SIMD3(total[1], total[2], total[3]) / seconds
        let magnitude = length(meanA)
        guard magnitude > 0 else { return nil }
        let varA = SIMD3(total[4], total[5], total[6]) / seconds - meanA * meanA
        let meanG = SIMD3(total[7], total[8], total[9]) / seconds
        let varG = SIMD3(total[10], total[11], total[12]) / seconds - meanG * meanG
        // RMS per axis, the accelerometer in g of its own mean magnitude (its scale may be unknown).
        let rmsA = (max(0, varA.x + varA.y + varA.z) / 3).squareRoot() / magnitude
        let rmsG = (max(0, varG.x + varG.y + varG.z) / 3).squareRoot()
        if hasGyro {
            guard rmsG <= settings.stillGyroRMSDps, rmsA <= settings.stillAccelRMSG * 2 else { return nil }
        } else {
            guard rmsA <= settings.stillAccelRMSG else { return nil }
        }
        // A slow turn passes an RMS test; the mean moving between the window's halves does not.
        let newer = total - older
        if older[0] > 0, newer[0] > 0 {
            let drift = SIMD3(newer[1], newer[2], newer[3]) / newer[0] - SIMD3(older[1], older[2], older[3]) / older[0]
            guard length(drift) <= settings.stillDriftG * magnitude else { return nil }
        }

        let up = meanA / magnitude
        let z = SIMD3<Double>(0, 0, 1)
        let ortho = z - up * dot(z, up)
        guard length(ortho) > 0.5 else {  // more than 60° from vertical
            failure = .screenNotVertical
            return nil
        }
        failure = nil
        let normal = ortho / length(ortho)
        return Neutral(up: up, normal: normal, hinge: cross(up, normal), accelScale: 1 / magnitude,
                       gyroBias: meanG, stamp: stamp)
    }
}
