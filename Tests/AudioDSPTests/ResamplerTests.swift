import Foundation
import Testing
@testable import AudioDSP

/// The resampler's frequency response, measured with tones: flat passband, ≥ 80 dB stopband.
@Suite struct ResamplerTests {
    func tone(_ f: Double, rate: Int, seconds: Double = 0.5, amplitude: Double = 0.5) -> [Float] {
        (0..<Int(seconds * Double(rate))).map { Float(amplitude * sin(2 * .pi * f * Double($0) / Double(rate))) }
    }

    /// Least-squares amplitude of frequency `f` in the steady middle of `y`, and the RMS of what is left.
    func fit(_ y: [Float], f: Double, rate: Int, skip: Int) -> (amplitude: Double, residual: Double) {
        let range = skip..<(y.count - skip)
        var ss = 0.0, cc = 0.0, sc = 0.0, ys = 0.0, yc = 0.0
        for i in range {
            let w = 2 * .pi * f * Double(i) / Double(rate)
            let s = sin(w), c = cos(w), v = Double(y[i])
            ss += s * s; cc += c * c; sc += s * c; ys += v * s; yc += v * c
        }
        let det = ss * cc - sc * sc
        let a = (ys * cc - yc * sc) / det, b = (yc * ss - ys * sc) / det
        var residual = 0.0
        for i in range {
            let w = 2 * .pi * f * Double(i) / Double(rate)
            let e = Double(y[i]) - a * sin(w) - b * cos(w)
            residual += e * e
        }
        return ((a * a + b * b).squareRoot(), (residual / Double(range.count)).squareRoot())
    }

    @Test(arguments: [(44_100, 48_000), (96_000, 48_000), (22_050, 48_000), (48_000, 44_100)])
    func passbandIsFlatAndCleanToNinetyPercentOfNyquist(rates: (Int, Int)) {
        let r = Resampler(from: rates.0, to: rates.1)
        let nyquist = Double(min(rates.0, rates.1)) / 2
        var worstGain = 0.0, worstResidual = -Double.infinity
        for f in [100.0, 1_000, 5_000, 0.6 * nyquist, 0.8 * nyquist, 0.9 * nyquist] {
            let out = r.process(tone(f, rate: rates.0), channels: 1)
            let m = fit(out, f: f, rate: rates.1, skip: 2 * r.halfTaps + 10)
            worstGain = max(worstGain, abs(decibels(m.amplitude / 0.5)))
            worstResidual = max(worstResidual, decibels(m.residual / (0.5 / 2.0.squareRoot())))
        }
        print("resampler \(rates.0)→\(rates.1): passband deviation \(worstGain) dB, images+aliases \(worstResidual) dB")
        #expect(worstGain < 0.01)
        #expect(worstResidual < -80)
    }

    @Test func stopbandRejectsAtLeastEightyDecibels() {
        // 96 kHz → 48 kHz: anything from 24 kHz up would alias; it must come out at least 80 dB down.
        let r = Resampler(from: 96_000, to: 48_000)
        var worst = -Double.infinity
        for f in [24_000.0, 24_500, 26_000, 30_000, 36_000, 42_000, 47_000] {
            let input = tone(f, rate: 96_000)
            let out = r.process(input, channels: 1)
            let skip = 2 * r.halfTaps
            let rms = (out[skip..<(out.count - skip)].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(out.count - 2 * skip)).squareRoot()
            worst = max(worst, decibels(rms / (0.5 / 2.0.squareRoot())))
        }
        print("resampler 96000→48000: worst stopband leak \(worst) dB")
        #expect(worst < -80)
    }

    @Test func lengthAndIdentity() {
        let r = Resampler(from: 44_100, to: 48_000)
        #expect(r.outputFrames(44_100) == 48_000)
        let same = Resampler(from: 48_000, to: 48_000)
        let x = tone(440, rate: 48_000, seconds: 0.01)
        #expect(same.process(x, channels: 1) == x)
        let stereo = r.process(ChannelMap.convert(x, from: 1, to: 2), channels: 2)
        #expect(stereo.count == r.outputFrames(x.count) * 2)
    }

    @Test func channelMapping() {
        #expect(ChannelMap.convert([0.5, -0.25], from: 1, to: 2) == [0.5, 0.5, -0.25, -0.25])
        #expect(ChannelMap.convert([0.5, -0.25], from: 2, to: 1) == [0.125])
    }
}
