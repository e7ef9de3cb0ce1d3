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
        let all: [LessonEntry]
        do { all = try Lesson.scan(try dir.path) { problems.append($0.description) } } catch let e as TranscriptError { throw InputError(e.description) }
        for p in problems { Console.err("kape: warning: skipped \(p)\n") }
        let shared = Lesson.sharedIds(all)
        for s in shared {
            Console.err("kape: warning: \(s.folders.count) lessons have the id '\(s.id)' (\(s.folders.joined(separator: ", "))): they share "
                + "one saved place and completion; give each its own \"id\" in its lesson.json\n")
        }
        let sharedIds = Set(shared.map(\.id))
        let chosen = all.filter { l in
            (category.map { l.info.category.caseInsensitiveCompare($0) == .orderedSame } ?? true)
                && (level.map { l.info.level.rawValue == $0.lowercased() } ?? true)
        }
        // The list works without the store, but a store it cannot read is said, not passed over.
        var progress: ProgressData?
        do { progress = try ProgressCLI.store().read() } catch { Console.err("kape: warning: \(error); positions not shown\n") }
        let done = progress?.lessonsDone ?? []
        var text = ""
        var shown = 0
        for entry in chosen {
            // One transcript at a time, let go before the next: for its line count, warnings and the search.
            let l: Lesson
            do { l = try Lesson(entry) } catch let e as TranscriptError { Console.err("kape: warning: skipped \(e)\n"); continue }
            if let search, !l.matches(search: search) { continue }
            shown += 1
            let audio = Self.audio(of: l)
            if let problem = audio.problem {
                Console.err("kape: warning: lesson '\(l.info.id)': its audio cannot be played (it is listed, marked): \(problem)\n")
            }
            l.reportTranscriptWarnings(duration: audio.seconds)
            let seconds = audio.seconds ?? 0
            let position = progress?.positions[l.info.id]?.seconds
            let completed = done.contains(l.info.id)
            let idShared = sharedIds.contains(l.info.id)
            if json {
                var line = JSONLine()
                line.add("id", l.info.id); line.add("title", l.info.title); line.add("category", l.info.category)
                line.add("level", l.info.level.rawValue); line.add("description", l.info.description)
                line.add("duration", seconds, decimals: 3); line.add("cues", l.transcript.cues.count)
                if let p = position { line.add("position", p, decimals: 3) } else { line.addRaw("position", "null") }
                line.add("completed", completed)
                line.add("path", l.folder)
                if let problem = audio.problem { line.add("audio_error", problem) } else { line.addRaw("audio_error", "null") }
                line.add("id_shared", idShared)
                text += line.text + "\n"
            } else {
                // Heard to the end: "completed" (the saved place is then the start, which says nothing).
                let place = position.flatMap { $0 > 0 ? "  at \(clock($0))" : nil } ?? ""
                let marks = (audio.problem == nil ? "" : "  ⚠ audio unreadable") + (idShared ? "  ⚠ id shared" : "")
                text += "\(l.info.id)  \(l.info.title)  [\(l.info.category), \(l.info.level.rawValue)]  \(audio.seconds == nil ? "-:--" : clock(seconds))"
                    + "  \(l.transcript.cues.count) lines\(completed ? "  ✓ completed" : "")\(place)\(marks)\n"
            }
        }
        if shown == 0 && !json { text = "No lessons match.\n" }
        Console.out(text)
    }

    /// The lesson's audio length, or why it cannot be played (a FIFO, empty, not audio, 0 or 1024 channels, rate 0).
    static func audio(of lesson: Lesson) -> (seconds: Double?, problem: String?) {
        do {
            let reader = try SoundFileReader(path: lesson.audioPath)
            guard reader.frames > 0 else { return (nil, "\(lesson.audioPath): has no audio frames") }
            return (reader.seconds, nil)
        } catch {
            return (nil, "\(error)")
        }
    }
}
