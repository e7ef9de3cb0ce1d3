import ArgumentParser
import Foundation
import Lessons
import Platform
import TextFormat

/// `kape words`: the saved vocabulary.
struct WordsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "words",
        abstract: "The saved words: list them, remove one, export them for Anki.",
        discussion: "Words are saved from the shadow screen's word mode or with `kape word WORD --save`; they come back in `kape review`.",
        subcommands: [WordsList.self, WordsRemove.self, WordsExport.self],
        defaultSubcommand: WordsList.self)
}

struct WordsList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the saved words, oldest first.")

    @Flag(help: "One JSON object per word.")
    var json = false

    func run() throws {
        let data = try ProgressCLI.vocabulary().read()
        var text = ""
        for w in data.words {
            let item = data.review.items.first { $0.key == w.key }
            if json {
                var line = JSONLine()
                line.add("word", w.word)
                line.add("headword", w.headword)
                line.add("translation", w.translation)
                line.addRaw("ipa", w.ipa.map(quoted) ?? "null")
                line.addRaw("sentence", w.sentence.map(quoted) ?? "null")
                line.addRaw("lesson", w.lesson.map(quoted) ?? "null")
                line.add("at", Int(saturating: w.at.timeIntervalSince1970))
                line.add("day", w.day.description)
                if let item {
                    line.add("level", item.level)
                    line.add("due", item.due.description)
                }
                text += line.text + "\n"
            } else {
                text += "\(w.headword)" + (w.word.lowercased() == w.headword.lowercased() ? "" : " (\(w.word))") + " — \(w.translation)"
                    + (w.lesson.map { "  [\($0)]" } ?? "") + (item.map { $0.mastered ? "  mastered" : "  level \($0.level), due \($0.due)" } ?? "") + "\n"
                if let s = w.sentence { text += "    „\(s)“\n" }
            }
        }
        if data.words.isEmpty && !json { text = "No saved words yet: save one in kape shadow's word mode (w, then s) or with kape word WORD --save.\n" }
        Console.out(text)
    }
}

struct WordsRemove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove saved words (by headword or as written) and their reviews.")

    @Argument(help: "Words to remove.")
    var words: [String]

    func validate() throws {
        if words.isEmpty { throw ValidationError("name at least one word to remove") }
    }

    func run() throws {
        var missing: [String] = []
        let removed = try ProgressCLI.vocabulary().update { data -> Int in
            var n = 0
            for w in words {
                let k = data.remove(w)
                if k == 0 { missing.append(w) }
                n += k
            }
            return n
        }
        Console.out("removed \(removed) word\(removed == 1 ? "" : "s")\n")
        if !missing.isEmpty {
            throw InputError("not saved: \(missing.joined(separator: ", ")) (see `kape words`)")
        }
    }
}

struct WordsExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the saved words as a TSV file Anki imports: front, back, sentence, tags.",
        discussion: "In Anki: File → Import, the file's header lines set the tab separator and the tags column.")

    @Option(name: .shortAndLong, help: "Write to this file (atomically) instead of stdout.")
    var output: String?

    func validate() throws {
        try OptionCheck.outputs([("--output", output)], inputs: [])
    }

    func run() throws {
        let tsv = try ProgressCLI.vocabulary().read().ankiTSV()
        guard let output else { return Console.out(tsv) }
        let file = try OutputFile(replacing: output)
        try file.write(Array(tsv.utf8))
        try file.commit()
    }
}
