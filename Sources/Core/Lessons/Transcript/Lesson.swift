import Foundation
import TextFormat
import Platform

/// `lesson.json`: what the lesson list shows.
public struct LessonInfo: Sendable, Codable, Equatable {
    public enum Level: String, Sendable, Codable, CaseIterable { case beginner, experienced }
    public var id: String
    public var title: String
    public var category: String
    public var level: Level
    public var description: String
}

/// A lesson folder as listed: its `lesson.json` and which files are its audio and transcript, nothing more read.
/// Listing, shell completion and finding a lesson by id need no transcript (twelve 33 MB transcripts parsed at
/// once for a listing took 401 MB and 10 s, for every completion too).
public struct LessonEntry: Sendable {
    public var folder: String
    public var info: LessonInfo
    public var audioPath: String
    public var transcriptPath: String
}

/// A lesson folder: `lesson.json`, one audio file (WAV, FLAC or Ogg) and one transcript (.vtt, .srt or .json cues).
public struct Lesson: Sendable {
    public var folder: String
    public var info: LessonInfo
    public var audioPath: String
    public var transcriptPath: String
    public var transcript: Transcript

    public static let audioExtensions = ["flac", "ogg", "oga", "wav"]
    /// Lessons a lessons folder may hold (each is a `lesson.json` read for every listing and completion).
    public static let maxFolders = 5_000

    public init(_ entry: LessonEntry) throws {
        folder = entry.folder
        info = entry.info
        audioPath = entry.audioPath
        transcriptPath = entry.transcriptPath
        transcript = try Transcript.load(path: entry.transcriptPath)
    }

    public static func load(folder: String) throws -> Lesson { try Lesson(entry(folder: folder)) }

    public static func entry(folder: String) throws -> LessonEntry {
        let fm = FileManager.default
        let metaPath = folder + "/lesson.json"
        guard fm.fileExists(atPath: metaPath) else { throw TranscriptError(file: metaPath, line: 0, "missing lesson.json") }
        let data: Data
        do throws(FileError) { data = Data(try InputFile.read(metaPath, as: .lesson)) } catch {
            throw TranscriptError(file: metaPath, line: 0, error.message)
        }
        let info: LessonInfo
        do {
            info = try JSONFile.decode(LessonInfo.self, from: data, file: metaPath)
        } catch let e as JSONFileError {
            let what = e.place == "level" ? "bad \"level\" (beginner or experienced)"
                : (e.place.isEmpty ? "" : "\(e.place): ") + e.message + " (lesson.json holds {\"id\", \"title\", \"category\", \"level\", \"description\"})"
            throw TranscriptError(file: metaPath, line: e.line ?? 1, what)
        }
        let names = ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        func ext(_ n: String) -> String { n.split(separator: ".").count > 1 ? String(n.split(separator: ".").last!).lowercased() : "" }
        guard let audio = names.first(where: { audioExtensions.contains(ext($0)) }) else {
            throw TranscriptError(file: folder, line: 0, "no audio file (.flac, .ogg or .wav) in the lesson")
        }
        guard let script = names.first(where: { $0 != "lesson.json" && Transcript.extensions.contains(ext($0)) }) else {
            throw TranscriptError(file: folder, line: 0, "no transcript (.vtt, .srt or .json) in the lesson")
        }
        return LessonEntry(folder: folder, info: info, audioPath: folder + "/" + audio, transcriptPath: folder + "/" + script)
    }

    /// Every lesson folder directly under `directory`, by id, from `lesson.json` alone; broken ones are reported
    /// through `onError` and skipped. More than `maxFolders` lessons is an error.
    public static func scan(_ directory: String, onError: (TranscriptError) -> Void = { _ in }) throws -> [LessonEntry] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            throw TranscriptError(file: directory, line: 0, "no such lessons directory")
        }
        let folders = names.sorted().map { directory + "/" + $0 }.filter { FileManager.default.fileExists(atPath: $0 + "/lesson.json") }
        guard folders.count <= maxFolders else {
            throw TranscriptError(file: directory, line: 0, "holds \(folders.count) lessons, over the \(maxFolders) a lessons folder may hold: "
                + "split it into several folders and pass one with --lessons")
        }
        var out: [LessonEntry] = []
        for path in folders {
            do { out.append(try entry(folder: path)) } catch let e as TranscriptError { onError(e) }
        }
        return out.sorted { $0.info.id < $1.info.id }
    }

    /// Ids shared by more than one lesson (they would share saved places and completions), each with its folders.
    public static func sharedIds(_ entries: [LessonEntry]) -> [(id: String, folders: [String])] {
        Dictionary(grouping: entries, by: \.info.id).filter { $0.value.count > 1 }
            .map { ($0.key, $0.value.map(\.folder).sorted()) }.sorted { $0.id < $1.id }
    }

    /// True when every word of `query` is in the id, title, description or transcript (ignoring case and accents).
    public func matches(search query: String) -> Bool {
        let hay = fold(info.id + "\n" + info.title + "\n" + info.description + "\n" + transcript.text)
        return query.split(whereSeparator: { $0.isWhitespace }).allSatisfy { hay.contains(fold(String($0))) }
    }

    private func fold(_ s: String) -> String {
        s.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
