import Testing
@testable import AudioDSP

/// The cross-fade keeps the level of noise-like sound (fricatives) steady.
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
}
