import ArgumentParser
import Foundation
import Synchronization
import AudioDSP
import AudioIO
import Dictionary
import Language
import Lessons
import Platform
import LessonPlayback
import TextFormat

/// Where the dictionaries are and which one: shared by `kape word`, `kape words` and `kape shadow`.
struct DictionaryOptions: ParsableArguments {
    @Option(help: "Target language of the German dictionary: a FreeDict package dict-freedict-deu-L (eng, fra, ita …). Default: the setting (`kape settings --dictionary-language`), else eng.")
    var lang: String?

    @Option(help: ArgumentHelp("Folder of the dictd dictionaries.", visibility: .hidden))
    var dictionaries = FreeDict.defaultDirectory

    func validate() throws {
        if let lang, !ListeningSettings.isLanguageCode(lang) {
            throw ValidationError("--lang must be a FreeDict language code such as eng, fra, ita, got '\(printable(lang))'")
        }
    }

    /// The dictionary and Hunspell (when installed) behind one lookup.
    func lookup() throws -> WordLookup {
        let language = try lang ?? ProgressCLI.store().read().listening.dictionaryLanguage
        let dictionary = try FreeDict(name: "deu-\(language)", directory: dictionaries)
        return WordLookup(dictionary: dictionary, stemmer: HunspellStemmer())
    }
}

struct WordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "word",
        abstract: "Look a German word up in the offline FreeDict dictionary (inflected forms find their headword).",
        discussion: """
            Exit 1 when no form of the word is in the dictionary (the nearest headwords are suggested), 2 for usage. \
            --say speaks it with espeak-ng through Kape's audio engine (--device wav:PATH writes it to a file).
            """)

    @Argument(help: "A German word as it appears in a text: möchte, ging, Häusern, Brötchens; - reads words from standard input, one a line, answering each as it comes.")
    var word: String

    @Flag(help: "One JSON object: the form looked up and why, and every article.")
    var json = false

    @OptionGroup var dictionary: DictionaryOptions

    @Flag(help: "Say the word (espeak-ng, German voice) and print espeak's IPA.")
    var say = false

    @Flag(help: "With --say: slowly (95 words a minute instead of 175).")
    var slow = false

    @OptionGroup var output: AudioOutputOptions

    @Flag(help: "Save the word to the vocabulary (`kape words`, `kape review`).")
    var save = false

    @Option(help: "With --save: the sentence the word came from.")
    var sentence: String?

    @Option(help: "With --save: the lesson id the word came from.")
    var lesson: String?

    func validate() throws {
        if word == "-" {
            if say || save { throw ValidationError("- (words from standard input) goes without --say and --save") }
            return
        }
        if (sentence != nil || lesson != nil) && !save { throw ValidationError("--sentence and --lesson go with --save") }
        guard !WordLookup.trimmed(word).isEmpty else {
            throw ValidationError("WORD has no letters or digits: give a word such as Brötchen")
        }
        if slow && !say { throw ValidationError("--slow goes with --say") }
        try OptionCheck.outputs([("--device", output.wavPath)], inputs: [])
    }

    func run() throws {
        let lookup = try dictionary.lookup()
        if word == "-" { return try batch(lookup) }
        guard let result = try lookup.lookup(word) else {
            let trimmed = WordLookup.trimmed(word)
            let tried = lookup.candidates(word).map(\.form)
            let near = try lookup.dictionary.suggestions(trimmed)
            throw InputError("`\(trimmed.prefix(80))\(trimmed.count > 80 ? "…" : "")` is not in freedict-\(lookup.dictionary.name)"
                + (tried.count > 1 ? " (tried \(tried.prefix(6).joined(separator: ", ")))" : "")
                + (near.isEmpty ? "" : "; nearest headwords: \(near.joined(separator: ", "))"))
        }
        var spoken: (ipa: String, clip: Clip)? = nil
        if say {
            let speech = try GermanSpeech()
            spoken = (speech.ipa(result.word), speech.clip(result.word, slow: slow, name: "word"))
        }
        let saved = save ? try SavedWords.save(result, sentence: sentence, lesson: lesson) : nil
        if json {
            var line = WordJSON.object(result, dictionary: lookup.dictionary.name)
            if let spoken { line.add("espeak_ipa", spoken.ipa) }
            if let saved { line.add("saved", saved) }
            Console.out(line.text + "\n")
        } else {
            Console.out(WordText.render(result) + (spoken.map { "espeak: /\($0.ipa)/\n" } ?? "")
                + (saved.map { $0 ? "saved \(result.form) to your words\n" : "\(result.form) is already in your words\n" } ?? ""))
        }
        if let spoken { try SpeechOutput.play(spoken.clip, output: output, name: "word") }
    }
}

