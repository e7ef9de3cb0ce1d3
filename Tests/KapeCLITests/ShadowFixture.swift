import Foundation
import Lessons

/// A lesson folder around `ShadowSyncTests.lesson`: the synthetic phrases, a WebVTT transcript and lesson.json.
enum ShadowFixture {
    static func folder(in dir: TemporaryDirectory, id: String = "test-lesson") throws -> (path: String, transcript: Transcript) {
        let folder = dir.path(id)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let (_, transcript) = try ShadowSyncTests.lesson(in: folder)
        var vtt = "WEBVTT\n\n"
        for c in transcript.cues { vtt += "\(stamp(c.start)) --> \(stamp(c.end))\n\(c.text)\n\n" }
        try vtt.write(toFile: folder + "/transcript.vtt", atomically: true, encoding: .utf8)
        let meta = #"{"id": "\#(id)", "title": "Test lesson", "category": "Tests", "level": "beginner", "description": "Synthetic phrases."}"#
        try meta.write(toFile: folder + "/lesson.json", atomically: true, encoding: .utf8)
        return (folder, transcript)
    }

    static func stamp(_ t: Double) -> String {
        let ms = Int((t * 1000).rounded())
        return String(format: "%02d:%02d:%02d.%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
    }

    /// JSON lines as dictionaries.
    static func events(_ stdout: String) -> [[String: Any]] {
        stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }
}
