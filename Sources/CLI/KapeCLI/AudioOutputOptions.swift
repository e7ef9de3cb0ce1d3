import ArgumentParser
import AudioDSP
import AudioIO
import Glibc
import Platform

/// Where sound goes: `--device` (an ALSA PCM, or `wav:PATH` for the file sink) and its shape.
struct AudioOutputOptions: ParsableArguments {
    @Option(help: "ALSA playback device (see `kape audio devices`), or wav:PATH to write a WAV file. Default: ALSA's default, else a WAV file.")
    var device: String?

    @Option(help: "Sample rate in Hz.")
    var rate = 48_000

    @Option(help: "Period size in frames: the render thread's block and wake-up granularity.")
    var period = 128

    @Option(help: "Periods in the device buffer at start (it grows by one after an xrun unless --fixed-buffer).")
    var periods = 2

    @Flag(help: "Keep the buffer at --periods after an xrun (by default it grows by a period, up to 24 ms).")
    var fixedBuffer = false

    func validate() throws {
        try OptionCheck.number(rate, "--rate", 8_000...192_000, " Hz")
        try OptionCheck.number(period, "--period", 16...8_192, " frames")
        try OptionCheck.number(periods, "--periods", 2...16)
        if let device, device.isEmpty || device == "wav:" { throw ValidationError("--device needs a name (or wav:PATH)") }
    }

    /// The file of `--device wav:PATH`.
    var wavPath: String? { device.flatMap { $0.hasPrefix("wav:") ? String($0.dropFirst(4)) : nil } }

    var request: SinkRequest { SinkRequest(rate: rate, channels: 2, periodFrames: period, periods: periods, adaptive: !fixedBuffer) }

    /// Opens the sink (see `openSink`); a fall-back to the WAV file is said in one line on stderr.
    func open(paced: Bool, fallback: FallbackWAV, verbose: Bool) throws -> AudioSink {
        AlsaSink.setQuiet(!verbose)
        let (sink, note) = try openSink(device: device, request: request, paced: paced, fallback: fallback)
        if let note { Console.err("kape: \(note)\n") }
        return sink
    }
}

/// The WAV file written when no sound card opens: a new file in $TMPDIR (else /tmp) named `kape-NAME-XXXXXX.wav`,
/// created exclusively so a link planted in the shared folder is never followed; the notice says its name.
struct FallbackWAV {
    let name: String
    init(_ name: String) { self.name = name }

    func open(request: SinkRequest, paced: Bool) throws -> WavFileSink {
        let dir = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return try WavFileSink(newIn: dir, prefix: "kape-\(name)-", request: request, paced: paced)
    }
}

/// `device` (an ALSA PCM, or `wav:PATH`), else ALSA's default. With no device named, a default that cannot open
/// falls back to a new WAV file (`fallback`), and the second value says why and where; a named device must open
/// or this throws.
func openSink(device: String?, request: SinkRequest, paced: Bool, fallback: FallbackWAV) throws -> (AudioSink, String?) {
    if let device {
        if device.hasPrefix("wav:") { return (try WavFileSink(path: String(device.dropFirst(4)), request: request, paced: paced), nil) }
        return (try AlsaSink(device: device, request: request), nil)
    }
    do {
        return (try AlsaSink(device: "default", request: request), nil)
    } catch let error as AudioError {
        let sink = try fallback.open(request: request, paced: paced)
        let note = "no sound card (\(error.cause ?? error.message)): writing to \(sink.path) instead"
        return (sink, note)
    }
}

/// Where the sounds live: `--sounds`, else $KAPE_SOUNDS, else the data directories (`DataDirectories`). A sound
/// missing there is synthesised from its recipe, so no directory at all is not an error here.
struct SoundsDirectoryOption: ParsableArguments {
    @Option(help: "Directory of sound files (WAV, FLAC, Ogg).")
    var sounds: String?

    var path: String { DataDirectories.locate("sounds", override: sounds) ?? "sounds" }
}

func isDirectory(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
}
