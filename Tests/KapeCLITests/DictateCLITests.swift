import Foundation
import Testing

@Suite struct DictateCLITests {
    static let lesson = CorpusRegressionTests.root.appendingPathComponent("lessons/cafe-bestellen").path

    @Test func scriptedDictationScoresEveryAnsweredPhraseAndFeedsReview() throws {
        let dir = try TemporaryDirectory()
        let answers = dir.path("answers.txt")
        try "Guten Morgen! Was darf ich Ihnen bringen?\nIch hätte gern einen Kafee\n".write(toFile: answers, atomically: true, encoding: .utf8)
        let env = ["XDG_DATA_HOME": dir.path("data")]
        let r = try KapeRun.run(["dictate", Self.lesson, "--answers", answers, "--json"], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.count == 3)
        #expect(lines[0]?["cue"] as? Int == 1)
        #expect(lines[0]?["accuracy"] as? Double == 1.0)
        let second = try #require(lines[1])
        #expect((second["accuracy"] as? Double ?? 1) < 1)
        let ops = second["ops"] as? [[String: Any]] ?? []
        #expect(ops.contains { $0["op"] as? String == "delete" && $0["ref"] as? String == "f" }, "the missing f of Kaffee is marked")
        #expect(lines[2]?["event"] as? String == "result")
        #expect((lines[2]?["points"] as? Int ?? 0) > 0)
        // The imperfect phrase joins the review pool; the perfect one does not.
        let review = try KapeRun.run(["review", "--list", "--json"], environment: env)
        let pool = review.stdout.split(separator: "\n")
        #expect(pool.count == 1)
        #expect(pool.first?.contains("Kaffee") == true)
    }

    @Test func moreAnswersThanPhrasesIsBadInput() throws {
        let dir = try TemporaryDirectory()
        let answers = dir.path("answers.txt")
        try String(repeating: "x\n", count: 500).write(toFile: answers, atomically: true, encoding: .utf8)
        let r = try KapeRun.run(["dictate", Self.lesson, "--answers", answers], environment: ["XDG_DATA_HOME": dir.path("data")])
        #expect(r.status == 1)
        #expect(r.stderr.contains("answers.txt"))
    }

    @Test func missingLessonIsBadInput() throws {
        let r = try KapeRun.run(["dictate", "/nonexistent/lesson"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("/nonexistent/lesson"))
    }
}
