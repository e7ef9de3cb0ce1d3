import ArgumentParser
import AudioDSP
import AudioIO
import Foundation
import Game
import GameScreens
import GameRuntime
import GameWindow
import Motion
import Platform
import TextFormat

struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a 60-second round of Kape.",
        discussion: """
            Headless: --trace TRACE --headless runs a whole round with the trace as the motion source, on the \
            trace's own clock, and prints {"t", "event": "state"|"card"|"correct"|"pass"|"warning"} lines, then the \
            result. The round clock is 0 at the trace's first sample; the first 3 s are the countdown.

            Without --headless: the game, full screen in a terminal (deck browser, round, results, settings), or \
            plain lines when stdout is not a terminal. Motion from the first motion device, else the keyboard \
            (↓ correct, ↑ pass, space pause, q quit); --trace replays a trace in real time as the device.

            Advanced options (the sound buffer, how the sound ran): kape play --help-hidden.
            """)

    @Option(help: "Deck id (see `kape decks`). Interactive: start this deck's round straight away.",
            completion: .custom { _, _, _ in DataCompletion.decks() })
    var deck: String?

    @Flag(help: "Interactive: play with the keyboard even when a motion device is present.")
    var keyboard = false

    @Option(help: "Motion trace to play the round from (evemu or CSV).")
    var trace: String?

    @Flag(help: "No terminal UI: run the round on the trace's clock and print events.")
    var headless = false

    @Option(help: "Round length in seconds: 30, 60, 90 or 120. Default: the setting (Cilësimet), 60 at first.")
    var seconds: Int?

    @Option(name: [.customLong("players"), .customLong("teams")],
            help: "Party mode: players or teams taking turns, comma-separated (\"Ana,Blerim,Teuta\"); a scoreboard across the rounds names the winner.")
    var players: String?

    @Option(help: "Party mode: rounds each player or team plays (default 1).")
    var turns = 1

    @Option(help: "Seed of the card shuffle (default: random).")
    var seed: UInt64?

    @Flag(help: "One JSON object per event.")
    var json = false

    @Flag(help: "No sound.")
    var noSound = false

    @Option(help: "Sound: an ALSA device or wav:PATH (headless: wav:PATH only, else no sound). Default: ALSA's default (with none, the game is silent).")
    var device: String?

    @Flag(help: .hidden)
    var latency = false

    @Flag(name: .shortAndLong, help: ArgumentHelp("Interactive: after the game, say how the sound ran (real-time priority, each xrun with its time and cause, the buffer).", visibility: .hidden))
    var verbose = false

    @Flag(help: ArgumentHelp("Interactive: keep the sound buffer at 2 periods after an xrun (by default it grows by a period, up to 24 ms).", visibility: .hidden))
    var fixedBuffer = false

    @Option(help: "Also write the results card: a 1080×1920 PNG with score, rank, deck and the eagle (interactive: after every round; s on the results screen writes it too).")
    var share: String?

    @Flag(help: "Play in the terminal even when a display is available.")
    var tui = false

    @Flag(help: "Play in a full-screen window (SDL2: X11, Wayland, or KMSDRM on a console); the default when $WAYLAND_DISPLAY or $DISPLAY is set.")
    var window = false

    @Option(help: "Headless: write DIR/NNNN-SCREEN.png each time the window's screen changes (countdown, card, correct, pass, warning, paused, results).")
    var frames: String?

    @Option(help: "Size of --frames images, or of --window's window instead of full screen: WxH, at most 3840×2160 pixels in all (default 1920x1080 for --frames).")
    var size: String?

    @OptionGroup var decks: DecksDirectoryOption
    @OptionGroup var sounds: SoundsDirectoryOption

    func validate() throws {
        if headless && (trace == nil || deck == nil) { throw ValidationError("--headless needs --trace TRACE and --deck ID") }
        try OptionCheck.device(device)
        if headless, let device, OutputDevice.wavPath(device) == nil {
            throw ValidationError("--device must be wav:PATH for a headless round")
        }
        if noSound && device != nil { throw ValidationError("--no-sound and --device exclude each other") }
        if tui && window { throw ValidationError("--tui and --window exclude each other") }
        if frames != nil && !headless { throw ValidationError("--frames needs --headless (the window itself draws interactive rounds)") }
        if headless && (tui || window) { throw ValidationError("--headless has no screen: --tui and --window need an interactive round") }
        if size != nil && frames == nil && !window { throw ValidationError("--size needs --frames or --window") }
        if let size { _ = try Self.parseSize(size) }
        if let players, Party(names: players.split(separator: ",").map(String.init)) == nil {
            throw ValidationError("--players needs two names or more, comma-separated, got '\(players)'")
        }
        try OptionCheck.number(turns, "--turns", 1...20)
        if headless && players != nil { throw ValidationError("--players is for the interactive game, not --headless") }
        if let seconds, !RoundMachine.roundLengths.contains(seconds) {
            throw ValidationError("--seconds must be 30, 60, 90 or 120, got \(seconds)")
        }
        let wav = OutputDevice.wavPath(device)
        try OptionCheck.outputs([("--share", share), ("--device", wav)],
                                inputs: [trace] + decks.files + OptionCheck.files(in: sounds.path))
    }

    func run() throws {
        guard headless, let deck else { return try runInteractive() }
        let all = try decks.load()
        guard let chosen = all.first(where: { $0.id == deck }) else {
            throw unknownDeck(deck, in: all, folder: try decks.path)
        }
        let store = LocalStore.warning(path: LocalStore.defaultPath())
        if chosen.isLocked(in: store) {
            throw InputError("deck '\(deck)' is VIP and locked")
        }
        // The sounds before the round: a broken one is reported before a minute of play, not after it. A headless
        // round is heard by no one: its sound is rendered only into the file --device wav:PATH names.
        let request = SinkRequest(rate: 48_000, channels: 2, periodFrames: 512, periods: 3)
        let wav = OutputDevice.wavPath(device)
        let bank = wav == nil ? nil : try GameSound.bank(directory: sounds.path, rate: request.rate, channels: request.channels)
        // The history only orders the cards (last round's come last); a replay adds nothing to it.
        let history = try loadHistory(RoundHistory.defaultPath())
        let seed = self.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        let order = CardOrder.make(cards: chosen.cards, previous: history.previousCards(deck: deck), seed: seed)

        var round: TraceRound?
        _ = try TraceSource.read(path: trace!, header: { summary in
            round = TraceRound(cards: order, hasGyro: summary.hasGyro, roundSeconds: Double(seconds ?? Int(RoundMachine.defaultRoundSeconds)))
        }, sample: { round!.feed($0) })
        guard var round else { throw InputError("\(trace!): no motion samples") }
        round.end()

        // The font and the frames' folder before the round's output: either missing is reported before anything
        // is written (the folder was said only after the round's events).
        let font = try frames.map { _ in try Self.windowFont() }
        if let frames { try makeWritableFolder(frames) }
        Console.out(render(round.events, result: round.machine.result))
        if let frames, let font {
            let (w, h) = try size.map(Self.parseSize) ?? (1920, 1080)
            let input = "gjurma " + (trace!.split(separator: "/").last.map(String.init) ?? trace!)
            let written = try RoundFrames.write(events: round.events, deck: chosen, cards: order, input: input,
                                                roundSeconds: seconds ?? Int(RoundMachine.defaultRoundSeconds),
                                                width: w, height: h, directory: frames, fontPath: font)
            Console.err("kape: \(written.count) frames (\(w)×\(h)) in \(frames)\n")
        }
        if let bank, let wav { try writeSound(round.events, bank: bank, request: request, to: wav) }
        if let share {
            let png = ShareCard.png(result: round.machine.result, deckTitle: chosen.title)
            try OutputFile.write(png, to: share)
        }

        // A replay is nobody's game: no history, points or streak day (the demo round of `make run` included).
    }

    /// The most pixels a frame or window may have: 4K UHD, either way up. 16384×16384 took 3.6 GB and over a minute
    /// a frame; 8K took 600 MB and 6 s a frame.
    static let maximumPixels = 3840 * 2160

    /// `WxH` (or `W×H`), each side 1…16384 pixels and at most `maximumPixels` in all.
    static func parseSize(_ text: String) throws -> (Int, Int) {
        let parts = text.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...16384).contains(w), (1...16384).contains(h),
              w * h <= maximumPixels else {
            throw ValidationError("--size '\(printable(text))': expected WIDTHxHEIGHT in pixels, each 1 to 16384 and at most 3840×2160 in all (as 1920x1080)")
        }
        return (w, h)
    }

    /// The window's font, or a message saying which package provides it.
    static func windowFont() throws -> String {
        do { return try FontFile.find() } catch let e as WindowError { throw InputError(e.description) }
    }

    /// A round's points and streak day in the progress store (docs/LESSONS.md), as every activity's.
    static func recordProgress(deck: String, result: RoundResult) throws {
        _ = try ProgressCLI.store().update {
            $0.recordGameRound(deck: deck, correct: result.correct, passed: result.passed,
                               at: ProgressCLI.now(), calendar: ProgressCLI.calendar)
        }
    }

    func loadHistory(_ path: String) throws -> RoundHistory {
        do { return try RoundHistory.load(path: path) } catch let e as DeckError { throw InputError(e.description) }
    }

    /// The contract's lines (JSON), or plain lines for people and pipes.
    func render(_ events: [RoundMachine.Timed], result: RoundResult) -> String {
        var out = ""
        for e in events {
            var line = JSONLine()
            line.add("t", e.t, decimals: 6)
            switch e.event {
            case .state(let s): line.add("event", "state"); line.add("state", s.rawValue)
            case .card(let c): line.add("event", "card"); line.add("card", c)
            case .answer(let o, let c): line.add("event", o.rawValue); line.add("card", c)
            case .warning: line.add("event", "warning")
            case .deckRanOut(let n): line.add("event", "deck_ran_out"); line.add("returning", n)
            case .beep, .recalibrate, .timeUp: continue
            }
            out += (json ? line.text : plain(e)) + "\n"
        }
        var r = JSONLine()
        r.add("event", "result")
        r.add("score", result.score)
        r.add("correct", result.correct)
        r.add("passed", result.passed)
        r.add("accuracy", result.accuracy, decimals: 3)
        r.add("rank", result.rank)
        out += json ? r.text + "\n"
            : "Rezultati: \(result.score)  saktë \(result.correct)  kaluar \(result.passed)  saktësia \(fixed(result.accuracy * 100, 0))%  \(result.rank)\n"
        return out
    }

    private func plain(_ e: RoundMachine.Timed) -> String {
        let t = fixed(e.t, 3)
        switch e.event {
        case .state(let s): return "\(t)  [\(s.rawValue)]"
        case .card(let c): return "\(t)  karta: \(c)"
        case .answer(.correct, let c): return "\(t)  ✓ \(c)"
        case .answer(.pass, let c): return "\(t)  → \(c)"
        case .warning: return "\(t)  10 sekonda!"
        case .deckRanOut(let n): return "\(t)  " + (n > 0 ? "Deku mbaroi: kthehen \(n) karta të kaluara" : "Deku mbaroi: çdo kartë u luajt")
        default: return t
        }
    }

    /// Feedback sounds at their round-clock frames into a WAV file, rendered offline (no waiting).
    private func writeSound(_ events: [RoundMachine.Timed], bank: SoundBank, request: SinkRequest, to path: String) throws {
        let sink = try WavFileSink(path: path, request: request, paced: false)
        let engine = try AudioEngine(sink: sink, bank: bank)
        let rate = Double(sink.info.rate)
        // The file spans the whole round clock, so its timeline lines up with the printed events.
        var end = Int(saturating: ((events.last?.t ?? 0) * rate).rounded())
        for e in events {
            guard let index = e.event.sound?.index else { continue }
            let frame = Int(saturating: (e.t * rate).rounded())
            _ = try engine.play(index, at: Int64(frame))
            end = max(end, frame + bank.clips[index].frames)
        }
        try engine.renderOffline(frames: end + sink.info.bufferFrames)
        engine.finish()
        if let e = sink.finishError { throw e }
    }
}
