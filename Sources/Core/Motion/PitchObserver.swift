import Platform

/// Tilt from an accelerometer alone, with the head's own acceleration explained rather than waited out.
///
/// The device sits on a lever from the neck's pivot (length r, leaning forward by β at neutral), so when the head
/// nods it measures, in the pitch plane (u: neutral up, n: screen normal), besides gravity at elevation e:
///     f·u = cos e + r·ë·sin β − r·ė²·cos β,    f·n = sin e − r·ë·cos β − r·ė²·sin β
/// (tangential r·ë, centripetal r·ė², in g). A Kalman filter on [e, ė, ë] with white jerk follows the head through
/// a fast nod, where the raw accelerometer angle swings far past the true one. No allocation.
public struct PitchObserver: Sendable {
    /// Elevation (rad), its rate and acceleration.
    public private(set) var x = SIMD3<Double>.zero
    private var p0 = SIMD3<Double>.zero, p1 = SIMD3<Double>.zero, p2 = SIMD3<Double>.zero  // covariance rows
    /// Lever components in g per rad/s²: r·sin β and r·cos β.
    private let rs: Double, rc: Double
    private let jerk: Double
    private let noise: Double
    /// Normalised innovation above which a sample counts as an outlier and is weighed down.
    private let outlier: Double
    /// Normalised innovation of the last update: large while the model does not explain the accelerometer.
    public private(set) var surprise = 0.0
    /// How far the last update moved the elevation off its own prediction (rad). While the observer follows the
    /// head this is noise; lost (the lever's acceleration taken for tilt), it keeps pulling the elevation away
    /// from where the observer's own rate would take it.
    public private(set) var drag = 0.0

    public init(leverMetres: Double, leverLeanDegrees: Double, jerkDensity: Double, measurementNoiseG: Double,
                outlierSurprise: Double = .infinity) {
        let r = leverMetres / 9.80665
        let b = leverLeanDegrees * Double.pi / 180
        rs = r * _sin(b)
        rc = r * _cos(b)
        jerk = jerkDensity
        noise = measurementNoiseG
        outlier = outlierSurprise
    }

    /// Starts at elevation `e` (rad), at rest.
    public mutating func seed(_ e: Double) {
        x = SIMD3(e, 0, 0)
        p0 = SIMD3(1e-3, 0, 0)
        p1 = SIMD3(0, 1e-2, 0)
        p2 = SIMD3(0, 0, 1)
        surprise = 0
        drag = 0
    }

    /// One accelerometer sample in the pitch plane (`fu`, `fn`, in g) after `dt` seconds.
    @inline(__always)
    public mutating func update(fu: Double, fn: Double, dt: Double) {
        if dt > 0 {
            // Predict: constant acceleration, white jerk.
            let d2 = dt * dt / 2
            x = SIMD3(x[0] + dt * x[1] + d2 * x[2], x[1] + dt * x[2], x[2])
            // P = F P Fᵀ + Q, F = [[1, dt, d2], [0, 1, dt], [0, 0, 1]].
            let a0 = p0 + dt * p1 + d2 * p2, a1 = p1 + dt * p2, a2 = p2   // rows of F P
            let c0 = SIMD3(a0[0] + dt * a0[1] + d2 * a0[2], a0[1] + dt * a0[2], a0[2])
            let c1 = SIMD3(a1[0] + dt * a1[1] + d2 * a1[2], a1[1] + dt * a1[2], a1[2])
            let c2 = SIMD3(a2[0] + dt * a2[1] + d2 * a2[2], a2[1] + dt * a2[2], a2[2])
            let t2 = dt * dt, t3 = t2 * dt, t4 = t3 * dt, t5 = t4 * dt
            p0 = c0 + jerk * SIMD3(t5 / 20, t4 / 8, t3 / 6)
            p1 = c1 + jerk * SIMD3(t4 / 8, t3 / 3, t2 / 2)
            p2 = c2 + jerk * SIMD3(t3 / 6, t2 / 2, dt)
        }
        let e = x[0], w = x[1], al = x[2]
        let ce = _cos(e), se = _sin(e)
        let hu = ce + rs * al - rc * w * w
        let hn = se - rc * al - rs * w * w
        // Jacobian rows.
        let ju = SIMD3(-se, -2 * rc * w, rs)
        let jn = SIMD3(ce, -2 * rs * w, -rc)
        // P Hᵀ: columns for u and n.
        let pu = SIMD3(dot(p0, ju), dot(p1, ju), dot(p2, ju))
        let pn = SIMD3(dot(p0, jn), dot(p1, jn), dot(p2, jn))
        var r = noise * noise
        var s00 = dot(ju, pu) + r, s01 = dot(ju, pn), s11 = dot(jn, pn) + r
        var det = s00 * s11 - s01 * s01
        guard det > 1e-18 else { return }
        var i00 = s11 / det, i01 = -s01 / det, i11 = s00 / det
        let yu = fu - hu, yn = fn - hn
        surprise = (yu * (i00 * yu + i01 * yn) + yn * (i01 * yu + i11 * yn))
        if surprise > outlier {
            // A knock or a jolt the lever model cannot explain: weigh the sample down (as if its noise were that
            // much larger) rather than let one spike throw the estimate tens of degrees.
            let extra = r * (surprise / outlier - 1)
            r += extra
            s00 += extra
            s11 += extra
            det = s00 * s11 - s01 * s01
            i00 = s11 / det
            i01 = -s01 / det
            i11 = s00 / det
        }
        // K = P Hᵀ S⁻¹ (columns ku, kn).
        let ku = pu * i00 + pn * i01
        let kn = pu * i01 + pn * i11
        let correction = ku * yu + kn * yn
        drag = correction[0]
        x += correction
        correct(ku: ku, kn: kn, ju: ju, jn: jn, ru: r, rn: r)
    }

