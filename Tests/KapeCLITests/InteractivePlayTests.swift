import Foundation
import Game
import GameScreens
import Testing

/// `kape play` as a player sees it: in a real pseudo-terminal (tmux), and through a pipe.
@Suite(.serialized) struct InteractivePlayTests {
    static let decksDir = PlayCLITests.repo("decks")
    static let columns = 100, rows = 30

    /// A trap keeps bash running the `echo` after a child killed by SIGINT (it would drop the rest of the line).
    func command(_ data: TemporaryDirectory) -> String {
        "trap 'true' INT; XDG_DATA_HOME=\(data.url.path) \(KapeRun.binary) play --deck mix-shqip --keyboard --no-sound --seed 7 --decks \(Self.decksDir); echo EXITED:$?"
    }

    /// The card's block-letter rows as the renderer draws the first card of this seed (empty history).
    func expectedCardRows() throws -> [String] {
        let decks = try DeckLoader.load(directory: Self.decksDir)
        var s = GameSession(decks: decks, locked: decks.map { _ in false }, settings: GameSettings(), input: .keyboard) {
            CardOrder.make(cards: $0.cards, previous: [], seed: 7)
        }
        _ = s.startRound(deckID: "mix-shqip", at: 0)
        _ = s.tick(at: 3.5)
        #expect(s.round?.current == "Era Istrefi")
        var text = FrameRenderer.render(s, columns: Self.columns, rows: Self.rows)
        text = text.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
        return text.components(separatedBy: "\r\n").filter { $0.contains("█") }.map(trimmed)
    }

    func trimmed(_ s: String) -> String { String(s.reversed().drop { $0 == " " }.reversed()) }

    /// The shell's terminal modes, read after the game has exited.
    func sttyRestored(_ pane: TmuxPane) throws -> Bool {
        try pane.run("echo \"ST\"\"TY:$(stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ,)\"")
        return try pane.wait { $0.contains("STTY:") }?.contains("STTY:icanon,echo,") ?? false
    }

    @Test func aRoundInATerminalShowsTheCardScoresAndRestoresTheTerminalOnQuit() throws {
        let data = try TemporaryDirectory()
        let pane = try TmuxPane(columns: Self.columns, rows: Self.rows)
        let card = try expectedCardRows()
        #expect(card.count >= 5)
        try pane.run(command(data))

        let countdown = try pane.wait { $0.contains("Bëhu gati") }
        #expect(countdown != nil, "no countdown")
        #expect(pane.alternateScreen)
        let playing = try pane.wait { screen in
            let lines = Set(screen.components(separatedBy: "\n").map(trimmed))
            return screen.contains("Pikë: 0") && card.allSatisfy(lines.contains)
        }
        #expect(playing != nil, "the card never appeared in block letters: \((try? pane.capture()) ?? "")")

        // ↓ counts once the card has been on screen for a moment (a press before that is not an answer).
        var counted = false
        for _ in 0..<20 where !counted {
            try pane.send("Down")
            counted = try pane.wait(timeout: 2) { $0.contains("Pikë: 1") } != nil
        }
        #expect(counted, "the score did not count ↓")
        try pane.send("Up")
        try pane.send("q")
        #expect(try pane.wait { $0.contains("Ta lësh raundin?") } != nil, "q mid-round did not ask")
        try pane.send("p")
        #expect(try pane.wait { $0.contains("Zgjidh një dek") } != nil, "leaving the round did not go back to the decks")
        try pane.send("q")
        let after = try pane.wait(TmuxPane.exited)
        #expect(after?.contains("EXITED:0") == true, "\(after ?? "no exit")")
        #expect(!pane.alternateScreen)
        #expect(try sttyRestored(pane))
    }

