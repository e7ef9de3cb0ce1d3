import ArgumentParser
import Foundation
import Language
import Lessons
import Platform
import TextFormat

struct Review: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Spaced review of missed phrases and saved words: list them, or score typed answers for today's due items.",
        discussion: """
            A missed phrase is heard and typed again; a saved word shows its translation (and is heard) and the \
            German word is typed. Both kinds share the levels and intervals; phrases and words due the same day \
            come oldest first.

            Advanced options (the sound buffer): kape review --help-hidden.
            """)

    @Flag(help: "List the review pool.")
    var list = false
    @Option(help: "Typed answers, one per line, for today's due phrases and words in order.")
    var answers: String?
    @Flag(help: "JSON lines.")
    var json = false
    @Flag(inversion: .prefixedEnableDisable, help: "Whether mastered phrases come back every 20 days (saved).")
    var repeatMastered: Bool?
    @OptionGroup var compare: CompareFlags
    @OptionGroup var lessons: LessonsDirectoryOption
    @Flag(help: "No sound.")
    var noSound = false
    @OptionGroup var output: AudioOutputOptions
    @OptionGroup var sounds: SoundsDirectoryOption

    func validate() throws {
        try OptionCheck.outputs([("--device", output.wavPath)], inputs: [answers] + lessons.files)
    }

    func run() throws {
        let store = try ProgressCLI.store()
        let vocabulary = try ProgressCLI.vocabulary()
        if let repeatMastered {
            try store.update { $0.review.repeatMastered = repeatMastered }
            try vocabulary.update { $0.review.repeatMastered = repeatMastered }
        }
        let today = ProgressCLI.today()
        let words = try vocabulary.read()
        if list { return try printList(store.read(), words, today: today) }
        let due = ReviewQueue.due(phrases: try store.read().review, words: words, on: today)
        guard !due.isEmpty else { return try nothingDue(store.read(), words) }
        guard let answers else { return try interactive(due, store: store, vocabulary: vocabulary) }
        try score(due, answers: try Self.readAnswers(answers), store: store, vocabulary: vocabulary)
    }

    /// Records one answer: a phrase in the progress store; a word in the vocabulary's pool, its points in progress.
    private func record(_ result: Comparison, for item: ReviewQueue.Item, store: ProgressStore, vocabulary: VocabularyStore) throws -> Int {
        switch item {
        case .phrase(let p):
            return try store.update { $0.recordReview(result, key: p.key, at: ProgressCLI.now(), calendar: ProgressCLI.calendar) }
        case .word(let w, _):
            let day = ProgressCLI.today()
            try vocabulary.update { $0.review.answer(key: w.key, perfect: result.isPerfect, on: day) }
            return try store.update { $0.recordWordReview(result, at: ProgressCLI.now(), calendar: ProgressCLI.calendar) }
        }
    }

    static func readAnswers(_ path: String) throws -> [String] {
        let bytes = try InputFile.read(path, as: .answers)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw InputError("\(path): not UTF-8 text") }
        return answerLines(text)
    }

    /// One answer per line: LF or CRLF (split on scalars: "\r\n" is one Character, so a CRLF file would be one
    /// line), a byte-order mark at the start dropped, the empty line after a final newline not counted.
    static func answerLines(_ text: String) -> [String] {
        var scalars = Substring(text).unicodeScalars
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var lines = scalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(String.UnicodeScalarView(line.last == "\r" ? line.dropLast() : line[...]))
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    private func score(_ due: [ReviewQueue.Item], answers: [String], store: ProgressStore, vocabulary: VocabularyStore) throws {
        var total = 0.0, points = 0, count = 0
        for (n, (item, typed)) in zip(due, answers).enumerated() {
            let result = try compared(item.reference, typed, compare.options, at: "\(self.answers ?? "answers"):\(n + 1)")
            points += try record(result, for: item, store: store, vocabulary: vocabulary)
            total += result.accuracy
            count += 1
            FileHandleOutput.stdout(json ? ComparisonOutput.json(result, cue: n + 1) + "\n"
                                         : "\(n + 1).\n" + ComparisonOutput.terminal(result, style: .forStdout()))
        }
        let accuracy = count == 0 ? 0 : total / Double(count)
        if json {
            Console.out(ComparisonOutput.resultJSON(accuracy: accuracy, points: points) + "\n")
        } else {
            Console.out("reviewed \(count) of \(due.count): accuracy \(fixed(accuracy * 100, 1)) %, \(points) points\n")
        }
    }

    /// Today's due phrases as dictation: each is played from its lesson (when the lesson is found), typed, marked.
    private func interactive(_ due: [ReviewQueue.Item], store: ProgressStore, vocabulary: VocabularyStore) throws {
        let found = (try? Lesson.scan(try lessons.path)) ?? []
        // Each lesson's transcript read once, when a due phrase first needs it (nil: it does not read).
        var loaded: [String: Lesson?] = [:]
        func lesson(_ id: String) -> Lesson? {
            if let known = loaded[id] { return known }
            let l = found.first { $0.info.id == id }.flatMap { try? Lesson($0) }
            loaded[id] = .some(l)
            return l
        }
        var players: [String: PhrasePlayer] = [:]
        defer { players.values.forEach { $0.finish() } }
        let prompt = AnswerPrompt()
        defer { prompt.close() }
        var total = 0.0, points = 0, count = 0
        for (n, queued) in due.enumerated() {
            if case .word(let w, let saved) = queued {
                prompt.say("\n\(n + 1)/\(due.count) word: \(saved?.translation ?? "?")" + (saved?.sentence.map { "  („\(ReviewQueue.blanked($0, word: saved?.word ?? ""))“)" } ?? "") + "\n")
                let play: (() throws -> Void)? = noSound ? nil : { try SpeechOutput.play(try GermanSpeech().clip(w.reference), output: output, name: "word") }
                guard let typed = try prompt.ask(reference: w.reference, options: compare.options, play: play) else { break }
                let result = try compared(w.reference, typed, compare.options, at: "review word \(n + 1)")
                points += try record(result, for: queued, store: store, vocabulary: vocabulary)
                total += result.accuracy
                count += 1
                prompt.say(ComparisonOutput.terminal(result, style: .forStdout()))
                continue
            }
            guard case .phrase(let item) = queued else { continue }
            // The phrase's audio: its lesson's cue with the same text.
            var play: (() throws -> Void)?
            if !noSound, let id = item.lesson, let lesson = lesson(id),
               let cue = lesson.transcript.cues.firstIndex(where: { Comparison(reference: $0.text, typed: item.reference).isPerfect }) {
                if players[id] == nil { players[id] = try PhrasePlayer(lesson: lesson, output: output, sounds: sounds.path) }
                let player = players[id]!
                play = { try player.play(phrase: cue) }
            }
            prompt.say("\n\(n + 1)/\(due.count)\(play == nil ? " (no audio: the phrase's lesson was not found)" : "")\n")
            let answer = try prompt.ask(reference: item.reference, options: compare.options, play: play)
            guard let typed = answer else { break }
            let result = try compared(item.reference, typed, compare.options, at: "review phrase \(n + 1)")
            if let id = item.lesson { _ = try? players[id]?.feedback(perfect: result.isPerfect) }
            points += try record(result, for: queued, store: store, vocabulary: vocabulary)
            total += result.accuracy
            count += 1
            prompt.say(ComparisonOutput.terminal(result, style: .forStdout()))
        }
        prompt.close()
        let accuracy = count == 0 ? 0 : total / Double(count)
        Console.out("\nreviewed \(count) of \(due.count): accuracy \(fixed(accuracy * 100, 1)) %, \(points) points\n")
    }

    private func nothingDue(_ data: ProgressData, _ words: VocabularyData) throws {
        let phrases = data.review.items.filter { !$0.mastered || data.review.repeatMastered }.map(\.due).min()
        let word = words.review.items.filter { !$0.mastered || words.review.repeatMastered }.map(\.due).min()
        let next = [phrases, word].compactMap { $0 }.min()
        let kind = next == phrases ? "phrase" : "word"
        if json {
            var line = JSONLine()
            line.add("event", "nothing_due")
            line.addRaw("next_due", next.map { quoted($0.description) } ?? "null")
            Console.out(line.text + "\n")
        } else {
            Console.out("Nothing to review today" + (next.map { "; next \(kind) due \($0)" } ?? "") + ".\n")
        }
    }

    private func printList(_ data: ProgressData, _ words: VocabularyData, today: Day) throws {
        let items = (data.review.items.map { (item: $0, word: false) } + words.review.items.map { (item: $0, word: true) })
            .sorted { ($0.item.due, $0.item.added) < ($1.item.due, $1.item.added) }
        var text = ""
        for (item, isWord) in items {
            if json {
                var line = JSONLine()
                line.add("kind", isWord ? "word" : "phrase")
                line.add("reference", item.reference)
                line.addRaw("lesson", item.lesson.map(quoted) ?? "null")
                line.add("level", item.level)
                line.add("mastered", item.mastered)
                line.add("correct_at_level", item.correctAtLevel)
                line.add("due", item.due.description)
                text += line.text + "\n"
            } else {
                let level = item.mastered ? "mastered" : "level \(item.level) (\(item.correctAtLevel)/\(ReviewPool.correctToAdvance))"
                let when = item.due <= today ? "due now" : "due \(item.due)"
                let translation = isWord ? words.word(forReviewKey: item.key).map { " — \($0.translation)" } ?? "" : ""
                text += "\(when)  \(level)  \(isWord ? "word: " : "")\(item.reference)\(translation)\n"
            }
        }
        if items.isEmpty && !json { text = "The review pool is empty.\n" }
        Console.out(text)
    }
}
