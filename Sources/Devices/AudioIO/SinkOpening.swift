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

/// Opens what every command plays to: `device` (an ALSA PCM, or `wav:PATH`), else ALSA's default. With no device
/// named, a default that cannot open gives a `SilentSink` (nothing is heard and no file is written: files only
/// when the user names one) and the second value says why; a named device must open or this throws.
public func openSink(device: String?, request: SinkRequest, paced: Bool) throws -> (AudioSink, String?) {
    if let device {
        switch OutputDevice(name: device) {
        case .wav(let path): return (try WavFileSink(path: path, request: request, paced: paced), nil)
        case .alsa(let pcm): return (try AlsaSink(device: pcm, request: request), nil)
        }
    }
    do {
        return (try AlsaSink(device: "default", request: request), nil)
    } catch let error as AudioError {
        return (SilentSink(request: request, paced: paced), noSoundOutput(error.cause ?? error.message))
    }
}

/// The one line every command says when there is no sound output, in English (the game shows its own, in Albanian).
public func noSoundOutput(_ cause: String) -> String {
    "no sound output (\(cause)): nothing will be heard; --device wav:PATH writes the sound to a file"
}
