import Lessons
import TerminalUI
import Testing
@testable import LessonPlayback

/// The word mode's screen without a terminal: every row fits, the panel's frame and its keys are whole, at the
/// small sizes the other screens are held to.
@Suite struct WordPanelTests {
    func view() -> ShadowView {
        let cues = [Cue(id: nil, start: 0, end: 2, text: "Ich, bitte. Ich möchte sechs Brötchen."), Cue(id: nil, start: 2, end: 4, text: "Danke!")]
        var v = ShadowView(title: "Beim Bäcker", subtitle: "Einkaufen · beginner", cues: cues, duration: 4, loopTimes: 3, loopPause: 0)
        v.current = 0
        return v
    }

    /// The screen's rows as text: escape sequences out.
    func rows(_ frame: String) -> [String] {
        var out = "", escape = false
        for u in frame.unicodeScalars {
            if escape { if (0x40...0x7E).contains(u.value) && u != "[" { escape = false }; continue }
            if u == "\u{1B}" { escape = true; continue }
            out.unicodeScalars.append(u)
        }
        return out.components(separatedBy: "\r\n")
    }

    @Test(arguments: [(40, 12), (60, 15), (90, 30)])
    func thePanelFits(columns: Int, rows height: Int) {
        var v = view()
        #expect(v.key(.char("w")) == .none)
        #expect(v.wordMode?.word == "Ich")
        _ = v.key(.right); _ = v.key(.right); _ = v.key(.right)
        #expect(v.key(.enter) == .lookUp("möchte"))
        var panel = WordPanel(word: "mögen", title: "mögen", lines: ["möchte → mögen (a form of mögen)", "1. mögen  /mˈøːɡən/  (verb)"]
                              + (1...30).map { "   sense \($0): a long translation that has to wrap at the panel's width to fit" }, found: true)
        panel.message = "saved mögen to your words"
        v.wordMode?.panel = panel
        let screen = rows(v.render(columns: columns, rows: height))
        #expect(screen.count == height)
        for row in screen { #expect(TextCells.width(row) <= columns, "\(row)") }
        #expect(screen.contains { $0.contains("┌─ mögen") })
        #expect(screen.contains { $0.contains("└─") && $0.contains("h hear") })
        #expect(screen.contains { $0.contains("saved mögen to your words") })
        #expect(screen.contains { $0.contains(" / 0:04") }, "the status row stays under the panel")
        // Esc closes the panel (the loop resumes playback), a second Esc leaves word mode.
        #expect(v.key(.escape) == .closePanel)
        #expect(v.wordMode != nil && v.wordMode?.panel == nil)
        #expect(v.key(.escape) == .none)
        #expect(v.wordMode == nil)
    }

    @Test func keysInWordMode() {
        var v = view()
        _ = v.key(.char("w"))
        #expect(v.key(.left) == .none && v.wordMode?.index == 0, "stays on the first word")
        #expect(v.key(.char("h")) == .say("Ich", slow: false))
        #expect(v.key(.char("H")) == .say("Ich", slow: true))
        #expect(v.key(.char("s")) == .save("Ich", sentence: "Ich, bitte. Ich möchte sechs Brötchen.", cue: 0))
        for _ in 0..<10 { _ = v.key(.right) }
        #expect(v.wordMode?.word == "Brötchen", "stops at the last word")
        #expect(v.key(.char(" ")) == .none, "space does nothing in word mode")
        #expect(v.key(.char("q")) == .quit)
        // A line without words has no word mode.
        var empty = ShadowView(title: "t", subtitle: "", cues: [Cue(id: nil, start: 0, end: 1, text: "…!")], duration: 1, loopTimes: 1, loopPause: 0)
        empty.current = 0
        _ = empty.key(.char("w"))
        #expect(empty.wordMode == nil)
    }
}
