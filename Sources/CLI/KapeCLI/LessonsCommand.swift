import ArgumentParser
import AudioIO
import Foundation
import Lessons
import Platform
import TextFormat

struct LessonsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lessons",
        abstract: "List the listening lessons (audio + transcript) with duration and progress.")

    @OptionGroup var dir: LessonsDirectoryOption
    @Option(help: "Only this category (any case).")
    var category: String?
    @Option(help: "Only this level: beginner or experienced (any case).")
    var level: String?
    @Option(help: "Only lessons whose id, title, description or transcript contain all these words (any case).")
    var search: String?
    @Flag(help: "One JSON object per lesson.")
    var json = false

    func validate() throws {
        if let l = level, LessonInfo.Level(rawValue: l.lowercased()) == nil {
            throw ValidationError("--level must be beginner or experienced")
        }
    }

    func run() throws {
        var problems: [String] = []
        let all: [Lesson]
        do { all = try Lesson.scan(try dir.path) { problems.append($0.description) } } catch let e as TranscriptError { throw InputError(e.description) }
        for p in problems { Console.err("kape: warning: skipped \(p)\n") }
        let chosen = all.filter { l in
            (category.map { l.info.category.caseInsensitiveCompare($0) == .orderedSame } ?? true)
                && (level.map { l.info.level.rawValue == $0.lowercased() } ?? true)
                && (search.map { l.matches(search: $0) } ?? true)
        }
        // The list works without the store, but a store it cannot read is said, not passed over.
        var progress: ProgressData?
        do { progress = try ProgressCLI.store().read() } catch { Console.err("kape: warning: \(error); positions not shown\n") }
        var text = ""
        for l in chosen {
            let seconds = (try? SoundFileReader(path: l.audioPath).seconds) ?? 0
            l.reportTranscriptWarnings(duration: seconds > 0 ? seconds : nil)
            let position = progress?.positions[l.info.id]?.seconds
            let done = progress?.lessonsCompleted.contains { $0.lesson == l.info.id } ?? false
            if json {
                var line = JSONLine()
                line.add("id", l.info.id); line.add("title", l.info.title); line.add("category", l.info.category)
                line.add("level", l.info.level.rawValue); line.add("description", l.info.description)
                line.add("duration", seconds, decimals: 3); line.add("cues", l.transcript.cues.count)
                if let p = position { line.add("position", p, decimals: 3) } else { line.addRaw("position", "null") }
                line.add("completed", done)
                line.add("path", l.folder)
                text += line.text + "\n"
            } else {
                // Heard to the end: "completed" (the saved place is then the start, which says nothing).
                let place = position.flatMap { $0 > 0 ? "  at \(clock($0))" : nil } ?? ""
                text += "\(l.info.id)  \(l.info.title)  [\(l.info.category), \(l.info.level.rawValue)]  \(clock(seconds))"
                    + "  \(l.transcript.cues.count) lines\(done ? "  ✓ completed" : "")\(place)\n"
            }
        }
        if chosen.isEmpty && !json { text = "No lessons match.\n" }
        Console.out(text)
    }
}
