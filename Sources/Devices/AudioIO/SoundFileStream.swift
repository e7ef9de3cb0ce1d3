import CSndfile
import Glibc
import Platform

/// A sound file decoded in blocks (lessons, `kape stretch`): never loaded whole.
public final class SoundFileReader {
    public let path: String
    public let rate: Int
    public let channels: Int
    /// Frames in the file (as the header says; Ogg may be approximate).
    public let frames: Int
    private let file: OpaquePointer

    public init(path: String) throws {
        let (f, info) = try openForReading(path)
        guard info.channels >= 1 && info.channels <= Int32(ClipFile.maxChannels), info.samplerate >= 1000 else {
            sf_close(f)
            throw AudioError.file(path, "\(info.channels) channels at \(info.samplerate) Hz is not supported")
        }
        self.path = path
        file = f
        rate = Int(info.samplerate)
        channels = Int(info.channels)
        frames = Int(info.frames)
    }

    deinit { sf_close(file) }

    public var seconds: Double { Double(frames) / Double(rate) }

    /// Reads up to `frames` interleaved frames into `buffer`; 0 at the end. Non-finite samples become 0.
    public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws -> Int {
        let n = Int(sf_readf_float(file, buffer, sf_count_t(frames)))
        if n == 0 && sf_error(file) != 0 {
            throw AudioError.file(path, "corrupt: \(String(cString: sf_strerror(file)))")
        }
        for i in 0..<(n * channels) where !buffer[i].isFinite { buffer[i] = 0 }
        return n
    }

    /// Moves the read position to `frame`.
    public func seek(toFrame frame: Int) throws {
        guard sf_seek(file, sf_count_t(frame), SEEK_SET) >= 0 else { throw AudioError.file(path, "cannot seek to frame \(frame)") }
    }
}

/// Writes WAV (16-bit), FLAC (16-bit) or Ogg Vorbis by the path's extension, in blocks, through a temporary file
/// that `close()` renames over `path` (an error or a kill on the way leaves the old file).
public final class SoundFileWriter {
    public let path: String
    public let channels: Int
    private let file: OpaquePointer
    private var closed = false
    private let output: OutputFile

    public init(path: String, rate: Int, channels: Int) throws {
        // The file name's extension, not the path's ("out/y" has none).
        let name = path.split(separator: "/").last ?? ""
        let ext = name.contains(".") ? (name.split(separator: ".").last.map { $0.lowercased() } ?? "") : ""
        let format: Int32
        switch ext {
        case "wav": format = Int32(SF_FORMAT_PCM_16)  // | the container: WAV or RF64, once the output is open
        case "flac": format = Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
        case "ogg": format = Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
        default: throw AudioError.file(path, (ext.isEmpty ? "no file type" : "unknown output type '.\(ext)'") + ": use .wav, .flac or .ogg")
        }
        var info = SF_INFO()
        info.samplerate = Int32(rate)
        info.channels = Int32(channels)
        do throws(FileError) { output = try OutputFile(replacing: path) } catch { throw AudioError.file(path, error.message) }
        info.format = ext == "wav" ? format | WavContainer.major(direct: output.direct) : format
        guard let f = sf_open_fd(output.descriptor.raw, Int32(SFM_WRITE), &info, Int32(SF_FALSE)) else {
            throw AudioError.file(path, "cannot write: \(String(cString: sf_strerror(nil)))")
        }
        if ext == "wav" { WavContainer.prepare(f, direct: output.direct) }
        // Clip rather than wrap when converting float to integer samples.
        sf_command(f, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        self.path = path
        self.channels = channels
        file = f
    }

    deinit { if !closed { sf_close(file); output.discard() } }

    public func write(_ samples: UnsafePointer<Float>, frames: Int) throws {
        guard frames > 0 else { return }
        let n = sf_writef_float(file, samples, sf_count_t(frames))
        guard n == frames else { throw AudioError.file(path, "write failed: \(String(cString: sf_strerror(file)))") }
    }

    public func close() throws {
        guard !closed else { return }
        closed = true
        guard sf_close(file) == 0 else { output.discard(); throw AudioError.file(path, "could not be finished") }
        do throws(FileError) { try output.commit() } catch { throw AudioError.file(path, error.message) }
    }
}
