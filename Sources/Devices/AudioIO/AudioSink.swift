import Platform
/// What a sink settled on after negotiation.
public struct SinkInfo: Sendable, Equatable {
    /// The ALSA PCM name, or `wav:PATH` for the file sink.
    public var device: String
    public var rate: Int
    public var channels: Int
    public var format: SampleFormat
    public var periodFrames: Int
    public var bufferFrames: Int
    /// Frames of the buffer the render thread leaves free so a trigger is written at once. PipeWire's plugin
    /// copies a whole period out at each cycle of its graph: keeping one period (plus a wake-up's worth) queued is
    /// as safe there as a full buffer, and a trigger no longer waits for the next cycle behind a full one.
    /// Zero elsewhere (hardware plays its buffer while it is filled; files have no pace).
    public var reserveFrames = 0

    /// What the render thread keeps queued: the buffer less the reserve.
    public var queueFrames: Int { bufferFrames - reserveFrames }

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
    /// Whether to keep only a period queued where the sound server allows it (`SinkInfo.reserveFrames`); false
    /// keeps the whole buffer full everywhere.
    public var lean = true

    public init(rate: Int = 48_000, channels: Int = 2, periodFrames: Int = 128, periods: Int = 2,
                formats: [SampleFormat] = SampleFormat.allCases, adaptive: Bool = true, lean: Bool = true) {
        self.lean = lean
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
    /// `info.bufferFrames` and `info.reserveFrames` without copying the rest (the render thread reads them).
    var bufferFrames: Int { get }
    var reserveFrames: Int { get }
    /// Frames writable now and queued delay; recovers from xruns itself.
    func space() -> SinkSpace
    /// Blocks until there may be room for a period, `wake` is signalled (it is drained), or `timeoutMs` passes.
    func wait(wake: WakeEvent, timeoutMs: Int32)
    /// Writes interleaved samples already encoded in `info.format`.
    func write(_ bytes: UnsafeRawPointer, frames: Int) -> SinkWrite
    /// Plays out what is queued (at the device's pace) and closes.
    func finish()
    /// After an xrun, if the request allows it (`SinkRequest.adaptive`): gives up the reserve if there is one (the
    /// whole buffer is then kept queued), else adds one period to the buffer while the growth limit allows.
    /// Returns the frames now kept queued, nil when nothing changed. Render thread only.
    func grow() -> Int?
    /// What `grow()` would keep queued now; nil when it would change nothing (pinned, or at the growth limit).
    var grownQueueFrames: Int? { get }
}

/// What the sink did about an xrun.
public enum XrunResponse: UInt8, Sendable, BitwiseCopyable {
    /// Nothing: pinned (`SinkRequest.adaptive` false) or at the growth limit.
    case kept
    /// Nothing: the gap was longer than even the grown queue would have bridged and no xrun came shortly before
    /// (`XrunPolicy`); the next xrun within a minute grows it.
    case keptLongStall
    /// The reserve was given up: the whole buffer is kept queued from now on.
    case reserveGivenUp
    /// The buffer was set up again a period larger.
    case bufferGrown
}

/// What happened to the buffer after an xrun (for `kape bench latency` and `kape play -v`).
public struct XrunRecord: Sendable, Equatable, BitwiseCopyable {
    /// Monotonic time the xrun was recovered, ns.
    public var nanos: UInt64
    /// The buffer after it: grown by a period, or unchanged (pinned, at the limit, or the reserve given up).
    public var bufferFrames: Int
    /// What the render thread keeps queued, before the xrun and after it (the buffer less its reserve).
    public var queueBeforeFrames: Int
    public var queueFrames: Int
    public var response: XrunResponse
    /// Whether the queue grew: the reserve given up, or the buffer a period larger.
    public var grew: Bool { response == .reserveGivenUp || response == .bufferGrown }
    /// How long the render thread had been away from the device (since its last write), ns: longer than the
    /// buffer means it was not scheduled in time; shorter, that the device or its server ran dry on its own.
    public var awayNanos: UInt64
}
