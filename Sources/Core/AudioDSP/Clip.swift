/// A decoded sound: interleaved 32-bit float frames at a known rate.
public struct Clip: Sendable, Equatable {
    public var name: String
    public var rate: Int
    public var channels: Int
    /// Interleaved samples, `frames * channels` of them, nominally within -1...1.
    public var samples: [Float]

    public init(name: String, rate: Int, channels: Int, samples: [Float]) {
        precondition(rate > 0 && channels > 0 && samples.count % channels == 0, "malformed clip")
        self.name = name
        self.rate = rate
        self.channels = channels
        self.samples = samples
    }

    public var frames: Int { samples.count / channels }
    public var seconds: Double { Double(frames) / Double(rate) }

    /// Largest absolute sample.
    public var peak: Float { samples.reduce(0) { max($0, abs($1)) } }

    /// The clip at another rate and channel count: what loading does once, at start-up, so a trigger costs nothing.
    public func converted(rate newRate: Int, channels newChannels: Int) -> Clip {
        var out = self
        if newRate != rate {
            out.samples = Resampler(from: rate, to: newRate).process(samples, channels: channels)
            out.rate = newRate
        }
        if newChannels != channels {
            out.samples = ChannelMap.convert(out.samples, from: channels, to: newChannels)
            out.channels = newChannels
        }
        return out
    }
}
