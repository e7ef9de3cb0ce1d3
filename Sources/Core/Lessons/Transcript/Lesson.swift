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

/// A lesson folder: `lesson.json`, one audio file (WAV, FLAC or Ogg) and one transcript (.vtt, .srt or .json cues).
public struct Lesson: Sendable {
    public var folder: String
    public var info: LessonInfo
    public var audioPath: String
    public var transcriptPath: String
    public var transcript: Transcript

    public static let audioExtensions = ["flac", "ogg", "oga", "wav"]

    public static func load(folder: String) throws -> Lesson {
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
        let transcriptPath = folder + "/" + script
        return Lesson(folder: folder, info: info, audioPath: folder + "/" + audio, transcriptPath: transcriptPath,
                      transcript: try Transcript.load(path: transcriptPath))
    }

    /// Every lesson folder directly under `directory`, by id; broken ones are reported through `onError` and skipped.
    public static func scan(_ directory: String, onError: (TranscriptError) -> Void = { _ in }) throws -> [Lesson] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            throw TranscriptError(file: directory, line: 0, "no such lessons directory")
        }
        var out: [Lesson] = []
        for name in names.sorted() {
            var isDir: ObjCBool = false
            let path = directory + "/" + name
            guard FileManager.default.fileExists(atPath: path + "/lesson.json", isDirectory: &isDir) else { continue }
            do { out.append(try load(folder: path)) } catch let e as TranscriptError { onError(e) }
        }
        return out.sorted { $0.info.id < $1.info.id }
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
