import Foundation
import TestSupport
import Testing

/// Every screen stays usable on small terminals (tmux at 40×12 and 60×15): the ▶ selection stays on screen as it
/// moves, the keyboard and no-sound notices stay, text wraps at words, the key help is whole.
@Suite(.serialized) struct SmallTerminalTests {
    static let sizes = [(40, 12), (60, 15)]
    static let decks = packageRoot + "/decks"
    static let lessons = packageRoot + "/lessons"

    /// No sound card and no PulseAudio, so the no-sound notice shows.
    func environment(_ tmp: TemporaryDirectory) -> String {
        "XDG_DATA_HOME=\(tmp.path("data")) TMPDIR=\(tmp.path("")) ALSA_CARD=kape-no-such-card PULSE_SERVER=unix:\(tmp.path("none"))"
    }

    /// The screen's words, so a check does not depend on where a line wrapped.
    func words(_ screen: String) -> [String] { screen.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init) }

    func containsInOrder(_ screen: String, _ text: String) -> Bool {
        let have = words(screen), want = text.split(separator: " ").map(String.init)
        guard want.count <= have.count else { return false }
        return (0...(have.count - want.count)).contains { Array(have[$0..<($0 + want.count)]) == want }
    }

    func hasLine(_ screen: String, startingWith prefix: String) -> Bool {
        screen.split(separator: "\n").contains { $0.hasPrefix(prefix) }
    }

    @Test(arguments: sizes) func deckBrowserScrollsAndKeepsItsNotices(columns: Int, rows: Int) throws {
        let tmp = try TemporaryDirectory()
        let pane = try TmuxPane(columns: columns, rows: rows)
        try pane.run("\(environment(tmp)) \(KapeRun.binary) play --keyboard --decks \(Self.decks)")
        let first = try pane.wait { $0.contains("▶") && $0.contains("Pa dalje zëri") }
        #expect(first != nil, "no selection or no sound notice at \(columns)×\(rows): \((try? pane.capture()) ?? "")")
        let screen = first ?? ""
        #expect(containsInOrder(screen, "Pa pajisje lëvizjeje: tastiera"), "keyboard notice missing: \(screen)")
        #expect(containsInOrder(screen, "Pa dalje zëri: loja vazhdon pa zë"), "the no-sound notice is cut: \(screen)")
        // Down through three decks and four menu items: ▶ on screen every time, ending on "Dil".
        for step in 1...6 {
            try pane.send("Down")
            let item = step < 3 ? nil : ["Cilësimet", "Rikthe Blerjet", "Historiku", "Dil"][step - 3]
            let shown = try pane.wait { s in s.components(separatedBy: "\n").contains { $0.hasPrefix("▶") && (item.map($0.contains) ?? true) } }
            #expect(shown != nil, "step \(step): ▶ \(item ?? "deck") not on screen at \(columns)×\(rows): \((try? pane.capture()) ?? "")")
        }
        try pane.send("Up"); try pane.send("Up"); try pane.send("Up"); try pane.send("Up")
        // Mix Shqip selected: its description is whole, wrapped at words.
        let mix = try pane.wait { $0.contains("▶ 🦅") && self.containsInOrder($0, "Njerëz, vende, ushqime dhe thënie nga të gjitha trojet shqiptare.") }
        #expect(mix != nil, "description cut at \(columns)×\(rows): \((try? pane.capture()) ?? "")")
        // q in the round asks, whole.
        try pane.send("Enter")
        #expect(try pane.wait { $0.contains("⏱") } != nil)
        try pane.send("q")
        let asked = try pane.wait { self.containsInOrder($0, "Ta lësh raundin? p: po, te dekët · j: jo, vazhdo") }
        #expect(asked != nil, "the question is cut at \(columns)×\(rows): \((try? pane.capture()) ?? "")")
        try pane.send("p")
        #expect(try pane.wait { $0.contains("Zgjidh") } != nil)
        try pane.send("q")
    }

    @Test(arguments: sizes) func shadowWrapsLinesNoticeAndKeyHelp(columns: Int, rows: Int) throws {
        let tmp = try TemporaryDirectory()
        let pane = try TmuxPane(columns: columns, rows: rows)
        try pane.run("\(environment(tmp)) \(KapeRun.binary) shadow beim-baecker --lessons \(Self.lessons)")
        let screen = try pane.wait { $0.contains("▶") && $0.contains("no sound output") && $0.contains("quit") }
        #expect(screen != nil, "notice or key help missing at \(columns)×\(rows): \((try? pane.capture()) ?? "")")
        let s = screen ?? ""
        #expect(containsInOrder(s, "q quit"))
        #expect(containsInOrder(s, "nothing will be heard; --device wav:PATH writes the sound to a file"), "the notice is cut: \(s)")
        #expect(containsInOrder(s, "Ich, bitte. Ich möchte sechs Brötchen."), "line 2 cut at \(columns)×\(rows): \(s)")
        try pane.send("q")
    }

    @Test(arguments: sizes) func dictationFeedbackWrapsAtWords(columns: Int, rows: Int) throws {
        let tmp = try TemporaryDirectory()
        let pane = try TmuxPane(columns: columns, rows: rows)
        try pane.run("\(environment(tmp)) \(KapeRun.binary) dictate beim-baecker --no-sound --lessons \(Self.lessons)")
        // A line that starts with the counter: the echoed command line can hold "1/" too (a temporary folder's name
        // ending in 1), and keys sent before the prompt's raw mode are flushed.
        #expect(try pane.wait { self.hasLine($0, startingWith: "1/") } != nil)
        try pane.send("Hallo wer", literal: true)
        try pane.send("Enter")
        let feedback = try pane.wait { $0.contains("accuracy") && self.hasLine($0, startingWith: "2/") }
        #expect(feedback != nil, "no feedback: \((try? pane.capture()) ?? "")")
        let s = feedback ?? ""
        #expect(containsInOrder(s, "correct: Hallo, wer ist der Nächste?"), "cut at \(columns)×\(rows): \(s)")
        #expect(containsInOrder(s, "[typed→right] wrong, (+x) missing, {−x} extra"), "cut mid-word at \(columns)×\(rows): \(s)")
        try pane.send("C-d")
    }
}
