import ArgumentParser
import AudioDSP
import AudioIO
import Foundation
import Lessons
import Platform
import TextFormat

/// `kape dictate LESSON`: hear a phrase, type it, see which characters were right, wrong, missing or extra.
struct Dictate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Dictation: each phrase of a lesson is played, you type it, and get character-level corrections.",
        discussion: """
            Interactive: the phrase plays; type what you heard and press Enter (an empty line or Tab then Enter \
            replays it). The feedback marks [typed→right] characters, (+missing) and {−extra} ones, in colour on a \
            terminal, then the correct answer and the phrase's accuracy; "ding" or "bonk" plays.
            Scripted: --answers FILE reads one answer per line and --json prints one object per phrase, then \
            {"event": "result", "accuracy": …, "points": …}. Results go to the progress store; phrases below 100 % \
            join the review pool. Quitting keeps every answer; the next dictation of the lesson goes on at the \
            phrase where you stopped (--from-start starts again).

            Advanced options (the sound buffer): kape dictate --help-hidden.
            """)

    @Argument(help: "A lesson id from `kape lessons`, or a lesson folder (lesson.json, audio, transcript).",
              completion: .custom { _, _, _ in DataCompletion.lessons() })
    var lesson: String
    @OptionGroup var lessons: LessonsDirectoryOption

    @Option(help: "Answers, one per line, in phrase order (no audio, no prompts).")
    var answers: String?

    @Flag(help: "One JSON object per phrase, then the result.")
    var json = false

    @Flag(help: "No sound.")
    var noSound = false

    @Flag(help: "Start at the first phrase instead of where you stopped last time.")
    var fromStart = false

    @OptionGroup var compare: CompareFlags
    @OptionGroup var output: AudioOutputOptions
    @OptionGroup var sounds: SoundsDirectoryOption

    func validate() throws {
        try OptionCheck.outputs([("--device", output.wavPath)], inputs: [answers] + OptionCheck.files(in: lesson) + lessons.files + OptionCheck.files(in: sounds.path))
    }

    func run() throws {
        let l = try lessons.lesson(named: lesson)
        l.reportTranscriptWarnings(duration: (try? SoundFileReader(path: l.audioPath))?.seconds)
        let cues = l.transcript.cues
        guard !cues.isEmpty else { throw InputError("\(l.transcriptPath): no phrases to dictate") }
        for (i, cue) in cues.enumerated() {
            if let problem = Comparison.tooLong(reference: cue.text, typed: "", options: compare.options) {
                throw InputError("\(l.transcriptPath): phrase \(i + 1): \(problem)")
            }
        }
        let store = try ProgressCLI.store()
        if let answers {
            let typed = try Review.readAnswers(answers)
            guard typed.count <= cues.count else {
                throw InputError("\(answers): \(typed.count) answers for \(cues.count) phrases: expected one line per phrase")
            }
            let answered = try typed.enumerated().map { i, answer in
                try record(l, cue: i, answer: answer, store: store, at: "\(answers):\(i + 1)")
            }
            try summarise(l, answered, store: store)
            return
        }
        let player = noSound ? nil : try PhrasePlayer(lesson: l, output: output, sounds: sounds.path)
        defer { player?.finish() }
        var answered: [Answered] = []
        let first = fromStart ? 0 : Self.resumePhrase(lesson: l.info.id, phrases: cues.count, in: try store.read())
        if first > 0 { Console.err("kape: going on at phrase \(first + 1) of \(cues.count), where you stopped (--from-start starts again)\n") }
        let prompt = AnswerPrompt()
        defer { prompt.close() }
        var stoppedAt: Int?
        for (i, cue) in cues.enumerated().dropFirst(first) {
            prompt.say("\n\(i + 1)/\(cues.count)  (Tab or Enter on an empty line replays)\n")
            let play = player.map { p in { try p.play(phrase: i) } }
            guard let answer = try prompt.ask(reference: cue.text, options: compare.options, play: play) else { stoppedAt = i; break }
            // Into the store at once: Ctrl-C or a closed terminal later keeps every phrase answered so far.
            let a = try record(l, cue: i, answer: answer, store: store, at: "\(l.transcriptPath): phrase \(i + 1)")
            answered.append(a)
            let result = a.result
            try player?.feedback(perfect: result.isPerfect)
            prompt.say(ComparisonOutput.terminal(result, style: .forStdout()))
        }
        prompt.close()
        try summarise(l, answered, store: store, quiet: true, reachedEnd: stoppedAt == nil)
        if let i = stoppedAt {
            Console.err("kape: stopped at phrase \(i + 1) of \(cues.count); every answer given is saved. "
                        + "`kape dictate \(ShadowCommand.resumeName(lesson, id: l.info.id))` goes on at phrase \(i + 1)"
                        + " (--from-start starts again)\n")
        }
    }

    /// Where a dictation goes on: the phrase after the last one answered in this lesson, unless that was its last
    /// phrase (then from the start). Review answers do not count.
    static func resumePhrase(lesson: String, phrases: Int, in data: ProgressData) -> Int {
        guard let last = data.dictations.last(where: { $0.lesson == lesson && !$0.review }) else { return 0 }
        return last.cue >= 1 && last.cue < phrases ? last.cue : 0
    }

    private struct Answered {
        var cue: Int
        var result: Comparison
        var points: Int
    }

    /// Scores phrase `cue` (0-based) and records it in the store straight away.
    private func record(_ l: Lesson, cue: Int, answer: String, store: ProgressStore, at place: String) throws -> Answered {
        let result = try compared(l.transcript.cues[cue].text, answer, compare.options, at: place)
        let points = try store.update { data in
            data.recordDictation(result, lesson: l.info.id, cue: cue + 1, at: ProgressCLI.now(), calendar: ProgressCLI.calendar)
        }
        return Answered(cue: cue, result: result, points: points)
    }

    /// Prints per-phrase lines (unless already shown) and the result; a lesson answered to its last phrase (this
    /// time or, resumed, over several) counts as completed.
    private func summarise(_ l: Lesson, _ answered: [Answered], store: ProgressStore, quiet: Bool = false,
                           reachedEnd: Bool? = nil) throws {
        var total = 0.0, points = 0
        let count = answered.count
        var out = ""
        for a in answered {
            points += a.points
            total += a.result.accuracy
            if json {
                out += ComparisonOutput.json(a.result, cue: a.cue + 1) + "\n"
            } else if !quiet {
                out += "\(a.cue + 1).\n" + ComparisonOutput.terminal(a.result, style: .forStdout())
            }
        }
        if reachedEnd ?? (count == l.transcript.cues.count), answered.last?.cue == l.transcript.cues.count - 1 {
            points += try store.update { $0.completeLesson(l.info.id, at: ProgressCLI.now(), calendar: ProgressCLI.calendar) }
        }
        let accuracy = count == 0 ? 0 : total / Double(count)
        if json {
            out += ComparisonOutput.resultJSON(accuracy: accuracy, points: points) + "\n"
        } else {
            out += "\n\(count) of \(l.transcript.cues.count) phrases answered: accuracy \(fixed(accuracy * 100, 1)) %, \(points) points\n"
        }
        FileHandleOutput.stdout(out)
    }
}