extension WordCommand {
    /// Words from standard input, one a line, each answered as soon as it is read (a script, or a pipe kept open,
    /// gets its answer without waiting for the end). Not found: `{"word", "found": false, "nearest"}` or a line
    /// saying so; exit 1 when any was not found. A line is at most 64 KiB (the rest of a longer one is skipped).
    func batch(_ lookup: WordLookup) throws {
        var missing = 0
        while let line = readLine(strippingNewline: true) {
            let token = String(line.prefix(1 << 16))
            guard !WordLookup.trimmed(token).isEmpty else { continue }
            if let result = try lookup.lookup(token) {
                if json {
                    var o = WordJSON.object(result, dictionary: lookup.dictionary.name)
                    o.add("found", true)
                    Console.out(o.text + "\n")
                } else {
                    Console.out(WordText.render(result) + "\n")
                }
            } else {
                missing += 1
                let near = try lookup.dictionary.suggestions(WordLookup.trimmed(token))
                if json {
                    var o = JSONLine()
                    o.add("word", WordLookup.trimmed(token))
                    o.add("found", false)
                    o.addRaw("nearest", WordJSON.array(near))
                    Console.out(o.text + "\n")
                } else {
                    Console.out("\(WordLookup.trimmed(token).prefix(80)): not found" + (near.isEmpty ? "" : "; nearest: \(near.joined(separator: ", "))") + "\n\n")
                }
            }
        }
        if missing > 0 { throw ExitCode(ExitStatus.badInput) }
    }
}

/// Plays a clip once through the engine to the chosen sink, then drains it.
enum SpeechOutput {
    static func play(_ clip: Clip, output: AudioOutputOptions, name: String) throws {
        let sink = try output.open(paced: false, verbose: false)
        let engine = try AudioEngine(sink: sink, bank: SoundBank(clips: [clip.converted(rate: sink.info.rate, channels: sink.info.channels)]))
        try engine.play(0, at: 0)
        try engine.renderOffline(frames: engine.bank.clips[0].frames + sink.info.bufferFrames)
        engine.finish()
    }
}

/// `kape word`'s text: the form looked up, then each article.
enum WordText {
    static func render(_ r: WordLookupResult) -> String {
        var out = ""
        if r.form.lowercased() != r.word.lowercased() { out += "\(r.word) → \(r.form) (\(r.reason))\n" }
        for (n, e) in r.entries.enumerated() {
            let grammar = [e.partOfSpeech, e.gender, e.number, e.plural.map { "plural \($0)" }].compactMap { $0 } + e.tags
            out += "\(n + 1). \(e.headword)" + (e.ipa.map { "  /\($0)/" } ?? "") + (grammar.isEmpty ? "" : "  (\(grammar.joined(separator: ", ")))") + "\n"
            out += "   " + (e.labels.isEmpty ? "" : e.labels.joined(separator: " ") + " ") + e.translations.joined(separator: "; ") + "\n"
            for x in e.examples.prefix(3) { out += "   „\(x.source)“ – \(x.translation)\n" }
            if !e.synonyms.isEmpty { out += "   synonyms: \(e.synonyms.prefix(8).joined(separator: ", "))\n" }
            if !e.seeAlso.isEmpty { out += "   see: \(e.seeAlso.prefix(8).joined(separator: ", "))\n" }
        }
        return out
    }
}

enum WordJSON {
    static func array(_ items: [String]) -> String { "[" + items.map(quoted).joined(separator: ", ") + "]" }

