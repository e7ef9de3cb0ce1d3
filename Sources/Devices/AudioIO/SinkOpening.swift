import Glibc

/// What a user names as an output: an ALSA PCM, or `wav:PATH` for the file sink.
public enum OutputDevice: Sendable, Equatable {
    case alsa(String)
    case wav(path: String)

    public init(name: String) {
        self = name.hasPrefix("wav:") ? .wav(path: String(name.dropFirst(4))) : .alsa(name)
    }

    /// The file a `wav:PATH` name writes, nil for a PCM.
    public static func wavPath(_ name: String?) -> String? {
        guard let name, case .wav(let path) = OutputDevice(name: name) else { return nil }
        return path
    }
}

/// A new WAV file made when no sound card opens: `$TMPDIR/kape-NAME-XXXXXX.wav`, created exclusively, so a
/// planted link can never redirect it.
public struct FallbackWAV: Sendable {
    public var name: String
    public init(_ name: String) { self.name = name }

    public func open(request: SinkRequest, paced: Bool) throws -> WavFileSink {
        let dir = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return try WavFileSink(newIn: dir, prefix: "kape-\(name)-", request: request, paced: paced)
    }
}

/// Opens what every command plays to: `device` (an ALSA PCM, or `wav:PATH`), else ALSA's default. With no device
/// named, a default that cannot open falls back to a new WAV file (`fallback`), and the second value says why and
/// where; a named device must open or this throws.
public func openSink(device: String?, request: SinkRequest, paced: Bool, fallback: FallbackWAV) throws -> (AudioSink, String?) {
    if let device {
        switch OutputDevice(name: device) {
        case .wav(let path): return (try WavFileSink(path: path, request: request, paced: paced), nil)
        case .alsa(let pcm): return (try AlsaSink(device: pcm, request: request), nil)
        }
    }
    do {
        return (try AlsaSink(device: "default", request: request), nil)
    } catch let error as AudioError {
        let sink = try fallback.open(request: request, paced: paced)
        let note = "no sound card (\(error.cause ?? error.message)): writing to \(sink.path) instead"
        return (sink, note)
    }
}
