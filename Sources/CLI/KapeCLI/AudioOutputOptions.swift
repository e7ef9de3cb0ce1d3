import ArgumentParser
import AudioDSP
import AudioIO
import Platform
import TextFormat

/// Whether a command lists the buffer tuning in its `--help` (the engine's tools) or only in `--help-hidden`
/// (the game and the lessons: people who only want to hear something never need them).
protocol TuningShown { static var visibility: ArgumentVisibility { get } }
enum TuningListed: TuningShown { static let visibility = ArgumentVisibility.default }
enum TuningAdvanced: TuningShown { static let visibility = ArgumentVisibility.hidden }

/// The learner's commands: the tuning under "Advanced sound options" in `--help-hidden`.
typealias AudioOutputOptions = AudioOutput<TuningAdvanced>
/// The engine's tools (bench, sound): the tuning in `--help`.
typealias EngineAudioOutputOptions = AudioOutput<TuningListed>

/// Where sound goes: `--device` (an ALSA PCM, or `wav:PATH` for the file sink), and its shape among the advanced
/// options.
struct AudioOutput<Shown: TuningShown>: ParsableArguments {
    @Option(help: "ALSA playback device (see `kape audio devices`), or wav:PATH to write a WAV file. Default: ALSA's default (with none, nothing is heard).")
    var device: String?

    @OptionGroup(title: "Advanced sound options", visibility: Shown.visibility) var tuning: AudioTuningOptions

    func validate() throws {
        try OptionCheck.device(device)
    }

    /// The file of `--device wav:PATH`.
    var wavPath: String? { OutputDevice.wavPath(device) }

    var request: SinkRequest { tuning.request }

    /// Opens the sink (see `openSink`); no sound output is said in one line on stderr.
    func open(paced: Bool, verbose: Bool) throws -> AudioSink {
        AlsaSink.setQuiet(!verbose)
        let (sink, note) = try openSink(device: device, request: request, paced: paced)
        if let note { Console.err("kape: \(note)\n") }
        return sink
    }
}

/// The device buffer's shape: for measuring and for machines that click, not for everyday use.
struct AudioTuningOptions: ParsableArguments {
    @Option(help: "Sample rate in Hz.")
    var rate = 48_000

    @Option(help: "Period size in frames: the render thread's block and wake-up granularity.")
    var period = 128

    @Option(help: "Periods in the device buffer at start (it grows by one after an xrun unless --fixed-buffer).")
    var periods = 2

    @Flag(help: "Keep the buffer at --periods after an xrun (by default it grows by a period, up to 24 ms).")
    var fixedBuffer = false

    @Flag(help: "Keep the whole buffer queued on PipeWire too (by default a period of it is left free so a sound starts at once; the first xrun gives that up).")
    var fullBuffer = false

    func validate() throws {
        try OptionCheck.number(rate, "--rate", 8_000...192_000, " Hz")
        try OptionCheck.number(period, "--period", 16...8_192, " frames")
        try OptionCheck.number(periods, "--periods", 2...16)
    }

    var request: SinkRequest { SinkRequest(rate: rate, channels: 2, periodFrames: period, periods: periods, adaptive: !fixedBuffer, lean: !fullBuffer) }
}

/// Where the sounds live: `--sounds`, else $KAPE_SOUNDS, else the data directories (`DataDirectories`). A sound
/// missing there is synthesised from its recipe, so no directory at all is not an error here; but a `--sounds`
/// that names no folder is (it was ignored without a word).
struct SoundsDirectoryOption: ParsableArguments {
    @Option(help: "Directory of sound files (WAV, FLAC, Ogg).")
    var sounds: String?

    func validate() throws {
        if let sounds, !DataDirectories.isDirectory(sounds) {
            throw ValidationError("--sounds \(printable(sounds)): not a folder")
        }
    }

    var path: String { DataDirectories.locate("sounds", override: sounds) ?? "sounds" }
}
