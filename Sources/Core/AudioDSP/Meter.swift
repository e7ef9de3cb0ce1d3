import Platform
/// Level of one rendered block.
public struct MeterReading: Sendable, Equatable {
    /// Largest absolute sample, linear full scale.
    public var peak: Float = 0
    /// Root mean square over all channels.
    public var rms: Float = 0
    /// Lowest limiter gain applied in the block (1 = untouched).
    public var limiterGain: Float = 1

    public init(peak: Float = 0, rms: Float = 0, limiterGain: Float = 1) {
        self.peak = peak
        self.rms = rms
        self.limiterGain = limiterGain
    }

    public var peakDBFS: Double { decibels(Double(peak)) }
    public var rmsDBFS: Double { decibels(Double(rms)) }

    /// Measures interleaved samples.
    public static func measure(_ samples: UnsafePointer<Float>, count: Int) -> MeterReading {
        var peak: Float = 0
        var sum: Double = 0
        for i in 0..<count {
            let v = samples[i]
            peak = max(peak, abs(v))
            sum += Double(v * v)
        }
        return MeterReading(peak: peak, rms: count > 0 ? Float((sum / Double(count)).squareRoot()) : 0)
    }
}

/// Decibels of an amplitude ratio; -infinity for silence.
public func decibels(_ ratio: Double) -> Double { ratio > 0 ? 20 * _log10(ratio) : -.infinity }
