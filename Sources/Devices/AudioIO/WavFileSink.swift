import CSndfile
import Glibc
import Platform

/// Writes the stream to a WAV file in the same sample format and bytes the ALSA sink would have played.
///
/// Offline (`paced: false`) it takes frames as fast as they come: renders and tests. Paced, it behaves like a
/// device with `periods` periods of buffer drained by the monotonic clock, so the engine's timing, wake-ups and
/// latency records are those of a real sound card (`VirtualDeviceClock`, shared with `SilentSink`).
///
/// The file is an `OutputFile`: `path` is written through a temporary file renamed into place by `finish()`
/// (a run that fails or is killed leaves the old file).
public final class WavFileSink: VirtualDeviceSink, @unchecked Sendable {
    /// Its buffer grows like a device's after an xrun (paced mode).
    let device: VirtualDevice
    public let path: String
    private let file: OpaquePointer
    private let frameBytes: Int
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
        guard let handle = sf_open_fd(output.descriptor.raw, Int32(SFM_WRITE), &sfInfo, Int32(SF_FALSE)) else {
            throw AudioError.file(path, "cannot write the WAV file: \(String(cString: sf_strerror(nil)))")
        }
        WavContainer.prepare(handle, direct: output.direct, expectedBytes: expectedBytes)
        file = handle
        self.output = output
        self.path = path
        frameBytes = request.channels * format.bytes
        device = VirtualDevice(SinkInfo(device: "wav:" + path, rate: request.rate, channels: request.channels, format: format,
                                        periodFrames: request.periodFrames, bufferFrames: request.periodFrames * request.periods),
                               request: request, paced: paced)
    }

    // Never finished (an error on the way): the target keeps what it had.
    deinit { if !closed { sf_close(file); output.discard() } }

    public func write(_ bytes: UnsafeRawPointer, frames: Int) -> SinkWrite {
        let want = sf_count_t(frames * frameBytes)
        let n = sf_write_raw(file, bytes, want)
        guard n == want else {
            // A file, not a device: `kape audio devices` would not help; a full disk or a size limit would.
            return .failed(AudioError.file(path, "cannot write: \(String(cString: sf_strerror(file))) (is the disk full, or a file size limit set?); "
                + "the sound file is left as it was"))
        }
        wrote(frames)
        return .written
    }

    public func finish() {
        guard !closed else { return }
        drain()
        sf_close(file)
        closed = true
        do throws(FileError) { try output.commit() } catch { finishError = AudioError.file(path, error.message) }
    }
}
