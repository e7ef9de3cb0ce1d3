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

    @Option(help: "Seed of the card shuffle (default: random).")
    var seed: UInt64?

    @Flag(help: "One JSON object per event.")
    var json = false

    @Flag(help: "No sound.")
    var noSound = false

    @Option(help: "Sound: an ALSA device or wav:PATH (headless: wav:PATH only). Default: ALSA's default, else a WAV file in $TMPDIR.")
    var device: String?

    @Flag(help: .hidden)
    var latency = false

    @Flag(name: .shortAndLong, help: "Interactive: after the game, say how the sound ran (real-time priority, each xrun with its time and cause, the buffer).")
    var verbose = false

    @Flag(help: "Interactive: keep the sound buffer at 2 periods after an xrun (by default it grows by a period, up to 24 ms).")
    var fixedBuffer = false

    @Option(help: "Also write the results card: a 1080×1920 PNG with score, rank, deck and the eagle.")
    var share: String?

    @Flag(help: "Play in the terminal even when a display is available.")
    var tui = false

    @Flag(help: "Play in a full-screen window (SDL2: X11, Wayland, or KMSDRM on a console); the default when $WAYLAND_DISPLAY or $DISPLAY is set.")
    var window = false

    @Option(help: "Headless: write DIR/NNNN-SCREEN.png each time the window's screen changes (countdown, card, correct, pass, warning, paused, results).")
    var frames: String?

    @Option(help: "Size of --frames images, or of --window's window instead of full screen: WxH (default 1920x1080 for --frames).")
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
        let wav = OutputDevice.wavPath(device)
        try OptionCheck.outputs([("--share", share), ("--device", wav)],
                                inputs: [trace] + decks.files + OptionCheck.files(in: sounds.path))
    }

    func run() throws {
        guard headless, let deck else { return try runInteractive() }
        let all = try decks.load()
        guard let chosen = all.first(where: { $0.id == deck }) else {
            throw InputError("no deck '\(deck)' in \(try decks.path): see `kape decks`")
        }
        let store = LocalStore.warning(path: LocalStore.defaultPath())
        if chosen.isLocked(in: store) {
            throw InputError("deck '\(deck)' is VIP and locked")
        }
        // The sounds before the round: a broken one is reported before a minute of play, not after it.
        let request = SinkRequest(rate: 48_000, channels: 2, periodFrames: 512, periods: 3)
        let bank = noSound ? nil : try SoundBank.feedback(RoundSound.allCases.map(\.rawValue), directory: sounds.path,
                                                          rate: request.rate, channels: request.channels)
        let historyPath = RoundHistory.defaultPath()
        var history = try loadHistory(historyPath)
        let seed = self.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        let order = CardOrder.make(cards: chosen.cards, previous: history.previousCards(deck: deck), seed: seed)

        var round: TraceRound?
        _ = try TraceSource.read(path: trace!, header: { summary in
            round = TraceRound(cards: order, hasGyro: summary.hasGyro)
        }, sample: { round!.feed($0) })
        guard var round else { throw InputError("\(trace!): no motion samples") }
        round.end()

        // The font before the round's output: a missing one is reported before anything is written.
        let font = try frames.map { _ in try Self.windowFont() }
        Console.out(render(round.events, result: round.machine.result))
        if let frames, let font {
            let (w, h) = try size.map(Self.parseSize) ?? (1920, 1080)
            let input = "gjurma " + (trace!.split(separator: "/").last.map(String.init) ?? trace!)
            let written = try RoundFrames.write(events: round.events, deck: chosen, cards: order, input: input,
                                                width: w, height: h, directory: frames, fontPath: font)
            Console.err("kape: \(written.count) frames (\(w)×\(h)) in \(frames)\n")
        }
        if let bank { try writeSound(round.events, bank: bank, request: request) }
        if let share {
            let png = ShareCard.png(result: round.machine.result, deckTitle: chosen.title)
            try OutputFile.write(png, to: share)
        }

        let stamp = ISO8601DateFormatter().string(from: Date())
        history.append(.init(deck: deck, seed: seed, finished: stamp, result: round.machine.result, shown: round.machine.shown))
        do { try history.save(path: historyPath) } catch let e as DeckError { throw InputError(e.description) }
        try Self.recordProgress(deck: deck, result: round.machine.result)
    }

    /// `WxH` (or `W×H`), each side 1…16384 pixels.
    static func parseSize(_ text: String) throws -> (Int, Int) {
        let parts = text.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...16384).contains(w), (1...16384).contains(h) else {
            throw ValidationError("--size '\(printable(text))': expected WIDTHxHEIGHT in pixels, each 1 to 16384 (as 1920x1080)")
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
        default: return t
        }
    }

    /// Feedback sounds at their round-clock frames into a WAV file, rendered offline (no waiting).
    private func writeSound(_ events: [RoundMachine.Timed], bank: SoundBank, request: SinkRequest) throws {
        let sink: WavFileSink
        if let device {
            sink = try WavFileSink(path: String(device.dropFirst(4)), request: request, paced: false)
        } else {
            sink = try FallbackWAV("play").open(request: request, paced: false)
            FileHandleOutput.stderr("kape: sound written to \(sink.path)\n")
        }
        let engine = AudioEngine(sink: sink, bank: bank)
        let rate = Double(sink.info.rate)
        // The file spans the whole round clock, so its timeline lines up with the printed events.
        var end = Int(saturating: ((events.last?.t ?? 0) * rate).rounded())
        for e in events {
            guard let sound = e.event.sound, let index = bank.index(of: sound.rawValue) else { continue }
            let frame = Int(saturating: (e.t * rate).rounded())
            _ = try engine.play(index, at: Int64(frame))
            end = max(end, frame + bank.clips[index].frames)
        }
        try engine.renderOffline(frames: end + sink.info.bufferFrames)
        engine.finish()
        if let e = sink.finishError { throw e }
    }
}
