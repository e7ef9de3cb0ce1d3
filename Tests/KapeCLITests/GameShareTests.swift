import Foundation
import Testing

/// The results card from the interactive game: `--share FILE` is written when a round ends (it wrote nothing),
/// and `s` on the results screen writes it again and shows it with where it went. A two-card deck played with a presenter
/// clicker's PageDown ends as soon as both are guessed, the deck's end said on the results.
@Suite(.serialized) struct GameShareTests {
    /// A deck folder with one deck of two cards, "dy": a round ends as soon as both are guessed.
    static func twoCardDeck(in data: TemporaryDirectory) throws -> String {
        let decks = data.path("decks")
        try FileManager.default.createDirectory(atPath: decks, withIntermediateDirectories: true)
        try #"{"id": "dy", "title": "Dy karta", "cards": ["Tirana", "Durrësi"]}"#
            .write(toFile: decks + "/dy.json", atomically: true, encoding: .utf8)
        return decks
    }

    @Test func shareIsHonouredAndTheResultsKeyWritesTheCard() throws {
        let data = try TemporaryDirectory()
        let decks = try Self.twoCardDeck(in: data)
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
        // The share screen: the card in half blocks, where it went; any key back to the results.
        let shown = try pane.wait { $0.contains("u ruajt") }
        #expect(shown?.contains("Karta e rezultatit") == true && shown?.contains("▀") == true, "\(shown ?? (try? pane.capture()) ?? "")")
        #expect(FileManager.default.fileExists(atPath: share))
        try pane.send("x")
        #expect(try pane.wait { $0.contains("Ruaj kartën") } != nil, "\((try? pane.capture()) ?? "")")
        try pane.send("Right")
        try pane.send("Enter")
        try pane.send("q")
        #expect(try pane.wait { $0.contains("EXITED:0") } != nil)
    }

    /// Presses PageDown until `expected` shows (a press before the card has been on screen a moment does not count).
    func answer(_ pane: TmuxPane, until expected: String) throws -> Bool {
        for _ in 0..<20 {
            try pane.send("PageDown")
            if try pane.wait(timeout: 2, { $0.contains(expected) }) != nil { return true }
        }
        return false
    }

    /// Party mode: two players take a round each, the scoreboard and the winner on the results; the rounds are in
    /// the history screen and `kape stats`, with whose they were and game points apart from study points.
    @Test func aPartyTakesTurnsNamesTheWinnerAndTheRoundsStayInTheHistory() throws {
        let data = try TemporaryDirectory()
        let decks = try Self.twoCardDeck(in: data)
        let env = "HOME=\(data.url.path) XDG_DATA_HOME=\(data.path("data"))"
        let pane = try TmuxPane(columns: 80, rows: 24)
        try pane.run("\(env) \(KapeRun.binary) play --deck dy --keyboard --no-sound --decks \(decks) --players Ana,Blerim; echo EXITED:$?")
        #expect(try pane.wait { $0.contains("Radha: Ana") } != nil, "\((try? pane.capture()) ?? "")")
        #expect(try pane.wait { $0.contains("Pikë: 0") && !$0.contains("Bëhu gati") } != nil)
        #expect(try answer(pane, until: "Pikë: 1"))
        #expect(try answer(pane, until: "Rezultati"))
        let first = try pane.wait { $0.contains("Radha tjetër: Blerim") }
        #expect(first?.contains("Ana 2") == true, "\(first ?? (try? pane.capture()) ?? "")")
        try pane.send("Enter")
        #expect(try pane.wait { $0.contains("Radha: Blerim") } != nil)
        #expect(try pane.wait { $0.contains("Pikë: 0") && !$0.contains("Bëhu gati") } != nil)
        #expect(try answer(pane, until: "Pikë: 1"))
        #expect(try answer(pane, until: "Rezultati"))
        // Both guessed both cards: a tie, said as one (a single winner is PartyGameTests' case).
        let end = try pane.wait { $0.contains("🏆") }
        #expect(end?.contains("🏆 Barazim: Ana, Blerim") == true, "\(end ?? (try? pane.capture()) ?? "")")
        // The history screen from the browser.
        try pane.send("Right")
        try pane.send("Enter")
        #expect(try pane.wait { $0.contains("Zgjidh një dek") } != nil)
        var onHistory = false
        for _ in 0..<8 where !onHistory {
            try pane.send("Down")
            onHistory = try pane.wait(timeout: 2) { $0.contains("▶ Historiku") } != nil
        }
        try pane.send("Enter")
        let history = try pane.wait { $0.contains("Historiku") && $0.contains("Dy karta · Blerim") }
        #expect(history?.contains("Dy karta · Ana") == true, "\(history ?? (try? pane.capture()) ?? "")")
        try pane.send("Escape")
        try pane.send("q")
        #expect(try pane.wait { $0.contains("EXITED:0") } != nil)
        let stats = try KapeRun.run(["stats", "--json"], environment: ["XDG_DATA_HOME": data.path("data")])
        #expect(stats.stdout.contains(#""player": "Ana""#) && stats.stdout.contains(#""player": "Blerim""#), "\(stats.stdout)")
        #expect(stats.stdout.contains(#""study_points": 0"#) && !stats.stdout.contains(#""game_points": 0,"#), "\(stats.stdout)")
        let text = try KapeRun.run(["stats"], environment: ["XDG_DATA_HOME": data.path("data")])
        #expect(text.stdout.contains("study 0") && text.stdout.contains("last rounds") && text.stdout.contains("dy  Blerim"), "\(text.stdout)")
    }
}
