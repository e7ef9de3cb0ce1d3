import Foundation
import Testing
import TestSupport

/// The shadow screen's word mode in a real pseudo-terminal at 60×15, on a shipped lesson and the real dictionary:
/// choose a word of the line heard, its entry in a panel that pauses playback, save it, back out.
@Suite(.serialized) struct ShadowWordModeTests {
    static let columns = 60, rows = 15

    func status(_ screen: String) -> String? { screen.components(separatedBy: "\n").first { $0.contains(" / 1:") } }

    @Test func lookUpSaveAndBackOutAt60x15() throws {
        let dir = try TemporaryDirectory()
        let pane = try TmuxPane(columns: Self.columns, rows: Self.rows)
        try pane.run("XDG_DATA_HOME=\(dir.url.path) \(KapeRun.binary) shadow \(packageRoot)/lessons/beim-baecker --from-start --device wav:\(dir.path("out.wav")); echo EXITED:$?")
        // Line 2 ("Ich, bitte. Ich möchte sechs Brötchen.") heard: pause there so the line stays the same.
        #expect(try pane.wait { $0.contains("▶  2  0:02") } != nil, "line 2 never heard: \((try? pane.capture()) ?? "")")
        try pane.send("Space")
        #expect(try pane.wait { self.status($0)?.contains("❚❚") == true } != nil)
        try pane.send("Space")  // playing again: the panel must pause it
        #expect(try pane.wait { self.status($0)?.contains("▶") == true } != nil)
        try pane.send("w")
        let words = try pane.wait { $0.contains(" words: [") }
        #expect(words != nil, "w showed no word line: \((try? pane.capture()) ?? "")")
        let line2 = words?.contains(" words: [Ich], bitte. Ich möchte sechs Brötchen.") == true
        #expect(line2, "\(words ?? "")")
        try pane.send("Right", "Right", "Right")
        #expect(try pane.wait { $0.contains("Ich, bitte. Ich [möchte] sechs") } != nil)
        try pane.send("Enter")
        let panel = try pane.wait { $0.contains("┌─ mögen") && $0.contains("└─") }
        #expect(panel != nil, "no panel: \((try? pane.capture()) ?? "")")
        if let panel {
            var rows = panel.components(separatedBy: "\n")
            if rows.last == "" { rows.removeLast() }
            #expect(rows.count <= Self.rows)
            #expect(rows.allSatisfy { $0.count <= Self.columns })
            #expect(panel.contains("möchte → mögen (a form of mögen)"))
            #expect(panel.contains("│ 1. mögen /mˈøːɡən/ (verb)"))
            #expect(self.status(panel)?.contains("❚❚") == true, "the panel did not pause playback")
        }
        try pane.send("s")
        #expect(try pane.wait { $0.contains("saved mögen to your words") } != nil)
        try pane.send("h")
        try pane.send("Escape")
        let closed = try pane.wait { !$0.contains("┌─") && self.status($0)?.contains("▶") == true }
        #expect(closed != nil, "Esc did not close the panel and resume: \((try? pane.capture()) ?? "")")
        try pane.send("Escape")
        #expect(try pane.wait { !$0.contains(" words: ") && $0.contains("w words") } != nil, "a second Esc did not leave word mode")
        try pane.send("q")
        #expect(try pane.wait(TmuxPane.exited)?.contains("EXITED:0") == true)
        let saved = try KapeRun.run(["words", "--json"], environment: ["XDG_DATA_HOME": dir.url.path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(saved.stdout.utf8)) as? [String: Any])
        #expect(object["headword"] as? String == "mögen" && object["word"] as? String == "möchte")
        #expect(object["sentence"] as? String == "Ich, bitte. Ich möchte sechs Brötchen.")
        #expect(object["lesson"] as? String == "beim-baecker")
    }
}