    static func object(_ r: WordLookupResult, dictionary: String) -> JSONLine {
        var line = JSONLine()
        line.add("word", r.word)
        line.add("form", r.form)
        line.add("reason", r.reason)
        line.add("dictionary", "freedict-" + dictionary)
        line.addRaw("entries", "[" + r.entries.map { entry($0).text }.joined(separator: ", ") + "]")
        return line
    }

    static func entry(_ e: DictEntry) -> JSONLine {
        var line = JSONLine()
        line.add("headword", e.headword)
        if let ipa = e.ipa { line.add("ipa", ipa) }
        if let p = e.partOfSpeech { line.add("pos", p) }
        if let g = e.gender { line.add("gender", g) }
        if let n = e.number { line.add("number", n) }
        if let p = e.plural { line.add("plural", p) }
        line.addRaw("tags", array(e.tags))
        line.addRaw("labels", array(e.labels))
        line.addRaw("translations", array(e.translations))
        line.addRaw("examples", "[" + e.examples.map { x in
            var o = JSONLine()
            o.add("source", x.source)
            o.add("translation", x.translation)
            return o.text
        }.joined(separator: ", ") + "]")
        line.addRaw("synonyms", array(e.synonyms))
        line.addRaw("see", array(e.seeAlso))
        line.addRaw("notes", array(e.notes))
        return line
    }
}

/// Saving a looked-up word: `kape word --save` and the shadow screen's word mode.
enum SavedWords {
    /// True when it was new, false when the headword was saved already.
    static func save(_ result: WordLookupResult, sentence: String?, lesson: String?) throws -> Bool {
        let now = ProgressCLI.now()
        let first = result.entries.first
        let word = SavedWord(word: result.word, headword: result.form,
                             translation: first.map { $0.translations.prefix(4).joined(separator: "; ") } ?? "",
                             ipa: first?.ipa, sentence: sentence, lesson: lesson, at: now, day: Day(now, calendar: ProgressCLI.calendar))
        return try ProgressCLI.vocabulary().update { try $0.save(word) }
    }
}

/// The shadow screen's word mode, wired to the dictionary, espeak-ng and the vocabulary. Opened on a thread of its
/// own as the lesson starts (Hunspell takes ~50 ms to load: the first `Enter` must not stall the sound), so a
/// lesson without a dictionary installed still plays (the panel then says what is missing).
enum WordModeActions {
    static func make(_ options: DictionaryOptions, lesson: String) -> WordActions {
        final class Lazy: @unchecked Sendable {
            private let state = Mutex<Result<WordLookup, Error>?>(nil)
            var speech: GermanSpeech?
            func get(_ options: DictionaryOptions) -> Result<WordLookup, Error> {
                state.withLock { state in
                    if let state { return state }
                    let made = Result { try options.lookup() }
                    state = made
                    return made
                }
            }
        }
        let lazy = Lazy()
        Thread.detachNewThread { _ = lazy.get(options) }
        let panel = { (word: String) -> WordPanel in
            switch lazy.get(options) {
            case .failure(let e): return WordPanel(word: word, title: word, lines: ["\(e)"], found: false)
            case .success(let lookup):
                do {
                    if let r = try lookup.lookup(word) {
                        return WordPanel(word: r.form, title: r.form, lines: WordText.render(r).split(separator: "\n").map(String.init), found: true)
                    }
                    let near = (try? lookup.dictionary.suggestions(WordLookup.trimmed(word))) ?? []
                    return WordPanel(word: word, title: word, lines: ["Not in freedict-\(lookup.dictionary.name)."]
                        + (near.isEmpty ? [] : ["Nearest headwords: " + near.joined(separator: ", ")]), found: false)
                } catch {
                    return WordPanel(word: word, title: word, lines: ["\(error)"], found: false)
                }
            }
        }
        return WordActions(
            lookUp: panel,
            say: { word, slow in
                if lazy.speech == nil { lazy.speech = try GermanSpeech() }
                return lazy.speech!.clip(word, slow: slow, name: "word")
            },
            save: { word, sentence, _ in
                guard case .success(let lookup) = lazy.get(options), let r = try lookup.lookup(word) else {
                    return "\(word) is not in the dictionary: not saved"
                }
                return try SavedWords.save(r, sentence: sentence, lesson: lesson) ? "saved \(r.form) to your words" : "\(r.form) is already in your words"
            })
    }
}