/// The lesson's phrases as clips, plus "ding" and "bonk", on one engine: loaded once, so replays cost nothing.
final class PhrasePlayer {
    private let engine: AudioEngine
    private let phraseClips: Int
    private let ding: Int
    private let bonk: Int

    init(lesson: Lesson, output: AudioOutputOptions, sounds: String) throws {
        AlsaSink.setQuiet(true)
        let (sink, note) = try openSink(device: output.device, request: output.request, paced: true)
        // Dictation asks what was heard: with no sound output nothing can be, so it says so instead of asking.
        if let note {
            throw InputError("\(note). Dictation needs to be heard: connect a sound device or name one with --device "
                             + "(`kape audio devices`), or type answers from a file with --answers FILE")
        }
        // Only the phrases are kept, each cut from the streamed lesson and converted once.
        let reader = try SoundFileReader(path: lesson.audioPath)
        var clips: [Clip] = []
        for (i, cue) in lesson.transcript.cues.enumerated() {
            let from = min(reader.frames, max(0, Int(saturating: cue.start * Double(reader.rate))))
            let count = max(0, min(reader.frames, Int(saturating: cue.end * Double(reader.rate))) - from)
            var samples = [Float](repeating: 0, count: count * reader.channels)
            try reader.seek(toFrame: from)
            let got = try samples.withUnsafeMutableBufferPointer { try reader.read(into: $0.baseAddress!, frames: count) }
            samples.removeLast((count - got) * reader.channels)
            clips.append(Clip(name: "phrase-\(i + 1)", rate: reader.rate, channels: reader.channels, samples: samples)
                .converted(rate: sink.info.rate, channels: sink.info.channels))
        }
        phraseClips = clips.count
        clips += try SoundBank.feedback(["lesson-correct", "lesson-wrong"], directory: sounds,
                                    rate: sink.info.rate, channels: sink.info.channels).clips
        ding = phraseClips
        bonk = phraseClips + 1
        engine = try AudioEngine(sink: sink, bank: SoundBank(clips: clips))
        try engine.start()
    }

    func play(phrase i: Int) throws { _ = try engine.play(i) }
    func feedback(perfect: Bool) throws { _ = try engine.play(perfect ? ding : bonk) }
    func finish() { engine.finish() }
}
