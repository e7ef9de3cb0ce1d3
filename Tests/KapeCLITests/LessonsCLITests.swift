import Foundation
import Testing

@Suite struct LessonsCLITests {
    @Test func checkPrintsThePerPhraseObject() throws {
        let run = try KapeRun.run(["check", "Grüß Gott!", "grus got", "--json"])
        #expect(run.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["cue"] as? Int == 1)
        #expect(object?["reference"] as? String == "Grüß Gott!")
        let ops = object?["ops"] as? [[String: String]] ?? []
        // The missing "t" is marked at the word's end, not inside it (fewer run ends inside words).
        #expect(ops.map { $0["op"] ?? "" } == ["equal", "substitute", "equal", "delete"])
        #expect(run.stdout.contains("\"accuracy\": 0.6667"))
        let folded = try KapeRun.run(["check", "Grüß Gott!", "gruess gott", "--umlaut-spellings", "--json"])
        #expect(folded.stdout.contains("\"accuracy\": 1.0000"))
    }

    @Test func checkTerminalOutputReadsWithoutColour() throws {
        let run = try KapeRun.run(["check", "Hallo Welt", "halo weltt"], environment: ["NO_COLOR": "1"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("ha(+l)lo welt{−t}"))
        #expect(!run.stdout.contains("\u{1B}["))
        #expect(try KapeRun.run(["check", "only one"]).status == 2)
    }

    /// Texts longer than the comparison limit are refused at once, naming the side (or the file and line).
    @Test func textsOverTheLimitAreRefusedWithTheirLength() throws {
        let long = String(repeating: "ab ", count: 7000)  // 21 000 characters, 20 999 after normalisation
        let check = try KapeRun.run(["check", long, "ab"])
        #expect(check.status == 2)
        #expect(check.stderr.contains("the reference is 20999 characters long: at most 20000 are compared"), "\(check.stderr)")
        #expect(try KapeRun.run(["check", "ab", long, "--partial"]).status == 2)
        let dir = try TemporaryDirectory()
        let answers = dir.path("answers.txt")
        try (long + "\n").write(toFile: answers, atomically: true, encoding: .utf8)
        let lesson = DictateCLITests.lesson
        let dictate = try KapeRun.run(["dictate", lesson, "--answers", answers], environment: ["XDG_DATA_HOME": dir.path("d")])
        #expect(dictate.status == 1)
        #expect(dictate.stderr.contains("\(answers):1: the answer is 20999 characters long"), "\(dictate.stderr)")
    }

    @Test func partialCheckMarksTheAnswerSoFar() throws {
        let run = try KapeRun.run(["check", "Guten Morgen", "gutn m", "--partial"], environment: ["NO_COLOR": "1"])
        #expect(run.status == 0)
        #expect(run.stdout == "gut(+e)n m  ✗ 1 mistake so far\n")
        let json = try KapeRun.run(["check", "Guten Morgen", "guten m", "--partial", "--json"])
        #expect(json.stdout.contains("\"on_track\": true, \"covered\": 7, \"length\": 12"))
        #expect(try KapeRun.run(["check", "a", "b", "--partial", "--record"]).status == 2)
    }

    @Test func reviewFlowThroughTheStore() throws {
        let dir = try TemporaryDirectory()
        let day0 = "1800000000"  // 2027-01-15 08:00 UTC
        var env = ["XDG_DATA_HOME": dir.url.path, "TZ": "Europe/Berlin", "KAPE_NOW": day0]
        let empty = try KapeRun.run(["review"], environment: env)
        #expect(empty.status == 0 && empty.stdout.hasPrefix("Nothing to review today"))
        #expect(try KapeRun.run(["check", "Die Katze schläft", "die kaze schläft", "--record", "--lesson", "tiere"],
                                environment: env).status == 0)
        #expect(try KapeRun.run(["review"], environment: env).stdout.contains("next phrase due 2027-01-1"))
        let list = try KapeRun.run(["review", "--list", "--json"], environment: env)
        #expect(list.stdout.contains("\"level\": 1") && list.stdout.contains("\"lesson\": \"tiere\""))

        env["KAPE_NOW"] = String(1_800_000_000 + 2 * 86_400)  // two days later: due whichever of 1–2 days was picked
        let answers = dir.path("answers.txt")
        try "die katze schläft\n".write(toFile: answers, atomically: true, encoding: .utf8)
        let review = try KapeRun.run(["review", "--answers", answers, "--json"], environment: env)
        #expect(review.status == 0)
        let lines = review.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last == "{\"event\": \"result\", \"accuracy\": 1.0000, \"points\": 15}")
        let after = try KapeRun.run(["review", "--list", "--json"], environment: env)
        #expect(after.stdout.contains("\"correct_at_level\": 1"))

        let stats = try KapeRun.run(["stats", "--json"], environment: env)
        let object = try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any]
        #expect(object?["streak"] as? Int == 1)  // day 0 and day 2: the missed day 1 broke it
        #expect(object?["points"] as? Int == Int((10.0 * 16 / 17).rounded()) + 15)
        #expect((object?["days"] as? [Any])?.count == 49)
        let grid = try KapeRun.run(["stats"], environment: env)
        #expect(grid.stdout.contains("Mon ") && grid.stdout.contains("streak     1 day\n"))
        withExtendedLifetime(dir) {}  // the directory must outlive every run above
    }

    @Test func damagedStoreIsReportedNotReset() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path("kape"), withIntermediateDirectories: true)
        try "{not json".write(toFile: dir.path("kape/progress.json"), atomically: true, encoding: .utf8)
        let run = try KapeRun.run(["stats", "--json"], environment: ["XDG_DATA_HOME": dir.url.path])
        #expect(run.status == 0)
        #expect(run.stderr.contains("damaged") && run.stderr.contains("moved aside"))
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path("kape"))
        #expect(names.contains { $0.hasPrefix("progress.json.damaged-") })
    }
}
