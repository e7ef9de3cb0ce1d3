import Motion
import Platform
/// The head's motion over a round, as smooth functions of time: the ground truth the synthetic sensors observe.
/// Angles in degrees (pitch > 0 nods down), translation in metres.
struct HeadMotionScript: Sendable {
    /// A minimum-jerk move of one channel from its previous value to `to`.
    struct Move: Sendable {
        var start: Double
        var duration: Double
        var to: Double
    }

    /// A sinusoid under a smooth (raised-cosine) envelope: tremor, laughing, walking sway.
    struct Wobble: Sendable {
        var start: Double
        var end: Double
        var amplitude: Double
        var frequency: Double
        var phase: Double
        var ramp: Double = 0.15
    }

    /// A short translational jolt (a bump, a footstep): a smooth pulse of displacement along a direction.
    struct Jolt: Sendable {
        var time: Double
        var width: Double
        var displacement: SIMD3<Double>
    }

    struct Channel: Sendable {
        var initial = 0.0
        var moves: [Move] = []
        var wobbles: [Wobble] = []

        func value(at t: Double) -> Double {
            var v = initial
            for m in moves {
                if t <= m.start { break }
                let tau = min(1, (t - m.start) / m.duration)
                v += (m.to - v) * minimumJerk(tau)
            }
            for w in wobbles where t > w.start && t < w.end {
                let envelope = min(1, (t - w.start) / w.ramp, (w.end - t) / w.ramp)
                let e = 0.5 - 0.5 * _cos(Double.pi * envelope)
                v += e * w.amplitude * _sin(2 * Double.pi * w.frequency * (t - w.start) + w.phase)
            }
            return v
        }
    }

    var pitch = Channel()
    var yaw = Channel()
    var roll = Channel()
    /// Vertical and forward body motion (walking bob) as wobbles on each world axis.
    var bob = [Channel(), Channel(), Channel()]
    var jolts: [Jolt] = []

    func translation(at t: Double) -> SIMD3<Double> {
        var p = SIMD3(bob[0].value(at: t), bob[1].value(at: t), bob[2].value(at: t))
        for j in jolts where abs(t - j.time) < 4 * j.width {
            // A Gaussian step of displacement: acceleration is a smooth push then pull.
            let x = (t - j.time) / j.width
            p += j.displacement * (0.5 + 0.5 * _erf(x / 2.0.squareRoot()))
        }
        return p
    }
}

/// 10τ³ − 15τ⁴ + 6τ⁵: how people move their head between two poses (Flash & Hogan).
@inline(__always) func minimumJerk(_ tau: Double) -> Double {
    let t = min(max(tau, 0), 1)
    return t * t * t * (10 + t * (-15 + 6 * t))
}
