import TextFormat
import Game
import GameScreens
import TerminalUI
import Terminal
import Motion
import MotionDevices
import Platform

/// The interactive game's only loop: one thread polling the keyboard, the signal wake-up and the motion feed,
/// handing what it read to `GameLoopCore` (every decision) with the monotonic clock, carrying out the effects it
/// returns (sound, rumble, history, the terminal) and drawing the frame (full screen) or printing plain lines
/// (stdout not a terminal).
public final class GameLoop {
    var core: GameLoopCore
    let feed: MotionFeed?
    let sound: GameSound?
    let rumble: Rumble?
    let onFinished: (String, RoundResult, [String], String?) -> Void
    let onSettings: (GameSettings) -> Void
    /// Asks the store which decks are locked now ("Rikthe Blerjet").
    public var restore: () -> [Bool] = { [] }
    /// Verifies and keeps an unlock code; returns which decks are locked now and why the code opened nothing.
    public var redeem: (String) -> (locked: [Bool], problem: String?) = { _ in ([], "") }
    /// Writes the results card of a round (the results screen's share key); returns what to show the player.
    public var share: (String, RoundResult) -> String = { _, _ in "" }
    private var parser = KeyParser()
    private var lastFrame = ""
    private var plain = PlainLog()

    var session: GameSession {
        get { core.session }
        set { core.session = newValue }
    }
    var quit: Bool {
        get { core.quit }
        set { core.quit = newValue }
    }
    var fullScreen: Bool { core.fullScreen }
    /// SIGINT or SIGTERM ended the game: the caller finishes its files, then dies of it as usual.
    public var quitSignal: Int32? { core.quitSignal }

    public init(session: GameSession, feed: MotionFeed?, sound: GameSound?, rumble: Rumble?, fullScreen: Bool,
         onFinished: @escaping (String, RoundResult, [String], String?) -> Void, onSettings: @escaping (GameSettings) -> Void) {
        core = GameLoopCore(session: session, origin: .now(), fullScreen: fullScreen, hasFeed: feed != nil)
        self.feed = feed
        self.sound = sound
        self.rumble = rumble
        self.onFinished = onFinished
        self.onSettings = onSettings
    }

    /// The loop's time base, seconds since it started: what `GameSession` is fed.
    /// Tests of the window loop drive it by hand.
    var clock: (() -> Double)?
    var now: Double { clock?() ?? core.time(of: .now()) }

    public func run(startDeck: String?) {
        if let startDeck, let effects = session.startRound(deckID: startDeck, at: now) { perform(effects) }
        while !quit {
            send(.tick)
            present()
            if quit { break }
            var ready = PollSet(count: 3)
            ready.watch(0, core.keyboardOpen ? 0 : -1)
            ready.watch(1, TerminalMode.signalFD)
            ready.watch(2, feed?.descriptor)
            // A poll that fails (it cannot, with these descriptors) is a wait that timed out.
            let n = (try? ready.wait(timeoutMillis: core.waitMillis(keysPending: parser.hasPending))) ?? 0
            if n == 0 && parser.hasPending { keys(parser.flush()) }
            if n == 0 { continue }
            if ready.isReady(2), let feed { motion(feed.take()) }
            if ready.isReady(1) { signals() }
            if ready.isReady(0) {
                if let k = TerminalMode.readKeys(&parser) { keys(k) } else { send(.keyboardClosed) }
            }
        }
        present()
    }

    func send(_ message: GameLoopCore.Message) { carryOut(core.receive(message, at: now)) }

    func keys(_ keys: [Key]) { send(.keys(keys)) }

    func motion(_ messages: [MotionFeed.Message]) {
        for m in messages { send(.motion(m)) }
    }

    func signals() {
        for signal in TerminalMode.pendingSignals() { send(.signal(signal)) }
    }

    /// Effects the session returned to a caller outside the messages (a round started, the window's inputs).
    func perform(_ effects: [GameSession.Effect]) { carryOut(core.effects(of: effects)) }

    private func carryOut(_ effects: [GameLoopCore.Effect]) {
        for e in effects {
            switch e {
            case .play(let name, let arrival): sound?.play(name, arrival: arrival)
            case .rumble(let kind): try? rumble?.play(kind)
            case .rumbleWarning: try? rumble?.play(strong: 0.6, weak: 0.6, milliseconds: 300)
            case .recalibrate: feed?.recalibrate()
            case .finished(let deck, let result, let shown, let player): onFinished(deck, result, shown, player)
            case .saveSettings(let settings): onSettings(settings)
            case .restorePurchases: send(.restored(locked: restore()))
            case .share(let deck, let result): send(.shared(notice: share(deck, result)))
            case .redeem(let code):
                let answer = redeem(code)
                send(.redeemed(locked: answer.locked, problem: answer.problem))
            case .suspendTerminal: TerminalMode.suspend()  // returns once continued, raw mode back on
            case .retakeTerminal: TerminalMode.enter()
            case .redraw: lastFrame = ""
            }
        }
    }

    private func present() {
        if fullScreen {
            let size = TerminalMode.size()
            let drawn = FrameRenderer.render(session, columns: size.columns, rows: size.rows)
            let frame = RGB.enabled ? drawn : RGB.withoutColour(drawn)
            if frame != lastFrame {
                if lastFrame.isEmpty { FileHandleOutput.stdout("\u{1B}[2J") }
                FileHandleOutput.stdout(frame)
                lastFrame = frame
            }
        } else {
            var lines = plain.lines(for: session)
            if quit { lines += plain.summary(session) }
            if !lines.isEmpty { FileHandleOutput.stdout(printable(lines.joined(separator: "\n") + "\n", keepLineBreaks: true)) }
        }
    }
}
