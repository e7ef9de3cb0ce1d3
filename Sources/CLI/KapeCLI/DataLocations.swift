import ArgumentParser
import Foundation
import Game
import Lessons
import Platform

/// The directory of `kind` (decks, lessons): the option, else $KAPE_KIND, else the data directories; when none
/// exists the error says where Kape looked and how to fix it.
func dataDirectory(_ kind: String, override: String?, option: String) throws -> String {
    if let dir = DataDirectories.locate(kind, override: override) { return dir }
    let looked = DataDirectories.searched(kind).joined(separator: ", ")
    throw InputError("no \(kind) found (looked in \(looked)): install Kape with `make install`, or pass \(option) DIR")
}

/// Where the lessons live: `--lessons` (or `--dir`), else $KAPE_LESSONS, else the data directories.
struct LessonsDirectoryOption: ParsableArguments {
    @Option(name: [.customLong("lessons"), .customLong("dir")], help: "Lessons directory instead of the installed lessons.")
    var lessons: String?

    var path: String { get throws { try dataDirectory("lessons", override: lessons, option: "--lessons") } }

    /// Every file of every lesson (inputs no output may replace).
    var files: [String] { (try? path).map { OptionCheck.files(in: $0, depth: 2) } ?? [] }

    /// A lesson named by the user: a folder (anything with a `/`, or an existing folder with a lesson.json), else
    /// an id from `kape lessons` (a folder of that name in the lessons directory, or a lesson whose id it is).
    func lesson(named name: String) throws -> Lesson {
        do {
            if name.contains("/") || FileManager.default.fileExists(atPath: name + "/lesson.json") {
                return try Lesson.load(folder: name)
            }
            let dir = try path
            if FileManager.default.fileExists(atPath: dir + "/" + name + "/lesson.json") {
                return try Lesson.load(folder: dir + "/" + name)
            }
            let all = try Lesson.scan(dir)
            if let found = all.first(where: { $0.info.id == name }) { return try Lesson(found) }
            throw InputError("no lesson '\(name)' in \(dir).\(didYouMeanSentence(name, among: all.map(\.info.id))) "
                             + "See `kape lessons` (or give the lesson's folder)")
        } catch let e as TranscriptError {
            throw InputError(e.description)
        }
    }
}

/// A deck id that names no deck: where Kape looked and the id meant, if one is near.
func unknownDeck(_ id: String, in decks: [Deck], folder: String) -> InputError {
    InputError("no deck '\(id)' in \(folder).\(didYouMeanSentence(id, among: decks.map(\.id))) See `kape decks`")
}

/// The deck and lesson ids, for shell completion (quietly empty when none are found).
enum DataCompletion {
    static func decks() -> [String] {
        guard let dir = DataDirectories.locate("decks", override: nil) else { return [] }
        return ((try? DeckLoader.load(directory: dir)) ?? []).map(\.id)
    }

    static func lessons() -> [String] {
        guard let dir = DataDirectories.locate("lessons", override: nil) else { return [] }
        return ((try? Lesson.scan(dir)) ?? []).map(\.info.id)
    }
}
