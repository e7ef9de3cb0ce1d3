import Platform

/// One trigger's path from the engine to the sound card.
public struct LatencyRecord: Sendable, BitwiseCopyable, Equatable {
    public var token: UInt64
    /// When the frame that caused the trigger reached the engine (monotonic ns).
    public var arrivalNanos: UInt64
    /// When the write holding the sound's first frame returned (monotonic ns).
    public var commitNanos: UInt64
    /// Frames queued ahead of the sound's first frame at that write: device delay plus its offset in the block.
    public var aheadFrames: Int
    /// Of those, the frames in the client's own buffer (the rest is the server's or the card's).
    public var queuedFrames: Int
    public var rate: Int

    /// Arrival to first frame committed.
    public var internalMs: Double { Double(Int64(bitPattern: commitNanos &- arrivalNanos)) / 1e6 }
    /// Arrival to first frame audible, as far as the device reports its delay.
    public var audibleMs: Double { internalMs + Double(aheadFrames) * 1000 / Double(rate) }
}

/// p50 / p99 / max by the nearest-rank method.
public struct Percentiles: Sendable, Equatable {
    public var p50: Double
    public var p99: Double
    public var max: Double

    public init(_ values: [Double]) {
        let sorted = values.sorted()
        func rank(_ q: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            let i = Int(saturating: (q * Double(sorted.count)).rounded(.up)) - 1
            return sorted[Swift.max(0, Swift.min(sorted.count - 1, i))]
        }
        p50 = rank(0.5)
        p99 = rank(0.99)
        max = sorted.last ?? .nan
    }
}
