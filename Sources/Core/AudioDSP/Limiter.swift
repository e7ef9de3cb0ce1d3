import Platform
/// A safe peak limiter with no look-ahead (look-ahead would add latency to every feedback sound).
///
/// The gain drops at once to whatever keeps the loudest channel of a frame at the ceiling, then recovers
/// exponentially. Below the ceiling, with the gain fully recovered, samples pass bit-for-bit unchanged.
public struct Limiter: Sendable {
    public let ceiling: Float
    private let recovery: Float
    /// Current gain, 1 when idle.
    public private(set) var gain: Float = 1
    /// Lowest gain applied since the last `resetReduction()`: how hard the limiter worked.
    public private(set) var minimumGain: Float = 1

    /// `ceiling` in linear full scale (0.891 = −1 dBFS); `releaseSeconds` is the recovery time constant.
    public init(ceiling: Float = 0.891, releaseSeconds: Double = 0.05, rate: Int = 48_000) {
        precondition(ceiling > 0 && ceiling <= 1 && releaseSeconds > 0 && rate > 0)
        self.ceiling = ceiling
        recovery = Float(1 - _exp(-1 / (releaseSeconds * Double(rate))))
    }

    public mutating func resetReduction() { minimumGain = gain }

    /// Limits interleaved frames in place.
    @inline(__always)
    public mutating func process(_ samples: UnsafeMutablePointer<Float>, frames: Int, channels: Int) {
        var g = gain
        for f in 0..<frames {
            let frame = samples + f * channels
            var peak: Float = 0
            for c in 0..<channels { peak = max(peak, abs(frame[c])) }
            if g < 1 {
                g += (1 - g) * recovery
                if g > 0.99999 { g = 1 }
            }
            if peak * g > ceiling { g = ceiling / peak }
            if g < 1 {
                if g < minimumGain { minimumGain = g }
                // The clamp only catches the last rounding ulp of ceiling/peak·peak.
                for c in 0..<channels { frame[c] = min(ceiling, max(-ceiling, frame[c] * g)) }
            }
        }
        gain = g
    }
}
