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
        var cache = LessonListCache()
        defer { cache.save() }
        for entry in chosen {
            // The search needs the transcript's text: read, one at a time and let go before the next. Otherwise
            // the row comes from the cache while the lesson's files are unchanged.
            var searched: Lesson?
            if let search {
                guard let l = Self.load(entry), l.matches(search: search) else { continue }
                searched = l
            }
            guard let row = cache.row(for: entry, compute: { (searched ?? Self.load(entry)).map(Self.row) }) else { continue }
            shown += 1
            if let problem = row.audioProblem {
                Console.err("kape: warning: lesson '\(entry.info.id)': its audio cannot be played (it is listed, marked): \(problem)\n")
            }
            for w in row.warnings { Console.err("kape: warning: \(printable(w))\n") }
            let info = entry.info
            let seconds = row.seconds ?? 0
            let position = progress?.positions[info.id]?.seconds
            let completed = done.contains(info.id)
            let idShared = sharedIds.contains(info.id)
            if json {
                var line = JSONLine()
                line.add("id", info.id); line.add("title", info.title); line.add("category", info.category)
                line.add("level", info.level.rawValue); line.add("description", info.description)
                line.add("duration", seconds, decimals: 3); line.add("cues", row.cues)
                if let p = position { line.add("position", p, decimals: 3) } else { line.addRaw("position", "null") }
                line.add("completed", completed)
                line.add("path", entry.folder)
                if let problem = row.audioProblem { line.add("audio_error", problem) } else { line.addRaw("audio_error", "null") }
                line.add("id_shared", idShared)
                text += line.text + "\n"
            } else {
                // Heard to the end: "completed" (the saved place is then the start, which says nothing).
                let place = position.flatMap { $0 > 0 ? "  at \(clock($0))" : nil } ?? ""
                let marks = (row.audioProblem == nil ? "" : "  ⚠ audio unreadable") + (idShared ? "  ⚠ id shared" : "")
                text += "\(info.id)  \(info.title)  [\(info.category), \(info.level.rawValue)]  \(row.seconds == nil ? "-:--" : clock(seconds))"
                    + "  \(row.cues) lines\(completed ? "  ✓ completed" : "")\(place)\(marks)\n"
            }
        }
        if shown == 0 && !json { text = "No lessons match.\n" }
        Console.out(text)
    }

    /// The lesson with its transcript, or nil after saying why it is skipped.
    static func load(_ entry: LessonEntry) -> Lesson? {
        do { return try Lesson(entry) } catch {
            Console.err("kape: warning: skipped \(error)\n")
            return nil
        }
    }

    /// Past-end warnings said at most this many times a lesson (one per cue: a transcript for another recording
    /// has thousands).
    static let maxPastEndWarnings = 20

    /// What the list shows of a lesson: its line count, audio length (or why its audio cannot be played) and the
    /// warnings about its transcript.
    static func row(_ lesson: Lesson) -> LessonListCache.Row {
        let audio = Self.audio(of: lesson)
        var warnings = lesson.transcript.warnings.map { $0.description }
        if let seconds = audio.seconds {
            let pastEnd = lesson.transcript.warningsPastEnd(duration: seconds, file: lesson.transcriptPath)
            warnings += pastEnd.prefix(maxPastEndWarnings).map { $0.description }
            if pastEnd.count > maxPastEndWarnings { warnings.append("\(lesson.transcriptPath): \(pastEnd.count - maxPastEndWarnings) more cues past the end of the audio") }
        }
        return LessonListCache.Row(cues: lesson.transcript.cues.count, seconds: audio.seconds, audioProblem: audio.problem, warnings: warnings)
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
