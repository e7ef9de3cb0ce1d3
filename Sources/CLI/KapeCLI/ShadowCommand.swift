import ArgumentParser
import AudioIO
import Foundation
import Lessons
import LessonPlayback
import Platform
import TextFormat
import Terminal

struct ShadowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shadow",
        abstract: "Play a lesson at a chosen speed (pitch kept) and follow the line being heard.",
        discussion: """
            On a terminal: the transcript with the line heard highlighted. Keys: space pause, ←/→ previous/next line, \
            [/] 5 s back/forward, ↑/↓ choose a line and Enter to jump, +/− speed, l loop the line (see `kape settings`), \
            w words: ←/→ choose a word of the line, Enter its dictionary entry (playback pauses), h hear it (H slowly), \
            s save it (`kape words`, `kape review`), Esc back; q quit. \
            Otherwise plain lines (or JSON lines with --json); keys are still read from standard input. \
            The place is saved when you quit and playback resumes there; hearing the whole lesson marks it completed.
            """)

    @Argument(help: "A lesson id from `kape lessons`, or a lesson folder (lesson.json, audio, transcript).",
              completion: .custom { _, _, _ in DataCompletion.lessons() })
    var lesson: String
    @OptionGroup var lessons: LessonsDirectoryOption
    @Option(help: "Speed, 0.5 to 2.0. Default: the setting (`kape settings --default-speed`).")
    var speed: Double?
    @Flag(help: "Print cue changes and state changes as JSON lines.")
    var json = false
    @Flag(help: "Start at the beginning instead of the saved position.")
    var fromStart = false
    @Option(help: "Start at this many seconds into the lesson instead of the saved position.")
    var start: Double?
    @Option(help: "ALSA device, or wav:PATH. Default: ALSA's default, else a WAV file.")
    var device: String?
    @OptionGroup var dictionary: DictionaryOptions

    func validate() throws {
        try OptionCheck.number(speed, "--speed", ShadowMachine.speedRange)
        try OptionCheck.number(start, "--start", 0...1e7, " s")
        try OptionCheck.device(device)
        let wav = OutputDevice.wavPath(device)
        try OptionCheck.outputs([("--device", wav)], inputs: OptionCheck.files(in: lesson))
        if start != nil && fromStart { throw ValidationError("--start and --from-start: choose one") }
    }

    func run() throws {
        let l = try lessons.lesson(named: lesson)
        let reader = try SoundFileReader(path: l.audioPath)
        l.reportTranscriptWarnings(duration: reader.seconds)
        let store = try ProgressCLI.store()
        let progress = try store.read()
        let settings = progress.listening
        if let s = start, s >= reader.seconds {
            throw InputError("--start \(s): \(l.audioPath) is only \(fixed(reader.seconds, 3)) s long")
        }
        let from = start ?? (fromStart ? 0 : Self.resumePoint(saved: progress.positions[l.info.id]?.seconds, lesson: l, duration: reader.seconds))
        let fullScreen = !json && TerminalMode.canDrawFullScreen
        let request = LessonPlayer.request(rate: reader.rate)
        let (sink, notice) = try openSink(device: device, request: request, paced: fullScreen)
        if let notice, !fullScreen { Console.err("kape: \(notice)\n") }
        let player = try LessonPlayer(reader: reader, sink: sink, transcript: l.transcript,
                                      speed: speed ?? settings.defaultSpeed, start: from)
        var view = ShadowView(title: l.info.title, subtitle: "\(l.info.category) · \(l.info.level.rawValue)",
                              cues: l.transcript.cues, duration: reader.seconds,
                              loopTimes: settings.loopTimes, loopPause: settings.loopPause)
        view.notice = notice
        var output = ShadowOutput(json: json, cues: l.transcript.cues, duration: reader.seconds)
        // Only what went to a sound device moves the place: a render into a file, or no sound output, was heard
        // by no one.
        let heardThroughDevice = sink is AlsaSink
        if heardThroughDevice { output.resumeCommand = "kape shadow \(Self.resumeName(lesson, id: l.info.id))" }
        let paced = sink is AlsaSink || fullScreen
        // Completion and points only for a lesson someone can have heard: in real time, through a sound device.
        let record: (() throws -> Int)? = heardThroughDevice ? {
            try store.update { $0.completeLesson(l.info.id, at: ProgressCLI.now(), calendar: ProgressCLI.calendar) }
        } : nil
        let loop = ShadowLoop(player: player, view: view, output: output, fullScreen: fullScreen, paced: paced, onEnded: record,
                              words: WordModeActions.make(dictionary, lesson: l.info.id))
        let heard = try loop.run()
        sink.finish()
        // Heard to the end: next time starts from the beginning.
        if heardThroughDevice {
            try store.update { $0.savePosition(lesson: l.info.id, seconds: player.ended ? 0 : heard, at: ProgressCLI.now()) }
        }
        // The screen is gone: say where the learner stopped and how to go on.
        if fullScreen && !player.ended { Console.err("kape: \(output.quitSentence(heard: heard))\n") }
        if let sig = loop.quitSignal { ProcessControl.die(of: sig) }
    }

    /// How the learner names the lesson again: the id when it was given by id, else the folder as given.
    static func resumeName(_ given: String, id: String) -> String {
        given == id ? id : shellQuoted(given)
    }

    /// The start of the line that was playing when the learner left (a line is easier to pick up whole);
    /// the beginning when the saved place is in the last second.
    static func resumePoint(saved: Double?, lesson: Lesson, duration: Double) -> Double {
        guard let s = saved, s > 0, s < duration - 1 else { return 0 }
        if let i = lesson.transcript.cueIndex(at: s) { return lesson.transcript.cues[i].start }
        return s
    }
}
