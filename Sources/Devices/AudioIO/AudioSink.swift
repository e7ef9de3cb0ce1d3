/// What a sink settled on after negotiation.
public struct SinkInfo: Sendable, Equatable {
    /// The ALSA PCM name, or `wav:PATH` for the file sink.
    public var device: String
    public var rate: Int
    public var channels: Int
    public var format: SampleFormat
    public var periodFrames: Int
    public var bufferFrames: Int

    public var periodMilliseconds: Double { Double(periodFrames) * 1000 / Double(rate) }
}

/// What the caller asks of a sink; the device may round these (see `SinkInfo`).
public struct SinkRequest: Sendable, Equatable {
    public var rate = 48_000
    public var channels = 2
    public var periodFrames = 128
    /// Two: the least that keeps a period's slack; xruns grow it (`adaptive`) rather than every user paying for it.
    public var periods = 2
    /// Formats to try, best first.
    public var formats: [SampleFormat] = SampleFormat.allCases
    /// Whether the buffer may grow by a period after each xrun (see `growthLimitFrames`); false pins it.
    public var adaptive = true

    public init(rate: Int = 48_000, channels: Int = 2, periodFrames: Int = 128, periods: Int = 2,
                formats: [SampleFormat] = SampleFormat.allCases, adaptive: Bool = true) {
        self.rate = rate
        self.channels = channels
        self.periodFrames = periodFrames
        self.periods = periods
        self.formats = formats
        self.adaptive = adaptive
    }

    /// The largest buffer growth may reach: whole periods within 24 ms, so feedback stays well inside the
    /// 50 ms a player notices, and never less than what was asked for.
    public static let growthBudgetMs = 24

    public func growthLimitFrames(rate: Int, period: Int) -> Int {
        let asked = period * periods
        guard adaptive, period > 0 else { return asked }
        return max(asked, rate * Self.growthBudgetMs / 1000 / period * period)
    }
}

/// The state of the sink's buffer right before a write.
public enum SinkSpace: Sendable, Equatable {
    /// Frames that can be written now, and frames queued ahead of them (`snd_pcm_delay`).
    case ready(avail: Int, delay: Int)
    /// The device ran dry (or was suspended) and has been recovered; the caller counts it.
    case recovered
    case failed(AudioError)
}

public enum SinkWrite: Sendable, Equatable {
    case written
    case recovered
    case failed(AudioError)
}

/// A PCM output the render thread drives: ALSA or a WAV file. Used by one thread at a time.
public protocol AudioSink: AnyObject, Sendable {
    var info: SinkInfo { get }
    /// Frames writable now and queued delay; recovers from xruns itself.
    func space() -> SinkSpace
    /// Blocks until there may be room for a period, `wakeFD` becomes readable, or `timeoutMs` passes.
    func wait(wakeFD: Int32, timeoutMs: Int32)
    /// Writes interleaved samples already encoded in `info.format`.
    func write(_ bytes: UnsafeRawPointer, frames: Int) -> SinkWrite
    /// Plays out what is queued (at the device's pace) and closes.
    func finish()
    /// After an xrun: adds one period to the buffer if the request allows it (`SinkRequest.adaptive`) and the
    /// growth limit is not reached. Returns the new buffer size in frames, nil when it stays. Render thread only.
    func grow() -> Int?
}

/// What happened to the buffer after an xrun (for `kape bench latency` and `kape play -v`).
public struct XrunRecord: Sendable, Equatable, BitwiseCopyable {
    /// Monotonic time the xrun was recovered, ns.
    public var nanos: UInt64
    /// The buffer after it: grown by a period, or unchanged (pinned, or at the limit).
    public var bufferFrames: Int
    public var grew: Bool
    /// How long the render thread had been away from the device (since its last write), ns: longer than the
    /// buffer means it was not scheduled in time; shorter, that the device or its server ran dry on its own.
    public var awayNanos: UInt64
}
