import CSndfile
import Glibc
import Platform

/// Writes the stream to a WAV file in the same sample format and bytes the ALSA sink would have played.
///
/// Offline (`paced: false`) it takes frames as fast as they come: renders and tests. Paced, it behaves like a
/// device with `periods` periods of buffer drained by the monotonic clock, so the engine's timing, wake-ups and
/// latency records are those of a real sound card: the embedded default when no card can be opened.
///
/// The file is an `OutputFile`: `path` is written through a temporary file renamed into place by `finish()`
/// (a run that fails or is killed leaves the old file), or is a new, exclusively created fallback file.
public final class WavFileSink: AudioSink, @unchecked Sendable {
    /// Read from any thread; its buffer grows like a device's after an xrun (paced mode).
    public var info: SinkInfo { sizes.info }
    public var bufferFrames: Int { sizes.bufferFrames }
    public var reserveFrames: Int { 0 }
    private let sizes: SinkShape
    private var shape: SinkInfo { sizes.negotiated }
    public let path: String
    private let file: OpaquePointer
    private let paced: Bool
    private let frameBytes: Int
    private var written: Int64 = 0
    private var startNanos: UInt64 = 0
    private var startFrame: Int64 = 0     // frames played when the virtual device (re)started
    private var started = false
    private var closed = false
    private let output: OutputFile
    /// Why the file could not be completed by `finish()`, if it could not.
    public private(set) var finishError: AudioError?

    /// Replaces `path` when finished. `expectedFrames`: how long the sound will be, when known (a clip): a file
    /// known to stay under 4 GiB is plain WAV from the start (`WavContainer`).
    public convenience init(path: String, request: SinkRequest = SinkRequest(), paced: Bool = false, expectedFrames: Int? = nil) throws {
        let output: OutputFile
        do throws(FileError) { output = try OutputFile(replacing: path) } catch { throw AudioError.file(path, error.message) }
        try self.init(output: output, request: request, paced: paced, expectedFrames: expectedFrames)
    }

    /// A new file with a unique name in `directory` (`prefix` + six random characters + `.wav`), never through a link.
    public convenience init(newIn directory: String, prefix: String, request: SinkRequest = SinkRequest(), paced: Bool = false) throws {
        let output: OutputFile
        do throws(FileError) { output = try OutputFile(newIn: directory, prefix: prefix, suffix: ".wav") } catch {
            throw AudioError.file(error.path, error.message)
        }
        try self.init(output: output, request: request, paced: paced)
    }

    private init(output: OutputFile, request: SinkRequest, paced: Bool, expectedFrames: Int? = nil) throws {
        let path = output.path
        let format = request.formats.first ?? .s16
        var sfInfo = SF_INFO()
        sfInfo.samplerate = Int32(request.rate)
        sfInfo.channels = Int32(request.channels)
        let expectedBytes = expectedFrames.map { $0.multipliedReportingOverflow(by: request.channels * format.bytes) }
            .flatMap { $0.overflow ? nil : $0.partialValue }
        let subtype: Int32 = switch format {
        case .s16: Int32(SF_FORMAT_PCM_16)
        case .s32: Int32(SF_FORMAT_PCM_32)
        case .float: Int32(SF_FORMAT_FLOAT)
        }
        sfInfo.format = WavContainer.major(direct: output.direct, expectedBytes: expectedBytes) | subtype
        guard let handle = sf_open_fd(output.fd, Int32(SFM_WRITE), &sfInfo, Int32(SF_FALSE)) else {
            throw AudioError.file(path, "cannot write the WAV file: \(String(cString: sf_strerror(nil)))")
        }
        WavContainer.prepare(handle, direct: output.direct, expectedBytes: expectedBytes)
        file = handle
        self.output = output
        self.path = path
        self.paced = paced
        frameBytes = request.channels * format.bytes
        sizes = SinkShape(SinkInfo(device: "wav:" + path, rate: request.rate, channels: request.channels, format: format,
                                   periodFrames: request.periodFrames, bufferFrames: request.periodFrames * request.periods),
                          request: request)
    }

    public var grownQueueFrames: Int? { paced ? sizes.grownQueue : nil }

    public func grow() -> Int? {
        guard paced, let next = sizes.grown else { return nil }
        sizes.set(bufferFrames: next)
        return next
    }

    // Never finished (an error on the way): the target keeps what it had.
    deinit { if !closed { sf_close(file); output.discard() } }

    /// Frames the virtual device has played since it started (paced mode).
    private func played(now: UInt64) -> Int64 {
        guard started else { return startFrame }
        return startFrame + Int64((now - startNanos) / 1000) * Int64(shape.rate) / 1_000_000
    }

    public func space() -> SinkSpace {
        guard paced else { return .ready(avail: sizes.bufferFrames, delay: 0) }
        let queued = written - played(now: MonotonicClock.nanos())
        if started && queued < 0 {
            // Ran dry: like ALSA, count it and start again when the buffer is full.
            started = false
            startFrame = written
            return .recovered
        }
        let q = Int(max(0, queued))
        return .ready(avail: sizes.bufferFrames - q, delay: q)
    }

    public func wait(wakeFD: Int32, timeoutMs: Int32) {
        var timeout = timeoutMs
        if paced && started {
            // Until a period is free again.
            let queued = written - played(now: MonotonicClock.nanos())
            let excess = queued - Int64(sizes.bufferFrames - shape.periodFrames)
            timeout = Int32(max(0, min(Int64(timeoutMs), (excess * 1000 + Int64(shape.rate) - 1) / Int64(shape.rate))))
        }
        var fd = pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)
        if poll(&fd, 1, timeout) > 0 && fd.revents & Int16(POLLIN) != 0 {
            WakeEvent.drain(raw: wakeFD)
        }
    }

    public func write(_ bytes: UnsafeRawPointer, frames: Int) -> SinkWrite {
        let want = sf_count_t(frames * frameBytes)
        let n = sf_write_raw(file, bytes, want)
        guard n == want else {
            return .failed(AudioError.lost(info.device, "short write: \(String(cString: sf_strerror(file)))"))
        }
        written += Int64(frames)
        if paced && !started && written - startFrame >= Int64(sizes.bufferFrames) {
            started = true
            startNanos = MonotonicClock.nanos()
        }
        return .written
    }

    public func finish() {
        guard !closed else { return }
        if paced && started {
            let queued = written - played(now: MonotonicClock.nanos())
            if queued > 0 { MonotonicClock.sleep(nanos: UInt64(queued) * 1_000_000_000 / UInt64(shape.rate)) }
        }
        sf_close(file)
        closed = true
        do throws(FileError) { try output.commit() } catch { finishError = AudioError.file(path, error.message) }
    }
}