    /// The head is at rest (the accelerometer has been steady at 1 g): ė = 0 and ë = 0, as pseudo-measurements.
    /// Without them rate and acceleration could drift in a direction the accelerometer barely sees.
    public mutating func atRest(rateSigma: Double, accelerationSigma: Double) {
        let ju = SIMD3<Double>(0, 1, 0), jn = SIMD3<Double>(0, 0, 1)
        let ru = rateSigma * rateSigma, rn = accelerationSigma * accelerationSigma
        let pu = SIMD3(p0[1], p1[1], p2[1]), pn = SIMD3(p0[2], p1[2], p2[2])
        let s00 = pu[1] + ru, s01 = pn[1], s11 = pn[2] + rn
        let det = s00 * s11 - s01 * s01
        guard det > 1e-18 else { return }
        let i00 = s11 / det, i01 = -s01 / det, i11 = s00 / det
        let yu = -x[1], yn = -x[2]
        let ku = pu * i00 + pn * i01
        let kn = pu * i01 + pn * i11
        x += ku * yu + kn * yn
        correct(ku: ku, kn: kn, ju: ju, jn: jn, ru: ru, rn: rn)
    }

    /// Joseph form, P = (I − K H) P (I − K H)ᵀ + K R Kᵀ: stays symmetric and positive where the short form drifts.
    @inline(__always)
    private mutating func correct(ku: SIMD3<Double>, kn: SIMD3<Double>, ju: SIMD3<Double>, jn: SIMD3<Double>, ru: Double, rn: Double) {
        // Rows of A = I − K H.
        let a0 = SIMD3<Double>(1, 0, 0) - ku[0] * ju - kn[0] * jn
        let a1 = SIMD3<Double>(0, 1, 0) - ku[1] * ju - kn[1] * jn
        let a2 = SIMD3<Double>(0, 0, 1) - ku[2] * ju - kn[2] * jn
        // B = A P (rows), then A P Aᵀ.
        let b0 = a0[0] * p0 + a0[1] * p1 + a0[2] * p2
        let b1 = a1[0] * p0 + a1[1] * p1 + a1[2] * p2
        let b2 = a2[0] * p0 + a2[1] * p1 + a2[2] * p2
        let k0 = SIMD3(ku[0], ku[1], ku[2]) * ru, k1 = SIMD3(kn[0], kn[1], kn[2]) * rn
        p0 = SIMD3(dot(b0, a0), dot(b0, a1), dot(b0, a2)) + ku[0] * k0 + kn[0] * k1
        p1 = SIMD3(dot(b1, a0), dot(b1, a1), dot(b1, a2)) + ku[1] * k0 + kn[1] * k1
        p2 = SIMD3(dot(b2, a0), dot(b2, a1), dot(b2, a2)) + ku[2] * k0 + kn[2] * k1
        // Symmetrise.
        let q01 = (p0[1] + p1[0]) / 2, q02 = (p0[2] + p2[0]) / 2, q12 = (p1[2] + p2[1]) / 2
        p0 = SIMD3(p0[0], q01, q02)
        p1 = SIMD3(q01, p1[1], q12)
        p2 = SIMD3(q02, q12, p2[2])
    }
}
