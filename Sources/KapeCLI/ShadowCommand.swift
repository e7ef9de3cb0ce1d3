import ArgumentParser
import AudioIO
import Foundation
import Lessons

struct ShadowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shadow",
        abstract: "Play a lesson at a chosen speed (pitch kept) and follow the line being heard.")

    @Argument(help: "Lesson folder (lesson.json, audio, transcript).")
    var lesson: String
    @Option(help: "Speed, 0.5 to 2.0.")
    var speed: Double = 1.0
    @Flag(help: "Print cue changes and actions as JSON lines.")
    var json = false
    @Flag(help: "Start at the beginning instead of the saved position.")
    var fromStart = false
    @Option(help: "ALSA device, or wav:PATH. Default: ALSA's default, else a WAV file.")
    var device: String?

    func validate() throws {
        guard ShadowMachine.speedRange.contains(speed) else { throw ValidationError("--speed must be between 0.5 and 2.0") }
    }

    func run() throws {
        let l: Lesson
        do { l = try Lesson.load(folder: lesson) } catch let e as TranscriptError { throw InputError(e.description) }
        let reader = try SoundFileReader(path: l.audioPath)
        let store = try ProgressCLI.store()
        let saved = fromStart ? nil : (try? store.read())?.positions[l.info.id]?.seconds
        let start = (saved ?? 0) < reader.seconds - 1 ? (saved ?? 0) : 0
        let request = ShadowPlayer.request(rate: reader.rate)
        let sink: AudioSink
        if let d = device, d.hasPrefix("wav:") {
            sink = try WavFileSink(path: String(d.dropFirst(4)), request: request)
        } else {
            do { sink = try AlsaSink(device: device ?? "default", request: request) } catch let e as AudioError where device == nil {
                let path = temporaryPath("kape-shadow.wav")
                FileHandleOutput.stderr("kape: no sound card (\(e.message.split(separator: ";").first ?? "")): writing to \(path) instead\n")
                sink = try WavFileSink(path: path, request: request)
            }
        }
        let player = try ShadowPlayer(reader: reader, sink: sink, transcript: l.transcript, speed: speed, start: start)
        let cues = l.transcript.cues
        var heardAt = start
        while !player.ended {
            try player.step { event in
                guard case .cue(let index, let heard, _) = event else { return }
                heardAt = heard
                FileHandleOutput.stdout(line(index: index, heard: heard, cues: cues))
            }
            if case .ready(let avail, _) = sink.space(), avail < request.periodFrames { sink.wait(wakeFD: -1, timeoutMs: 50) }
        }
        sink.finish()
        let end = heardAt >= reader.seconds - 1 ? 0 : heardAt
        try store.update { $0.savePosition(lesson: l.info.id, seconds: end, at: ProgressCLI.now()) }
    }

    private func line(index: Int?, heard: Double, cues: [Cue]) -> String {
        if json {
            var o = JSONLine()
            o.add("t", heard, decimals: 3); o.add("event", "cue")
            if let i = index { o.add("cue", i + 1); o.add("text", cues[i].text) } else { o.addRaw("cue", "null") }
            o.add("speed", speed, decimals: 2)
            return o.text + "\n"
        }
        guard let i = index else { return "\(fixed(heard, 3))  —\n" }
        return "\(fixed(heard, 3))  [\(i + 1)/\(cues.count)] \(cues[i].text)\n"
    }
}
