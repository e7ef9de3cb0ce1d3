import Foundation
import Testing
import TerminalUI
@testable import LessonPlayback

/// A 10 MB cue (within the 16 MiB transcript limit) froze `kape shadow`'s screen at 100 % CPU: every frame wrapped
/// the whole cue. The pane must show the lesson and answer `q` as with any other transcript (issue 30).
@Suite(.serialized) struct ShadowBigCueTests {
    @Test func aTenMegabyteCueDoesNotFreezeTheScreen() throws {
        let dir = try TemporaryDirectory()
        let (lesson, transcript) = try ShadowFixture.folder(in: dir)
        // The second line becomes 10 MB of words: on screen below the first from the start.
        var vtt = "WEBVTT\n\n"
        for (i, c) in transcript.cues.enumerated() {
            let text = i == 1 ? String(repeating: "Wort ", count: 2_000_000) : c.text
            vtt += "\(ShadowFixture.stamp(c.start)) --> \(ShadowFixture.stamp(c.end))\n\(text)\n\n"
        }
        try vtt.write(toFile: lesson + "/transcript.vtt", atomically: true, encoding: .utf8)
        let pane = try TmuxPane(columns: 90, rows: 16)
        try pane.run("XDG_DATA_HOME=\(dir.url.path) \(KapeRun.binary) shadow \(lesson) --device wav:\(dir.path("out.wav")); echo EXITED:$?")
        // Playback moves on past the big line (it is heard from 1.9 to 3.3 s) while it is on screen; before, the
        // time stayed at 0:00 with the process busy wrapping.
        func heard(_ screen: String) -> Int? {
            guard let status = screen.components(separatedBy: "\n").first(where: { $0.contains(" / 0:0") }),
                  let slash = status.range(of: " / ") else { return nil }
            let clock = status[..<slash.lowerBound].suffix(4).split(separator: ":")
            guard clock.count == 2, let m = Int(clock[0]), let s = Int(clock[1]) else { return nil }
            return m * 60 + s
        }
        #expect(try pane.wait { $0.contains("Wort Wort") } != nil, "the big line was never shown")
        let shown = try pane.wait { (heard($0) ?? 0) >= 4 }
        #expect(shown != nil, "playback did not move on with the big line on screen: \((try? pane.capture()) ?? "")")
        try pane.send("q")
        #expect(try pane.wait(TmuxPane.exited)?.contains("EXITED:0") == true)
    }

    @Test func onlyTheRowsAScreenCanShowAreWrapped() {
        let rows = ShadowView.visibleRows(of: String(repeating: "Wort ", count: 2_000_000), width: 40, rows: 5)
        #expect(rows.count == 5 && rows.allSatisfy { TextCells.width($0) <= 40 && $0.hasPrefix("Wort") })
        #expect(ShadowView.visibleRows(of: "kurz\nund gut", width: 40, rows: 5) == ["kurz und gut"])
    }
}
