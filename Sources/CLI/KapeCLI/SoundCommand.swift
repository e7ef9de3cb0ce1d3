import ArgumentParser
import AudioDSP
import AudioIO
import Platform
import TextFormat

struct SoundsGenerate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Synthesise the feedback sounds into WAV files (48 kHz, mono, 16-bit); the same bytes every time.")

    @Option(help: "Output directory.")
    var out = "sounds"

    func run() throws {
        guard DataDirectories.isDirectory(out) else { throw InputError("\(out): no such directory") }
        var text = ""
        for recipe in SoundSynth.all {
            let clip = Clip(name: recipe.name, rate: SoundSynth.rate, channels: 1, samples: recipe.render())
            let path = out + "/" + recipe.name + ".wav"
            try ClipFile.writeWAV(clip, to: path)
            text += "\(path)  \(fixed(clip.seconds * 1000, 0)) ms  peak \(fixed(decibels(Double(clip.peak)), 1)) dBFS  \(recipe.summary)\n"
        }
        Console.out(text)
    }
}

/// `kape sound list|play|generate`; `kape sounds …` still works (it was a command of its own).
struct SoundCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sound",
        abstract: "List, play and make the feedback sounds.",
        subcommands: [SoundList.self, SoundPlay.self, SoundsGenerate.self],
        aliases: ["sounds"])
}

struct SoundList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the sounds and their length and peak.")

    @OptionGroup var sounds: SoundsDirectoryOption

    @Flag(help: "One JSON object per sound.")
    var json = false

    func run() throws {
        var out = ""
        var failures: [String] = []
        for path in try SoundBank.soundFiles(in: sounds.path) {
            do {
                let clip = try ClipFile.load(path)
                if json {
                    var line = JSONLine()
                    line.add("name", clip.name)
                    line.add("ms", clip.seconds * 1000, decimals: 1)
                    line.add("rate", clip.rate)
                    line.add("channels", clip.channels)
                    line.add("peak_dbfs", decibels(Double(clip.peak)), decimals: 2)
                    out += line.text + "\n"
                } else {
                    out += "\(clip.name)  \(fixed(clip.seconds * 1000, 0)) ms  \(clip.rate) Hz  \(clip.channels) ch  peak \(fixed(decibels(Double(clip.peak)), 1)) dBFS\n"
                }
            } catch let error as AudioError {
                failures.append(error.message)
            }
        }
        Console.out(out)
        for f in failures { Console.err("kape: error: \(f)\n") }
        if !failures.isEmpty { throw ExitCode(ExitStatus.badInput) }
    }
}

struct SoundPlay: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "play", abstract: "Play one sound.")

    @Argument(help: "A name from `kape sound list`.")
    var name: String

    @OptionGroup var output: EngineAudioOutputOptions
    @OptionGroup var sounds: SoundsDirectoryOption

    @Flag(name: .shortAndLong, help: "Say what device was opened and how, on stderr.")
    var verbose = false

    func validate() throws {
        try OptionCheck.outputs([("--device", output.wavPath)], inputs: OptionCheck.files(in: sounds.path))
    }

    func run() throws {
        let dir = sounds.path
        let files = try SoundBank.soundFiles(in: dir)
        guard let path = files.first(where: { ClipFile.baseName($0) == name }) else {
            throw InputError("no sound named '\(name)' in \(dir): see `kape sound list`")
        }
        let sink = try output.open(paced: false, verbose: verbose)
        var bank = SoundBank()
        try bank.load(path, rate: sink.info.rate, channels: sink.info.channels)
        let engine = try AudioEngine(sink: sink, bank: bank)
        if verbose { Console.err(describe(sink.info) + "\n") }
        try engine.play(0, at: 0)
        // The sound, then one buffer of silence so all of it is committed before the drain.
        try engine.renderOffline(frames: bank.clips[0].frames + sink.info.bufferFrames)
        engine.finish()
        if verbose { Console.err("kape: xruns: \(engine.xruns)\n") }
    }
}

func describe(_ info: SinkInfo) -> String {
    "kape: device \(info.device): \(info.rate) Hz, \(info.channels) ch, \(info.format.rawValue), period \(info.periodFrames) frames (\(fixed(info.periodMilliseconds, 2)) ms), buffer \(info.bufferFrames) frames\(info.reserveFrames > 0 ? ", \(info.queueFrames) kept queued" : "")"
}