    /// NO_COLOR (no-color.org): the game draws without colour (reverse video where a background stood out) but
    /// still draws; TERM=dumb has no cursor addressing: plain lines, no full screen.
    @Test func noColorAndADumbTerminalAreHonoured() throws {
        let data = try TemporaryDirectory()
        let pane = try TmuxPane(columns: Self.columns, rows: Self.rows)
        // swift test itself sets NO_COLOR: unset it for the coloured run.
        for noColor in [false, true] {
            try pane.run("clear; " + (noColor ? "export NO_COLOR=1; " : "unset NO_COLOR; ") + command(data))
            #expect(try pane.wait { $0.contains("Bëhu gati") || $0.contains("Pikë: 0") } != nil)
            #expect(pane.alternateScreen)
            let drawn = try pane.captureWithAttributes()
            #expect(drawn.contains("38;") == !noColor, "NO_COLOR \(noColor): \(drawn.prefix(300).debugDescription)")
            try pane.send("C-c")
            #expect(try pane.wait(TmuxPane.exited) != nil)
        }
        try pane.run("clear; export TERM=dumb; " + command(data))
        #expect(try pane.wait { $0.contains("[playing]") } != nil, "plain lines: \((try? pane.capture()) ?? "")")
        #expect(!pane.alternateScreen)
        try pane.send("C-c")
        #expect(try pane.wait(TmuxPane.exited) != nil)
    }

    @Test func ctrlCMidRoundRestoresTheTerminal() throws {
        let data = try TemporaryDirectory()
        let pane = try TmuxPane(columns: Self.columns, rows: Self.rows)
        try pane.run(command(data))
        #expect(try pane.wait { $0.contains("Bëhu gati") } != nil)
        try pane.send("C-c")
        let after = try pane.wait(TmuxPane.exited)
        #expect(after?.contains("EXITED:130") == true, "\(after ?? "no exit")")
        #expect(!pane.alternateScreen)
        #expect(try sttyRestored(pane))
    }

    @Test func ctrlZPausesTheRoundAndFgResumesItThroughACountdown() throws {
        let data = try TemporaryDirectory()
        let pane = try TmuxPane(columns: Self.columns, rows: Self.rows)
        // Not in a list: bash would run the rest of a list once the job stops.
        try pane.run("XDG_DATA_HOME=\(data.url.path) \(KapeRun.binary) play --deck mix-shqip --keyboard --no-sound --seed 7 --decks \(Self.decksDir)")
        #expect(try pane.wait { $0.contains("Pikë: 0") && $0.contains("⏱") } != nil, "the round never started")
        try pane.send("C-z")
        #expect(try pane.wait { $0.contains("Stopped") } != nil, "Ctrl-Z did not stop the game")
        #expect(!pane.alternateScreen)
        #expect(try sttyRestored(pane))
        try pane.run("fg")
        #expect(try pane.wait { $0.contains("E pezulluar") } != nil, "after fg the round is shown paused: \((try? pane.capture()) ?? "")")
        try pane.send("Space")
        #expect(try pane.wait { $0.contains("Bëhu gati") } != nil, "space resumed without a fresh countdown")
        try pane.send("q")
        #expect(try pane.wait { $0.contains("Ta lësh raundin?") } != nil)
        try pane.send("p")
        #expect(try pane.wait { $0.contains("Zgjidh një dek") } != nil)
        try pane.send("q")
        try pane.run("echo EXITED:$?")
        #expect(try pane.wait(TmuxPane.exited)?.contains("EXITED:0") == true)
    }

    @Test func throughAPipeItPrintsPlainLinesAndEndsWhenInputEnds() throws {
        let data = try TemporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: KapeRun.binary)
        process.arguments = ["play", "--deck", "mix-shqip", "--keyboard", "--no-sound", "--seed", "7", "--decks", Self.decksDir]
        process.environment = KapeRun.environment.merging(["XDG_DATA_HOME": data.url.path]) { $1 }
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try input.fileHandleForWriting.close()  // no keys: the round stops at once with nothing played
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(!text.contains("\u{1B}"))
        #expect(text.hasPrefix("[buffer] Bëhu gati: ↓ e saktë · ↑ kalo\n3…\n"), "\(text)")
        #expect(text.contains("[paused]"))
        #expect(text.contains("Rezultati: 0"))
    }
}
