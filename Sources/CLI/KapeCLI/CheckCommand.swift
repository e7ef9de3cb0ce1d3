import ArgumentParser
import Foundation
import Lessons
import Platform

/// Options shared by every command that compares typed text with a reference.
struct CompareFlags: ParsableArguments {
    @Flag(help: "Letter case counts.")
    var caseSensitive = false
    @Flag(help: "Punctuation counts.")
    var punctuationSensitive = false
    @Flag(inversion: .prefixedNo, help: "Accept ae, oe, ue, ss for ä, ö, ü, ß. Default: the setting (`kape settings --umlaut-spellings`), else no.")
    var umlautSpellings: Bool?

    var options: CompareOptions { options(umlautSpellings: false) }

    /// With `setting` (the learner's saved choice) where the flag was not given.
    func options(umlautSpellings setting: Bool) -> CompareOptions {
        CompareOptions(caseSensitive: caseSensitive, punctuationSensitive: punctuationSensitive,
                       umlautSpellings: umlautSpellings ?? setting)
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compare a typed answer with the reference phrase, as dictation does.")

    @Argument(help: "The reference phrase.")
    var reference: String
    @Argument(help: "What was typed.")
    var typed: String
    @OptionGroup var compare: CompareFlags
    @Flag(help: "Print one JSON object.")
    var json = false
    @Flag(help: "Record the result in the progress store (points, streak, review pool).")
    var record = false
    @Option(help: "Lesson id to record the phrase under.")
    var lesson: String?
    @Flag(help: "TYPED is unfinished: mark it against the part of the reference it has reached.")
    var partial = false

    func validate() throws {
        if partial && record { throw ValidationError("--partial answers are not recorded") }
        if let problem = Comparison.tooLong(reference: reference, typed: typed, options: compare.options) {
            throw ValidationError(problem)
        }
    }

    func run() throws {
        if partial {
            let p = PartialComparison(reference: reference, typedSoFar: typed, options: compare.options)
            FileHandleOutput.stdout(json ? PartialOutput.json(p, reference: reference, typed: typed) + "\n"
                                         : PartialOutput.terminal(p, style: .forStdout()))
            return
        }
        let result = Comparison(reference: reference, typed: typed, options: compare.options)
        if json {
            Console.out(ComparisonOutput.json(result, cue: 1) + "\n")
        } else {
            FileHandleOutput.stdout(ComparisonOutput.terminal(result, style: .forStdout()))
        }
        if record {
            let store = try ProgressCLI.store()
            let now = ProgressCLI.now()
            try store.update { data in
                data.recordDictation(result, lesson: lesson, cue: 1, at: now, calendar: ProgressCLI.calendar)
            }
        }
    }
}

/// A comparison of texts that may come from a file or a prompt: refused, naming `place`, when too long to compare.
func compared(_ reference: String, _ typed: String, _ options: CompareOptions,
              at place: @autoclosure () -> String) throws -> Comparison {
    if let problem = Comparison.tooLong(reference: reference, typed: typed, options: options) {
        throw InputError("\(place()): \(problem)")
    }
    return Comparison(reference: reference, typed: typed, options: options)
}
