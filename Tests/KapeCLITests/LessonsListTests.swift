import Foundation
import TestSupport
import Testing

/// `kape lessons` on the shipped lessons: listing, filters, search in the transcript, JSON.
@Suite struct LessonsListTests {
    static let root = URL(fileURLWithPath: packageRoot)
    var dir: String { Self.root.appendingPathComponent("lessons").path }

    @Test func listsTheShippedLessonsWithDurations() throws {
        let home = try TemporaryDirectory()
        let r = try KapeRun.run(["lessons", "--dir", dir, "--json"], environment: ["XDG_DATA_HOME": home.url.path])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count >= 3)
        for line in lines {
            let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            let duration = o["duration"] as! Double
            #expect(duration >= 60 && duration <= 180, "\(o["id"]!): \(duration) s")
            #expect((o["cues"] as! Int) >= 10)
        }
    }

    @Test func filtersAndSearchesTranscriptText() throws {
        let home = try TemporaryDirectory()
        let env = ["XDG_DATA_HOME": home.url.path]
        let search = try KapeRun.run(["lessons", "--dir", dir, "--search", "apfelkuchen SAHNE"], environment: env)
        #expect(search.stdout.split(separator: "\n").map { $0.split(separator: " ").first! } == ["cafe-bestellen"])
        let level = try KapeRun.run(["lessons", "--dir", dir, "--level", "experienced", "--json"], environment: env)
        #expect(level.stdout.split(separator: "\n").count == 1 && level.stdout.contains("nach-dem-weg"))
        let none = try KapeRun.run(["lessons", "--dir", dir, "--category", "Sport"], environment: env)
        #expect(none.stdout == "No lessons match.\n")
        #expect(try KapeRun.run(["lessons", "--dir", dir, "--level", "expert"], environment: env).status == 2)
    }

    @Test func aBrokenLessonIsSkippedWithItsFileAndLine() throws {
        let tmp = try TemporaryDirectory()
        let bad = tmp.url.appendingPathComponent("bad")
        try FileManager.default.createDirectory(at: bad, withIntermediateDirectories: true)
        try #"{"id": "bad", "title": "B", "category": "c", "level": "beginner", "description": "d"}"#.write(to: bad.appendingPathComponent("lesson.json"), atomically: true, encoding: .utf8)
        try "WEBVTT\n\n00:01.00 --> 00:02.000\nx\n".write(to: bad.appendingPathComponent("t.vtt"), atomically: true, encoding: .utf8)
        try Data(count: 10).write(to: bad.appendingPathComponent("a.wav"))
        let r = try KapeRun.run(["lessons", "--dir", tmp.url.path], environment: ["XDG_DATA_HOME": tmp.url.path])
        #expect(r.status == 0)
        #expect(r.stderr.contains("t.vtt:3:"), "\(r.stderr)")
    }

    /// A saved position of 1e300 s trapped `kape lessons`; now the store is refused with the field, and the list still shows.
    @Test func aStoreOutOfRangeIsSaidAndTheListStillShows() throws {
        let home = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: home.path("kape"), withIntermediateDirectories: true)
        let text = #"{"version": 1, "positions": {"beim-baecker": {"seconds": 1e300, "at": 0}}}"#
        try text.write(toFile: home.path("kape/progress.json"), atomically: true, encoding: .utf8)
        let r = try KapeRun.run(["lessons", "--dir", dir], environment: ["XDG_DATA_HOME": home.url.path])
        #expect(r.status == 0)
        #expect(r.stdout.contains("beim-baecker"))
        #expect(r.stderr.contains("positions.beim-baecker.seconds is 1e+300: out of range"), "\(r.stderr)")
        #expect(try String(contentsOfFile: home.path("kape/progress.json"), encoding: .utf8) == text)
    }
}
