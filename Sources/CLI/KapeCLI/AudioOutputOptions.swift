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
        guard (8_000...192_000).contains(rate) else { throw ValidationError("--rate must be between 8000 and 192000 Hz") }
        guard (16...8_192).contains(period) else { throw ValidationError("--period must be between 16 and 8192 frames") }
        guard (2...16).contains(periods) else { throw ValidationError("--periods must be between 2 and 16") }
        if let device, device.isEmpty || device == "wav:" { throw ValidationError("--device needs a name (or wav:PATH)") }
    }

    var request: SinkRequest { SinkRequest(rate: rate, channels: 2, periodFrames: period, periods: periods, adaptive: !fixedBuffer) }

    /// Opens the sink (see `openSink`); a fall-back to the WAV file is said in one line on stderr.
    func open(paced: Bool, fallback: String, verbose: Bool) throws -> AudioSink {
        AlsaSink.setQuiet(!verbose)
        let (sink, note) = try openSink(device: device, request: request, paced: paced, fallback: fallback)
        if let note { Console.err("kape: \(note)\n") }
        return sink
    }
}

/// `device` (an ALSA PCM, or `wav:PATH`), else ALSA's default. With no device named, a default that cannot open
/// falls back to a WAV file at `fallback`, and the second value says why; a named device must open or this throws.
func openSink(device: String?, request: SinkRequest, paced: Bool, fallback: String) throws -> (AudioSink, String?) {
    if let device {
        if device.hasPrefix("wav:") { return (try WavFileSink(path: String(device.dropFirst(4)), request: request, paced: paced), nil) }
        return (try AlsaSink(device: device, request: request), nil)
    }
    do {
        return (try AlsaSink(device: "default", request: request), nil)
    } catch let error as AudioError {
        let note = "no sound card (\(error.cause ?? error.message)): writing to \(fallback) instead"
        return (try WavFileSink(path: fallback, request: request, paced: paced), note)
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

func temporaryPath(_ name: String) -> String {
    let dir = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    return dir + "/" + name
}
