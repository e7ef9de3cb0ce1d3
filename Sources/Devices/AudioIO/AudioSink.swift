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
    public var periods = 3
    /// Formats to try, best first.
    public var formats: [SampleFormat] = SampleFormat.allCases

    public init(rate: Int = 48_000, channels: Int = 2, periodFrames: Int = 128, periods: Int = 3,
                formats: [SampleFormat] = SampleFormat.allCases) {
        self.rate = rate
        self.channels = channels
        self.periodFrames = periodFrames
        self.periods = periods
        self.formats = formats
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
}
