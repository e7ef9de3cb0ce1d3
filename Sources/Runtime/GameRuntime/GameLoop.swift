import TextFormat
import Game
import GameScreens
import TerminalUI
import Terminal
import Motion
import MotionDevices
import Glibc
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
    let onFinished: (String, RoundResult, [String]) -> Void
    let onSettings: (GameSettings) -> Void
    /// Asks the store which decks are locked now ("Rikthe Blerjet").
    public var restore: () -> [Bool] = { [] }
    private let t0 = MonotonicClock.now()
    private var parser = KeyParser()
    var quit = false
    private var lastFrame = ""
    private var plain = PlainLog()
    private var stdinOpen = true
    private var motionEnded = false
    /// SIGINT or SIGTERM ended the game: the caller finishes its files, then dies of it as usual.
    public private(set) var quitSignal: Int32?

    public init(session: GameSession, feed: MotionFeed?, sound: GameSound?, rumble: Rumble?, fullScreen: Bool,
         onFinished: @escaping (String, RoundResult, [String]) -> Void, onSettings: @escaping (GameSettings) -> Void) {
        self.session = session
        self.feed = feed
        self.sound = sound
        self.rumble = rumble
        self.fullScreen = fullScreen
        self.onFinished = onFinished
        self.onSettings = onSettings
    }

    /// Seconds since the loop began; tests of the window loop drive it by hand.
    var clock: (() -> Double)?
    var now: Double { clock?() ?? MonotonicClock.now() - t0 }

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
            var fds = [pollfd(fd: stdinOpen ? 0 : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: TerminalMode.signalFD, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: feed?.fd ?? -1, events: Int16(POLLIN), revents: 0)]
            let n = poll(&fds, 3, timeout)
            if n == 0 && parser.hasPending { keys(parser.flush()) }
            if n <= 0 { continue }
            if fds[2].revents != 0, let feed { motion(feed.take()) }
            if fds[1].revents != 0 { signals() }
            if fds[0].revents != 0 {
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
            case .gesture(let kind, let arrival): perform(session.gesture(kind, at: now), arrival: arrival)
            case .lost: perform(session.interrupt(.deviceLost, at: now))
            case .back: perform(session.resume(at: now))
            case .ended: motionEnded = true; perform(session.interrupt(.traceEnded, at: now))
            }
        }
    }

    func signals() {
        for sig in TerminalMode.pendingSignals() {
            switch sig {
            case SIGWINCH:
                lastFrame = ""
            case SIGTSTP:
                perform(session.interrupt(.suspended, at: now))
                if fullScreen {
                    TerminalMode.suspend()  // returns once continued, raw mode back on
                    lastFrame = ""
                }
            case SIGCONT:
                // Stopped from outside (SIGSTOP): the shell may have reset the terminal meanwhile.
                perform(session.interrupt(.suspended, at: now))
                if fullScreen { TerminalMode.enter(); lastFrame = "" }
            case SIGINT, SIGTERM, SIGPIPE:
                perform(session.interrupt(.suspended, at: now))
                quitSignal = sig
                quit = true
            case SIGHUP:
                // The terminal is gone: pause, keep nothing on screen, leave.
                perform(session.interrupt(.suspended, at: now))
                quit = true
            default: break
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

    func perform(_ effects: [GameSession.Effect], arrival: UInt64? = nil) {
        for e in effects {
            switch e {
            case .sound(let name): sound?.play(name, arrival: arrival)
            case .rumble(let kind): try? rumble?.play(kind)
            case .rumbleWarning: try? rumble?.play(strong: 0.6, weak: 0.6, milliseconds: 300)
            case .recalibrate: feed?.recalibrate()
            case .finished(let deck, let result, let shown): onFinished(deck, result, shown)
            case .restorePurchases: session.restored(locked: restore())
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
