import Foundation
import TestSupport
import Testing

/// Dictation as a learner types it: an answer line that edits (Home, →, Ctrl-U, ↑ for an earlier answer), Ctrl-N
/// to skip and see the phrase, the umlaut spellings and live marking as saved settings.
@Suite(.serialized) struct DictationKeysTests {
    static let lesson = packageRoot + "/lessons/cafe-bestellen"

    /// The last line of the pane that starts with the prompt.
    func answerLine(_ screen: String) -> String {
        screen.components(separatedBy: "\n").last { $0 == ">" || $0.hasPrefix("> ") } ?? ""
    }

    @Test func theAnswerLineEditsSkipsAndFollowsTheSettings() throws {
        let data = try TemporaryDirectory()
        let env = ["XDG_DATA_HOME": data.path("d")]
        let set = try KapeRun.run(["settings", "--live-marking", "off", "--umlaut-spellings", "on", "--json"], environment: env)
        #expect(set.stdout.contains(#""umlaut_spellings": true"#) && set.stdout.contains(#""live_marking": false"#), "\(set.stdout)")
        let pane = try TmuxPane(columns: 120, rows: 30)
        try pane.run("XDG_DATA_HOME=\(data.path("d")) \(KapeRun.binary) dictate \(Self.lesson) --no-sound; echo EXITED:$?")
        #expect(try pane.wait { $0.contains("1/22") && $0.contains("Ctrl-N skips") } != nil)
        try pane.send("Gutn Morgen! Was darf ich Ihnen bringen?", literal: true)
        let typed = try pane.wait { self.answerLine($0).contains("bringen?") }
        // Live marking off: no ✓ or ✗ while typing.
        #expect(typed.map { !self.answerLine($0).contains("✓") && !self.answerLine($0).contains("✗") } == true, "\(typed ?? "")")
        try pane.send("Home")
        for _ in 0..<3 { try pane.send("Right") }
        try pane.send("e", literal: true)
        #expect(try pane.wait { self.answerLine($0) == "> Guten Morgen! Was darf ich Ihnen bringen?" } != nil,
                "\((try? pane.capture()) ?? "")")
        try pane.send("Enter")
        #expect(try pane.wait { $0.contains("100.0 %") && $0.contains("2/22") } != nil, "\((try? pane.capture()) ?? "")")
        // ↑ brings the answer back; Ctrl-U empties the line before the cursor.
        try pane.send("Up")
        #expect(try pane.wait { $0.contains("2/22") && self.answerLine($0) == "> Guten Morgen! Was darf ich Ihnen bringen?" } != nil)
        try pane.send("C-u")
        #expect(try pane.wait { self.answerLine($0) == ">" || self.answerLine($0) == "> " } != nil, "\((try? pane.capture()) ?? "")")
        // Ctrl-N: skipped and shown.
        try pane.send("C-n")
        #expect(try pane.wait { $0.contains("skipped: Guten Morgen. Ich hätte gern einen Kaffee, bitte.") && $0.contains("3/22") } != nil,
                "\((try? pane.capture()) ?? "")")
        // Ctrl-W takes the last word back.
        try pane.send("Mit Milch und Zuker", literal: true)
        try pane.send("C-w")
        try pane.send("Zucker?", literal: true)
        try pane.send("Enter")
        #expect(try pane.wait { $0.contains("100.0 %") && $0.contains("4/22") } != nil, "\((try? pane.capture()) ?? "")")
        try pane.send("C-d")
        #expect(try pane.wait { $0.contains("EXITED:0") } != nil)
        // The skipped phrase is in the review pool; the umlaut setting lets "haette" count for "hätte".
        let pool = try KapeRun.run(["review", "--list"], environment: env)
        #expect(pool.stdout.contains("Ich hätte gern einen Kaffee"), "\(pool.stdout)")
        let answers = data.path("a.txt")
        try "Guten Morgen! Was darf ich Ihnen bringen?\nGuten Morgen. Ich haette gern einen Kaffee, bitte.\n"
            .write(toFile: answers, atomically: true, encoding: .utf8)
        let scripted = try KapeRun.run(["dictate", Self.lesson, "--answers", answers, "--json"], environment: env)
        #expect(scripted.stdout.split(separator: "\n").dropFirst().first?.contains(#""accuracy": 1"#) == true, "\(scripted.stdout)")
        let strict = try KapeRun.run(["dictate", Self.lesson, "--answers", answers, "--json", "--no-umlaut-spellings"], environment: env)
        #expect(strict.stdout.split(separator: "\n").dropFirst().first?.contains(#""accuracy": 1"#) == false, "\(strict.stdout)")
    }
}
