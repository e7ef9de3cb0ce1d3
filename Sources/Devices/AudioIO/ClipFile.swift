import AudioDSP
import CSndfile
import Glibc
import Platform

/// Reading and writing sound files with libsndfile.
public enum ClipFile {
    /// Extensions the sound bank looks for.
    public static let extensions = ["wav", "flac", "ogg"]
    /// Clips longer than this are lessons, not sounds: they would be streamed, never loaded whole.
    public static let maxSeconds = 60.0
    public static let maxChannels = 8

    /// Decodes a WAV, FLAC or Ogg file to float samples at its own rate and channel count.
    public static func load(_ path: String, name: String? = nil) throws -> Clip {
        let (file, info) = try openForReading(path)
        defer { sf_close(file) }
        let major = info.format & Int32(SF_FORMAT_TYPEMASK)
        let known: [Int32: String] = [Int32(SF_FORMAT_WAV): "WAV", Int32(SF_FORMAT_WAVEX): "WAV", Int32(SF_FORMAT_RF64): "WAV",
                                      Int32(SF_FORMAT_FLAC): "FLAC", Int32(SF_FORMAT_OGG): "Ogg"]
        guard known[major] != nil else {
            throw AudioError.file(path, "\(formatName(info.format)) files are not supported: use WAV, FLAC or Ogg")
        }
        guard info.channels >= 1 && info.channels <= Int32(maxChannels) else {
            throw AudioError.file(path, "\(info.channels) channels are not supported (1 to \(maxChannels))")
        }
        guard info.frames > 0 else { throw AudioError.file(path, "has no audio frames") }
        guard Double(info.frames) <= maxSeconds * Double(info.samplerate) else {
            throw AudioError.file(path, "longer than \(Int(saturating: maxSeconds)) s: too long for a sound (stream it as a lesson)")
        }
        let channels = Int(info.channels)
        var samples = [Float](repeating: 0, count: Int(info.frames) * channels)
        let read = samples.withUnsafeMutableBufferPointer { sf_readf_float(file, $0.baseAddress, info.frames) }
        guard read == info.frames else {
            throw AudioError.file(path, "truncated or corrupt: read \(read) of \(info.frames) frames (\(String(cString: sf_strerror(file))))")
        }
        if samples.contains(where: { !$0.isFinite }) { throw AudioError.file(path, "contains samples that are not numbers") }
        return Clip(name: name ?? baseName(path), rate: Int(info.samplerate), channels: channels, samples: samples)
    }

    /// Writes a WAV with the same sample conversion the sinks use, so what is written is what plays.
    public static func writeWAV(_ clip: Clip, to path: String, format: SampleFormat = .s16) throws {
        let sink = try WavFileSink(path: path, request: SinkRequest(rate: clip.rate, channels: clip.channels, formats: [format]),
                                   expectedFrames: clip.frames)
        var bytes = [UInt8](repeating: 0, count: clip.samples.count * format.bytes)
        bytes.withUnsafeMutableBytes { raw in
            clip.samples.withUnsafeBufferPointer { format.encode($0.baseAddress!, count: $0.count, into: raw.baseAddress!) }
        }
        let result = bytes.withUnsafeBytes { sink.write($0.baseAddress!, frames: clip.frames) }
        if case .failed(let e) = result { throw AudioError.file(path, e.message) }
        sink.finish()
        if let e = sink.finishError { throw e }
    }

    static func formatName(_ format: Int32) -> String {
        var info = SF_FORMAT_INFO()
        info.format = format & Int32(SF_FORMAT_TYPEMASK)
        if sf_command(nil, Int32(SFC_GET_FORMAT_INFO), &info, Int32(MemoryLayout<SF_FORMAT_INFO>.size)) == 0, let name = info.name {
            return String(cString: name)
        }
        return "this kind of"
    }

    public static func baseName(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        if let dot = file.lastIndex(of: "."), dot != file.startIndex { return String(file[..<dot]) }
        return file
    }
}

/// Opens a sound file with libsndfile on a descriptor `InputFile` has checked is a regular file (a FIFO or a
/// directory would block or mislead libsndfile; checking the path and then opening it again could be raced); the
/// caller closes it. Lessons are streamed, so there is no size limit here.
func openForReading(_ path: String) throws -> (OpaquePointer, SF_INFO) {
    let input: Descriptor
    do throws(FileError) { input = try InputFile.open(path, as: .sound).descriptor } catch {
        throw AudioError.file(path, access(path, F_OK) != 0 && errno == ENOENT ? "no such file" : error.message)
    }
    var info = SF_INFO()
    // libsndfile owns the descriptor from here (close_desc): it closes it with the file, and also when it cannot
    // read it (psf_open_file's psf_close), so it is never closed here as well.
    guard let file = sf_open_fd(input.handOver(), Int32(SFM_READ), &info, 1) else {
        throw AudioError.file(path, "not a readable sound file (WAV, FLAC or Ogg expected): \(String(cString: sf_strerror(nil)))")
    }
    return (file, info)
}
