import Foundation
import TestSupport
import Testing
import TextFormat

/// Text from lessons, decks, answers and file names never reaches the terminal with its controls: an OSC 52
/// clipboard write, a title change or a screen clear in a lesson title, a card, an answer or a file name is shown
/// as symbols (␛ …), in plain output and messages; JSON escapes it. Every case printed it raw before.
@Suite struct TerminalEscapeTests {
    static let clipboard = "\u{1B}]52;c;cm0gLXJmIH4=\u{7}"
    static let title = "\u{1B}]0;pwned\u{7}"
    static let clear = "\u{1B}[2J"
    static let c1 = "\u{9B}2J"

    /// No ESC, BEL, C1 CSI or other control but line feed and tab.
    static func clean(_ s: String) -> Bool {
        !s.unicodeScalars.contains { u in (u.value < 0x20 && u != "\n" && u != "\t") || (0x7F...0x9F).contains(u.value) }
    }

    @Test func printableShowsControlsAsSymbols() {
        #expect(printable("a" + Self.clipboard + "b") == "a␛]52;c;cm0gLXJmIH4=␇b")
        #expect(printable("x\u{9B}y\u{7F}") == "x\u{FFFD}y␡")
        #expect(printable("two\nlines\tand\r") == "two␊lines␉and␍")
        #expect(printable("two\nlines\tand\r", keepLineBreaks: true) == "two\nlines\tand␍")
        // Bidirectional overrides and isolates would show a card reordered ("Trojan Source"); ordinary RTL text stays.
        #expect(printable("ab\u{202E}cd\u{2066}e\u{2069}") == "ab\u{FFFD}cd\u{FFFD}e\u{FFFD}")
        #expect(printable("שלום") == "שלום")
        #expect(printable("Grüße 👨‍👩‍👧") == "Grüße 👨‍👩‍👧")
        #expect(quoted("a\u{9B}\u{7F}") == "\"a\\u009b\\u007f\"")
    }

    @Test func checkShowsTheAnswerAndReferenceWithoutTheirEscapes() throws {
        let home = try TemporaryDirectory()
        let env = ["XDG_DATA_HOME": home.url.path]
        let r = try KapeRun.run(["check", "Hallo " + Self.title + " Welt" + Self.c1, "hallo" + Self.clipboard + Self.clear], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.clean(r.stdout), "\(r.stdout.debugDescription)")
        #expect(r.stdout.contains("correct:  Hallo ␛]0;pwned␇ Welt\u{FFFD}2J"), "\(r.stdout)")
        #expect(r.stdout.contains("␛52"), "\(r.stdout)")  // the answer, normalised (no punctuation)
        let json = try KapeRun.run(["check", "Hallo " + Self.title, "hallo" + Self.clipboard, "--json"], environment: env)
        #expect(Self.clean(json.stdout) && json.stdout.contains("\\u001b]52"))
        let partial = try KapeRun.run(["check", "--partial", "Hallo" + Self.title, "ha" + Self.clear], environment: env)
        #expect(Self.clean(partial.stdout), "\(partial.stdout.debugDescription)")
    }

    @Test func lessonTitlesDescriptionsAndTranscriptsAreShownNotObeyed() throws {
        let tmp = try TemporaryDirectory()
        let folder = tmp.url.appendingPathComponent("evil")
        try FileManager.default.copyItem(atPath: packageRoot + "/lessons/beim-baecker", toPath: folder.path)
        let info: [String: Any] = ["id": "evil", "title": "Beim " + Self.title + "Bäcker" + Self.clear, "category": "Einkaufen" + Self.c1,
                                   "level": "beginner", "description": "Brot" + Self.clipboard]
        try JSONSerialization.data(withJSONObject: info).write(to: folder.appendingPathComponent("lesson.json"))
        let env = ["XDG_DATA_HOME": tmp.url.path]
        let plain = try KapeRun.run(["lessons", "--dir", tmp.url.path], environment: env)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("Beim ␛]0;pwned␇Bäcker␛[2J"), "\(plain.stdout.debugDescription)")
        #expect(Self.clean(plain.stdout) && Self.clean(plain.stderr))
        let json = try KapeRun.run(["lessons", "--dir", tmp.url.path, "--json"], environment: env)
        #expect(Self.clean(json.stdout) && json.stdout.contains("\\u001b]0;pwned"))
    }

    @Test func deckTitlesAndCardsAreShownNotObeyed() throws {
        let tmp = try TemporaryDirectory()
        let deck: [String: Any] = ["id": "evil", "title": "Kafshë" + Self.title, "description": "d" + Self.clear, "icon": "🐺",
                                   "difficulty": "e lehtë", "vip": false,
                                   "cards": (1...12).map { "Ujk \($0)" + Self.clipboard }]
        try JSONSerialization.data(withJSONObject: deck).write(to: tmp.url.appendingPathComponent("evil.json"))
        try "".write(to: tmp.url.appendingPathComponent("forbidden.txt"), atomically: true, encoding: .utf8)
        let r = try KapeRun.run(["decks", "--decks", tmp.url.path], environment: ["XDG_DATA_HOME": tmp.url.path])
        #expect(r.stdout.contains("Kafshë␛]0;pwned␇") || r.stderr.contains("␛"), "\(r.stdout.debugDescription) \(r.stderr.debugDescription)")
        #expect(Self.clean(r.stdout) && Self.clean(r.stderr), "\(r.stdout.debugDescription) \(r.stderr.debugDescription)")
    }

    @Test func fileNamesInErrorsAreShownNotObeyed() throws {
        let tmp = try TemporaryDirectory()
        let name = tmp.path("lesson" + Self.clipboard)
        for args in [["dictate", name], ["shadow", name], ["decks", "--decks", name], ["replay", name]] {
            let r = try KapeRun.run(args, environment: ["XDG_DATA_HOME": tmp.url.path])
            #expect(r.status != 0)
            #expect(r.stderr.contains("␛]52"), "\(args[0]): \(r.stderr.debugDescription)")
            #expect(Self.clean(r.stderr) && Self.clean(r.stdout), "\(args[0]): \(r.stderr.debugDescription)")
        }
    }
}
