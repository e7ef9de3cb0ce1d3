import Platform
/// Fundamental-frequency estimate of one frame by the cumulative-mean-normalised difference function (YIN-style),
/// with parabolic interpolation of the dip so the answer is good to a fraction of a cent on clean voiced frames.
/// Used by the quality tests and the stretch benchmark; not on any real-time path.
public struct PitchEstimator: Sendable {
    public let rate: Int
    public let minHz: Double
    public let maxHz: Double
    /// Frames whose normalised dip stays above this are unvoiced.
    public var threshold: Double = 0.12

    public init(rate: Int, minHz: Double = 70, maxHz: Double = 400) {
        self.rate = rate; self.minHz = minHz; self.maxHz = maxHz
    }

    /// Frame length the estimate needs: two of the longest periods.
    public var frameLength: Int { 2 * Int(saturating: Double(rate) / minHz) + 2 }

    /// F0 in Hz of `x[start ..< start + frameLength]` (mono), or nil when unvoiced, silent or out of range.
    public func f0(_ x: [Float], at start: Int) -> Double? {
        let maxLag = Int(saturating: Double(rate) / minHz) + 1
        let minLag = max(2, Int(saturating: Double(rate) / maxHz))
        let w = maxLag
        guard start >= 0, start + w + maxLag + 1 <= x.count else { return nil }
        var energy = 0.0
        for i in 0..<w { energy += Double(x[start + i]) * Double(x[start + i]) }
        guard energy / Double(w) > 1e-6 else { return nil }
        var d = [Double](repeating: 0, count: maxLag + 2)
        for lag in 1...(maxLag + 1) {
            var s = 0.0
            for i in 0..<w {
                let e = Double(x[start + i]) - Double(x[start + i + lag])
                s += e * e
            }
            d[lag] = s
        }
        // Cumulative mean normalisation.
        var cm = [Double](repeating: 1, count: maxLag + 2)
        var running = 0.0
        for lag in 1...(maxLag + 1) {
            running += d[lag]
            cm[lag] = running > 0 ? d[lag] * Double(lag) / running : 1
        }
        var lag = minLag
        while lag <= maxLag {
            if cm[lag] < threshold {
                while lag + 1 <= maxLag && cm[lag + 1] < cm[lag] { lag += 1 }
                break
            }
            lag += 1
        }
        guard lag <= maxLag, lag > minLag || cm[lag] < threshold else { return nil }
        // Parabolic interpolation on the raw difference.
        let a = d[lag - 1], b = d[lag], c = d[lag + 1]
        let den = a - 2 * b + c
        let shift = den > 0 ? 0.5 * (a - c) / den : 0
        return Double(rate) / (Double(lag) + max(-1, min(1, shift)))
    }
}

extension WSOLAStretcher {
    /// Stretches a whole interleaved signal (tests, benchmarks); `speedAt` may change the speed per 256-frame block.
    public static func render(_ samples: [Float], channels: Int, rate: Int, speed: Double,
                              speedAt: ((Int) -> Double)? = nil) -> (output: [Float], stretcher: WSOLAStretcher) {
        let s = WSOLAStretcher(channels: channels, rate: rate)
        s.speed = speed
        let frames = samples.count / channels
        var out: [Float] = []
        out.reserveCapacity(Int(saturating: Double(frames) / 0.5 + 1024) * channels)
        let block = 256
        var buffer = [Float](repeating: 0, count: block * channels)
        var written = 0
        var blockIndex = 0
        samples.withUnsafeBufferPointer { src in
            buffer.withUnsafeMutableBufferPointer { dst in
                while true {
                    if written < frames {
                        written += s.write(src.baseAddress! + written * channels, frames: min(frames - written, s.writableFrames))
                    }
                    if written == frames { s.finish() }
                    if let f = speedAt { s.speed = f(blockIndex) }
                    let n = s.read(into: dst.baseAddress!, frames: block)
                    blockIndex += 1
                    out.append(contentsOf: dst[0..<(n * channels)])
                    if n == 0 && s.isDrained { break }
                }
            }
        }
        return (out, s)
    }
}

/// Objective stretch-quality measures (tests, `docs/STRETCH.md`).
public enum StretchQuality {
    /// |cents| between each voiced output frame (every 10 ms) and the input where `map` says it is heard. WSOLA only
    /// knows that position to within its search range, so the input is also read `slack` seconds either side and the
    /// closest estimate counts; a real pitch shift still shows, since it moves every frame the same way.
    public static func pitchErrors(input: [Float], output: [Float], rate: Int, slack: Double = 0.005,
                                   map: (Double) -> Double) -> [Double] {
        let est = PitchEstimator(rate: rate)
        let len = est.frameLength
        let d = Int(saturating: slack * Double(rate))
        var errors: [Double] = []
        var o = 0
        while o + len < output.count {
            if let fo = est.f0(output, at: o) {
                let i = Int(saturating: map(Double(o + len / 2)).rounded()) - len / 2
                var best = Double.infinity
                for shift in [0, -d, d] {
                    if let fi = est.f0(input, at: i + shift) { best = min(best, abs(1200 * _log2(fo / fi))) }
                    if shift == 0 && best < 0.5 { break }
                }
                if best.isFinite { errors.append(best) }
            }
            o += rate / 100
        }
        return errors
    }

    public static func median(_ v: [Double]) -> Double {
        let s = v.sorted()
        return s.isEmpty ? .nan : s[s.count / 2]
    }
}
