import Foundation
import Testing
@testable import AudioDSP

/// The cross-fades: noise-like sound (fricatives) keeps its level; the short fades at onsets and offsets never jump.
@Suite struct StretchFadeTests {
    static let rate = 22_050

    /// White noise at 0.5×: a plain linear fade of uncorrelated frames dips ~3 dB mid-fade, a flutter at the hop rate.
    /// Power mid-fade must stay within 1 dB of the power at the fade's ends.
    @Test(arguments: [0.5, 1.5])
    func noiseLevelDoesNotDipMidFade(speed: Double) {
        var state: UInt32 = 7
        let noise = (0..<(2 * Self.rate)).map { _ -> Float in
            state = state &* 1_664_525 &+ 1_013_904_223   // LCG: plenty for white noise
            return (Float(state >> 8) / Float(1 << 24) * 2 - 1) * 0.3
        }
        let (out, s) = WSOLAStretcher.render(noise, channels: 1, rate: Self.rate, speed: speed)
        let h = s.hop, q = max(1, h / 8)
        var mid = 0.0, edge = 0.0
        for j in 2..<(out.count / h - 2) {
            for i in -q..<q {
                mid += Double(out[j * h + h / 2 + i] * out[j * h + h / 2 + i])
                edge += Double(out[j * h + i] * out[j * h + i])
            }
        }
        let dip = decibels((mid / edge).squareRoot())
        print("FIGURE stretch noise \(speed)x: mid-fade level \(String(format: "%.2f", dip)) dB vs fade ends")
        #expect(abs(dip) < 1, "mid-fade level \(dip) dB")
    }

    /// Smooth 160 Hz bursts (2 ms gates) whose edges fall at every place in a hop, so short fades are taken there.
    /// The output's largest third difference must stay within 1.5× the input's, as for the plain fade. Caught: a ramp
    /// running past the hop's end, cut short (340×); a shortened ramp stepping unevenly through its table (20×), or
    /// of odd length, one sample off centre (2.5×); a 1.25 ms shortest ramp (3×).
    @Test(arguments: [0.5, 0.75, 1.25, 1.5, 2.0])
    func shortFadesAtHopEdgesDoNotClick(speed: Double) {
        let rate = Self.rate, gate = Int(0.002 * Double(rate))
        var x = [Float](repeating: 0, count: 4 * rate)
        var t = 0.1, k = 0
        while t < 3.8 {
            let on = Int(t * Double(rate)), length = Int((0.021 + 0.0037 * Double(k % 11)) * Double(rate))
            for i in 0..<length {
                let edge = min(i, length - i)
                let gain = edge < gate ? 0.5 - 0.5 * cos(Double.pi * Double(edge) / Double(gate)) : 1
                x[on + i] = Float(0.5 * gain * sin(2 * .pi * 160 * Double(i) / Double(rate) + Double(k)))
            }
            t += Double(length) / Double(rate) + 0.013 + 0.0029 * Double(k % 7)
            k += 1
        }
        let (out, s) = WSOLAStretcher.render(x, channels: 1, rate: rate, speed: speed)
        let inThird = StretchSignals.maxThirdDifference(x)
        let outThird = StretchSignals.maxThirdDifference(out, from: 2 * s.hop, to: out.count - 2 * s.hop)
        print("FIGURE stretch gated bursts \(speed)x: third difference \(String(format: "%.2f", outThird / inThird))× the input's")
        #expect(outThird <= 1.5 * inThird, "third difference \(outThird) vs input \(inThird)")
    }
}
