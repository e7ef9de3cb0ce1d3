import Foundation
import TestSupport
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

/// On a real terminal the answer is marked while it is typed, and the terminal is given back afterwards.
@Suite(.serialized) struct DictateTerminalTests {
    @Test func answerIsMarkedAsItIsTypedAndTheTerminalIsRestored() throws {
        let data = try TemporaryDirectory()
        let pane = try TmuxPane(columns: 120, rows: 30)
        try pane.run("XDG_DATA_HOME=\(data.path("d")) \(KapeRun.binary) dictate \(DictateCLITests.lesson) --device wav:\(data.path("o.wav")); echo EXITED:$?; stty -a | grep -o -- '-icanon\\|icanon' | head -1")
        #expect(try pane.wait { $0.contains("1/22") } != nil)
        try pane.send("Guten Mor", literal: true)
        #expect(try pane.wait { $0.contains("> Guten Mor ✓") } != nil, "\((try? pane.capture()) ?? "")")
        try pane.send("x", literal: true)
        #expect(try pane.wait { $0.contains("> Guten Morx ✗") } != nil, "\((try? pane.capture()) ?? "")")
        try pane.send("BSpace")
        try pane.send("gen! Was darf ich Ihnen bringen?", literal: true)
        try pane.send("Enter")
        #expect(try pane.wait { $0.contains("100.0 %") && $0.contains("2/22") } != nil, "\((try? pane.capture()) ?? "")")
        try pane.send("C-d")
        // The echoed command line holds "EXITED:$?" too: wait for a status digit, then for stty's answer (it comes
        // after the status line, and reading the pane in between raced).
        let end = try pane.wait { pane in
            (0...9).contains { pane.contains("EXITED:\($0)") }
                && pane.components(separatedBy: "\n").contains { ["icanon", "-icanon"].contains($0.trimmingCharacters(in: .whitespaces)) }
        }
        #expect(end?.contains("EXITED:0") == true)
        #expect(end?.contains("1 of 22 phrases") == true)
        #expect(end?.components(separatedBy: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "icanon" } == true,
                "the terminal was not given back: \(end ?? "")")
    }
}

@Suite struct ReviewAsDictationTests {
    @Test func duePhrasesArePlayedFromTheirLessonAndScored() throws {
        let dir = try TemporaryDirectory()
        let answers = dir.path("a.txt")
        try "Guten Tag\n".write(toFile: answers, atomically: true, encoding: .utf8)
        let day0 = 1_795_000_000
        var env = ["XDG_DATA_HOME": dir.path("d"), "KAPE_NOW": "\(day0)"]
        #expect(try KapeRun.run(["dictate", DictateCLITests.lesson, "--answers", answers], environment: env).status == 0)
        env["KAPE_NOW"] = "\(day0 + 3 * 86_400)"
        let lessons = CorpusRegressionTests.root.appendingPathComponent("lessons").path
        let r = try KapeRun.run(["review", "--lessons", lessons, "--device", "wav:\(dir.path("r.wav"))"], environment: env,
                                input: "Guten Morgen! Was darf ich Ihnen bringen?\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("1/1") && !r.stdout.contains("no audio"))
        #expect(r.stdout.contains("reviewed 1 of 1: accuracy 100.0 %"))
        let list = try KapeRun.run(["review", "--list", "--json"], environment: env)
        #expect(list.stdout.contains("\"correct_at_level\": 1"))
    }

    /// Answers written on Windows (CRLF) or with a byte-order mark are still one answer per line: "\r\n" is one
    /// Swift Character, so splitting on "\n" alone made the whole file one answer.
    @Test func crlfAnswersWithAByteOrderMarkAreOnePerLine() throws {
        let dir = try TemporaryDirectory()
        let answers = dir.path("answers.txt")
        try "\u{FEFF}Guten Morgen! Was darf ich Ihnen bringen?\r\nIch hätte gern einen Kaffee.\r\n".write(toFile: answers, atomically: true, encoding: .utf8)
        let r = try KapeRun.run(["dictate", DictateCLITests.lesson, "--answers", answers, "--json"], environment: ["XDG_DATA_HOME": dir.path("data")])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.count == 3, "\(r.stdout)")
        #expect(lines.first?["accuracy"] as? Double == 1.0, "\(r.stdout)")
        #expect(!r.stdout.contains("\\r") && !r.stdout.contains("\\ufeff"), "\(r.stdout)")
    }
}

/// `kape dictate --answers` with every line wrong completed the lesson (+50, then +10 a run): the one rule now is
/// that only hearing a lesson to the end completes it; dictation earns its phrases' points (issue 30).
@Suite struct DictationCompletionRuleTests {
    @Test func dictationNeverCompletesALesson() throws {
        let home = try TemporaryDirectory()
        let lessons = packageRoot + "/lessons"
        let env = ["XDG_DATA_HOME": home.path("data"), "KAPE_NOW": "1800000000"]
        let list = try KapeRun.run(["lessons", "--dir", lessons, "--json"], environment: env)
        let cues = try #require(ShadowFixture.events(list.stdout).first { $0["id"] as? String == "beim-baecker" }?["cues"] as? Int)
        try String(repeating: "falsch\n", count: cues).write(toFile: home.path("answers.txt"), atomically: true, encoding: .utf8)
        for _ in 0..<2 {
            let r = try KapeRun.run(["dictate", "beim-baecker", "--lessons", lessons, "--answers", home.path("answers.txt"), "--json", "--no-sound"], environment: env)
            #expect(r.status == 0, "\(r.stderr)")
            let result = try #require(ShadowFixture.events(r.stdout).last)
            // Each phrase: round(10 × accuracy), plus 5 when perfect (docs/LESSONS.md), and nothing more.
            let accuracies: [Double] = ShadowFixture.events(r.stdout).compactMap { o -> Double? in o["cue"] == nil ? nil : o["accuracy"] as? Double }
            var phrasePoints = 0
            for a in accuracies { phrasePoints += Int((a * 10).rounded()) + (a >= 1 ? 5 : 0) }
            #expect(accuracies.count == cues)
            #expect(result["points"] as? Int == phrasePoints, "the result adds nothing to the phrases' points: \(result)")
        }
        let stats = try KapeRun.run(["stats", "--json"], environment: env)
        #expect(stats.stdout.contains(#""lessons_done": 0"#), "\(stats.stdout)")
        let after = try KapeRun.run(["lessons", "--dir", lessons], environment: env)
        #expect(!after.stdout.contains("✓ completed"))
    }
}
