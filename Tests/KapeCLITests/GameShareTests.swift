import Foundation
import Testing

/// The results card from the interactive game: `--share FILE` is written when a round ends (it wrote nothing),
/// and `s` on the results screen writes it again and says where. A two-card deck played with a presenter
/// clicker's PageDown ends as soon as both are guessed, the deck's end said on the results.
@Suite(.serialized) struct GameShareTests {
    @Test func shareIsHonouredAndTheResultsKeyWritesTheCard() throws {
        let data = try TemporaryDirectory()
        let decks = data.path("decks")
        try FileManager.default.createDirectory(atPath: decks, withIntermediateDirectories: true)
        try #"{"id": "dy", "title": "Dy karta", "cards": ["Tirana", "Durrësi"]}"#
            .write(toFile: decks + "/dy.json", atomically: true, encoding: .utf8)
        let share = data.path("rezultati.png")
        let pane = try TmuxPane(columns: 80, rows: 24)
        try pane.run("HOME=\(data.url.path) XDG_DATA_HOME=\(data.path("data")) \(KapeRun.binary) play --deck dy --keyboard --no-sound "
                     + "--decks \(decks) --share \(share); echo EXITED:$?")
        #expect(try pane.wait { $0.contains("Pikë: 0") && !$0.contains("Bëhu gati") } != nil)
        // PageDown until each card counts (a press before the card has been shown for a moment is not an answer).
        for expected in ["Pikë: 1", "Rezultati"] {
            var counted = false
            for _ in 0..<20 where !counted {
                try pane.send("PageDown")
                counted = try pane.wait(timeout: 2) { $0.contains(expected) } != nil
            }
            #expect(counted, "\(expected): \((try? pane.capture()) ?? "")")
        }
        let results = try pane.wait { $0.contains("Rezultati") }
        #expect(results?.contains("Deku mbaroi") == true, "\(results ?? (try? pane.capture()) ?? "")")
        let png = try Data(contentsOf: URL(fileURLWithPath: share))
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "--share was not written")
        try FileManager.default.removeItem(atPath: share)
        try pane.send("s")
        #expect(try pane.wait { $0.contains("u ruajt") } != nil, "\((try? pane.capture()) ?? "")")
        #expect(FileManager.default.fileExists(atPath: share))
        try pane.send("Right")
        try pane.send("Enter")
        try pane.send("q")
        #expect(try pane.wait { $0.contains("EXITED:0") } != nil)
    }
}
