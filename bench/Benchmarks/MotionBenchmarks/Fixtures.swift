import Motion

import Glibc

/// A deterministic head-motion trace at 250 Hz: 2 s still in the neutral pose (landscape, +1 g along +Y), then a
/// tilt down or up every 6 s (minimum-jerk, 45-85°, held with tremor), with sensor noise and gyro bias.
enum Fixtures {
    static let rate = 250.0
    static let stillSamples = 500

    static func samples(seconds: Double) -> [MotionSample] {
        var rng = SeededGenerator(state: 7)
        var out: [MotionSample] = []
        let n = Int(seconds * rate)
        out.reserveCapacity(n)
        var previous = 0.0
        for i in 0..<n {
            let t = Double(i) / rate
            var tilt = 0.0
            if t >= 2 {
                let k = Int((t - 2) / 6)
                let u = (t - 2) - 6 * Double(k)
                let amp = Double(45 + (k * 37) % 41) * (k % 2 == 1 ? 1 : -1)
                func mj(_ s: Double) -> Double { s * s * s * (10 - 15 * s + 6 * s * s) }
                if u < 0.45 { tilt = amp * mj(u / 0.45) }
                else if u < 1.95 { tilt = amp + 1.5 * sin(2 * .pi * 7 * u) }
                else if u < 2.4 { tilt = amp * (1 - mj((u - 1.95) / 0.45)) }
            }
            let rateX = i == 0 ? 0 : (tilt - previous) * rate
            previous = tilt
            let r = tilt * .pi / 180
            let accel = SIMD3(rng.noise(0.003), cos(r) + rng.noise(0.003), sin(r) + rng.noise(0.003))
            let gyro = SIMD3(rateX + 0.3 + rng.noise(0.15), -0.2 + rng.noise(0.15), 0.1 + rng.noise(0.15))
            out.append(MotionSample(time: t, stamp: DeviceTime(seconds: t), accel: accel, gyro: gyro))
        }
        return out
    }

    /// The same motion as `evemu-record` would have written it from a DualSense.
    static func evemu(seconds: Double) -> [UInt8] {
        var encoder = MotionEventEncoder(device: MotionEventEncoder.dualSenseProfile())
        var writer = EvemuWriter(device: encoder.device, kernel: "6.1.0-bench", dmi: nil)
        var out = Array(writer.header().utf8)
        for s in samples(seconds: seconds) {
            encoder.encode(s) { writer.append($0, to: &out) }
        }
        return out
    }
}

/// Benchmarks must see the same input every run: Motion's SplitMix64, from a raw state.
extension SeededGenerator {
    /// Roughly normal with standard deviation `sd` (sum of three uniforms).
    mutating func noise(_ sd: Double) -> Double {
        var s = 0.0
        for _ in 0..<3 { s += Double(next() >> 11) / Double(1 << 53) }
        return (s - 1.5) * 2 * sd
    }
}
