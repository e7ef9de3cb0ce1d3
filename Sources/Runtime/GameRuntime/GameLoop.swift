import TextFormat
import Game
import GameScreens
import TerminalUI
import Terminal
import Motion
import MotionDevices
import Platform

/// The interactive game's only loop: one thread polling the keyboard, the signal pipe and the motion feed,
/// feeding `GameSession` with the monotonic clock, carrying out its effects (sound, rumble, history) and drawing
/// the frame (full screen) or printing plain lines (stdout not a terminal).
public final class GameLoop {
    var session: GameSession
    let feed: MotionFeed?
    let sound: GameSound?
    let rumble: Rumble?
    let fullScreen: Bool
    let onFinished: (String, RoundResult, [String], String?) -> Void
    let onSettings: (GameSettings) -> Void
    /// Asks the store which decks are locked now ("Rikthe Blerjet").
    public var restore: () -> [Bool] = { [] }
    /// Verifies and keeps an unlock code; returns which decks are locked now and why the code opened nothing.
    public var redeem: (String) -> (locked: [Bool], problem: String?) = { _ in ([], "") }
    /// Writes the results card of a round (the results screen's share key); returns what to show the player.
    public var share: (String, RoundResult) -> String = { _, _ in "" }
    private let t0 = MonoInstant.now()
    private var parser = KeyParser()
    var quit = false
    private var lastFrame = ""
    private var plain = PlainLog()
    private var stdinOpen = true
    private var motionEnded = false
    /// SIGINT or SIGTERM ended the game: the caller finishes its files, then dies of it as usual.
    public private(set) var quitSignal: Int32?

    public init(session: GameSession, feed: MotionFeed?, sound: GameSound?, rumble: Rumble?, fullScreen: Bool,
         onFinished: @escaping (String, RoundResult, [String], String?) -> Void, onSettings: @escaping (GameSettings) -> Void) {
        self.session = session
        self.feed = feed
        self.sound = sound
        self.rumble = rumble
        self.fullScreen = fullScreen
        self.onFinished = onFinished
        self.onSettings = onSettings
    }

    /// The loop's time base, seconds since it started: what `GameSession` is fed.
    /// Tests of the window loop drive it by hand.
    var clock: (() -> Double)?
    var now: Double { clock?() ?? time(of: .now()) }

    private func time(of instant: MonoInstant) -> Double { instant.seconds(since: t0) }

    public func run(startDeck: String?) {
        if let startDeck, let effects = session.startRound(deckID: startDeck, at: now) { perform(effects) }
        while !quit {
            perform(session.tick(at: now))
            // Plain lines with no keyboard left: nobody can press anything once the round or its input is over.
            if !fullScreen && !stdinOpen && (session.screen != .round || feed == nil || motionEnded) { quit = true }
            present()
            if quit { break }
            let active = session.screen == .round && session.round?.state != .paused
            let timeout: Int32 = parser.hasPending ? 30 : active || session.flash != nil ? 33 : 500
            var ready = PollSet(count: 3)
            ready.watch(0, stdinOpen ? 0 : -1)
            ready.watch(1, TerminalMode.signalFD)
            ready.watch(2, feed?.fd ?? -1)
            // A poll that fails (it cannot, with these descriptors) is a wait that timed out.
            let n = (try? ready.wait(timeoutMillis: timeout)) ?? 0
            if n == 0 && parser.hasPending { keys(parser.flush()) }
            if n == 0 { continue }
            if ready.isReady(2), let feed { motion(feed.take()) }
            if ready.isReady(1) { signals() }
            if ready.isReady(0) {
                if let k = TerminalMode.readKeys(&parser) {
                    keys(k)
                } else {
                    stdinOpen = false
                    inputClosed()
                }
            }
        }
        present()
    }

    func keys(_ keys: [Key]) {
        let before = session.settings
        for k in keys { perform(session.key(k, at: now)) }
        if session.settings != before { onSettings(session.settings) }
    }

    func motion(_ messages: [MotionFeed.Message]) {
        for m in messages {
            switch m {
            // The round takes the gesture at its own arrival, not at the loop's wake-up after it.
            case .gesture(let kind, let arrival): perform(session.gesture(kind, at: time(of: arrival)), gesture: (kind, arrival))
            case .lost: perform(session.interrupt(.deviceLost, at: now))
            case .back: perform(session.resume(at: now))
            case .ended: motionEnded = true; perform(session.interrupt(.traceEnded, at: now))
            }
        }
    }

    func signals() {
        for signal in TerminalMode.pendingSignals() {
            switch signal {
            case .resized:
                lastFrame = ""
            case .suspend:
                perform(session.interrupt(.suspended, at: now))
                if fullScreen {
                    TerminalMode.suspend()  // returns once continued, raw mode back on
                    lastFrame = ""
                }
            case .continued:
                // Stopped from outside (SIGSTOP): the shell may have reset the terminal meanwhile.
                perform(session.interrupt(.suspended, at: now))
                if fullScreen { TerminalMode.enter(); lastFrame = "" }
            case .quit(let sig):
                perform(session.interrupt(.suspended, at: now))
                quitSignal = sig
                quit = true
            }
        }
    }

    /// Keyboard input ended (a pipe ran dry, or the terminal went away): with only the keyboard, a round in play
    /// ends there, paused, with what was played; a terminal that is gone ends the game.
    private func inputClosed() {
        if session.input == .keyboard || fullScreen { perform(session.interrupt(.traceEnded, at: now)) }
        // q asked whether to leave the round, and nobody is left to answer: stop with what was played.
        if fullScreen || session.confirmingLeave { quit = true }
    }

    /// `gesture`: the gesture these effects answer; only its own sound carries its arrival (a warning or beep
    /// released in the same call is not that gesture's latency).
    func perform(_ effects: [GameSession.Effect], gesture: (kind: GestureKind, arrival: MonoInstant)? = nil) {
        for e in effects {
            switch e {
            case .sound(let name):
                let own = gesture.map { RoundSound(gesture: $0.kind) == name } ?? false
                sound?.play(name, arrival: own ? gesture?.arrival : nil)
            case .rumble(let kind): try? rumble?.play(kind)
            case .rumbleWarning: try? rumble?.play(strong: 0.6, weak: 0.6, milliseconds: 300)
            case .recalibrate: feed?.recalibrate()
            case .finished(let deck, let result, let shown, let player): onFinished(deck, result, shown, player)
            case .restorePurchases: session.restored(locked: restore())
            case .share(let deck, let result): session.notice = share(deck, result)
            case .redeem(let code):
                let answer = redeem(code)
                session.redeemed(locked: answer.locked, problem: answer.problem)
            case .quit: quit = true
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
