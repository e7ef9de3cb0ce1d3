import Game
import GameScreens
import Motion
import Platform
import Terminal
import TerminalUI

/// Every decision the game's loop makes between two waits, without I/O: a gesture, keys, a tick, a signal, the
/// keyboard closing and the store's answers go in with the loop's time; what to carry out comes back (a sound with
/// its latency tag, rumble, a finished round, the terminal given away or taken back, a redraw). `GameLoop` polls,
/// reads, draws and carries the effects out; tests drive this directly, as they drive `GameSession`.
public struct GameLoopCore {
    public enum Message: Sendable, Equatable {
        /// A turn of the loop: time passes.
        case tick
        /// Keys read at once (one read of standard input, a tap's keys), taken in order.
        case keys([Key])
        case motion(MotionFeed.Message)
        case signal(LoopSignal)
        /// Standard input ended: a pipe ran dry, or the terminal went away.
        case keyboardClosed
        /// The answers to `restorePurchases`, `redeem` and `share`, given before anything else is sent.
        case restored(locked: [Bool])
        case redeemed(locked: [Bool], problem: String?)
        case shared(notice: String)
    }

    public enum Effect: Sendable, Equatable {
        /// `arrival`: set only on the sound of the gesture that arrived then, so its latency record spans motion to
        /// sound; a warning or beep the same gesture's time released is not that gesture's latency.
        case play(RoundSound, arrival: MonoInstant?)
        case rumble(GestureKind)
        case rumbleWarning
        case recalibrate
        case finished(deck: String, result: RoundResult, shown: [String], player: String?)
        /// The keys changed the settings: keep them.
        case saveSettings(GameSettings)
        /// Questions: the loop answers each with its message before it sends anything else; the keys after the
        /// one that asked wait for the answer, as the player saw them wait.
        case restorePurchases
        case share(deck: String, result: RoundResult)
        case redeem(code: String)
        /// Ctrl-Z on the full screen: give the terminal back and stop until continued.
        case suspendTerminal
        /// Continued after a stop from outside: take the terminal again (raw mode, the alternate screen).
        case retakeTerminal
        /// Draw the whole screen again (resized, or given away meanwhile).
        case redraw
    }

    public var session: GameSession
    /// Loop time 0: what `time(of:)` measures arrivals from.
    public let origin: MonoInstant
    /// Drawing the full screen (else plain lines).
    public let fullScreen: Bool
    /// Gestures come from a motion feed (a device or a trace).
    public let hasFeed: Bool
    /// The loop must end (q, the menu's Dil, a quit signal, nothing left to read).
    public internal(set) var quit = false
    /// SIGINT, SIGTERM, SIGPIPE or SIGHUP ended the game: the caller finishes its files, then dies of it.
    public private(set) var quitSignal: Int32?
    public private(set) var keyboardOpen = true
    public private(set) var motionEnded = false
    /// Keys after one whose effect asked a question, and the rest of that key's effects: taken with the answer.
    private var waitingKeys: [Key] = []
    private var waitingEffects: [GameSession.Effect] = []
    /// The settings before the keys being taken: saved once, when the last of them is taken, if they changed.
    private var settingsBeforeKeys: GameSettings?

    public init(session: GameSession, origin: MonoInstant, fullScreen: Bool, hasFeed: Bool) {
        self.session = session
        self.origin = origin
        self.fullScreen = fullScreen
        self.hasFeed = hasFeed
    }

    /// An arrival on the loop's clock (seconds since `origin`): the round takes a gesture at its own arrival, not
    /// at the loop's wake-up after it.
    public func time(of instant: MonoInstant) -> Double { instant.seconds(since: origin) }

    /// `now`: the loop's time (seconds since `origin`) as the message is taken.
    public mutating func receive(_ message: Message, at now: Double) -> [Effect] {
        switch message {
        case .tick:
            let out = effects(of: session.tick(at: now))
            // Plain lines with no keyboard left: nobody can press anything once the round or its input is over.
            if !fullScreen && !keyboardOpen && (session.screen != .round || !hasFeed || motionEnded) { quit = true }
            return out
        case .keys(let keys):
            if settingsBeforeKeys == nil { settingsBeforeKeys = session.settings }
            waitingKeys += keys
            return takeKeys(at: now)
        case .motion(let m):
            switch m {
            case .gesture(let kind, let arrival):
                return effects(of: session.gesture(kind, at: time(of: arrival)), gesture: (kind, arrival))
            case .lost: return effects(of: session.interrupt(.deviceLost, at: now))
            case .back: return effects(of: session.resume(at: now))
            case .ended:
                motionEnded = true
                return effects(of: session.interrupt(.traceEnded, at: now))
            }
        case .signal(let signal):
            switch signal {
            case .resized: return [.redraw]
            case .suspend:
                return effects(of: session.interrupt(.suspended, at: now)) + (fullScreen ? [.suspendTerminal, .redraw] : [])
            case .continued:
                // Stopped from outside (SIGSTOP): the shell may have reset the terminal meanwhile.
                return effects(of: session.interrupt(.suspended, at: now)) + (fullScreen ? [.retakeTerminal, .redraw] : [])
            case .quit(let sig):
                let out = effects(of: session.interrupt(.suspended, at: now))
                quitSignal = sig
                quit = true
                return out
            }
        case .keyboardClosed:
            // With only the keyboard, a round in play ends there, paused, with what was played; a terminal that is
            // gone ends the game.
            keyboardOpen = false
            var out: [Effect] = []
            if session.input == .keyboard || fullScreen { out = effects(of: session.interrupt(.traceEnded, at: now)) }
            // q asked whether to leave the round, and nobody is left to answer: stop with what was played.
            if fullScreen || session.confirmingLeave { quit = true }
            return out
        case .restored(let locked):
            session.restored(locked: locked)
            return resume(at: now)
        case .redeemed(let locked, let problem):
            session.redeemed(locked: locked, problem: problem)
            return resume(at: now)
        case .shared(let notice):
            session.notice = notice
            return resume(at: now)
        }
    }

    /// How long the loop may wait for input: a half-read escape sequence is a key of its own after 30 ms; a round
    /// or a flash moves on its own (33 ms, 30 frames a second); menus only change with input.
    public func waitMillis(keysPending: Bool) -> Int32 {
        let active = session.screen == .round && session.round?.state != .paused
        return keysPending ? 30 : active || session.flash != nil ? 33 : 500
    }

    /// The session's effects as the loop carries them out. `gesture`: the gesture they answer (its sound alone
    /// carries its arrival). A question ends the list: what follows it waits for the answer.
    public mutating func effects(of effects: [GameSession.Effect],
                                 gesture: (kind: GestureKind, arrival: MonoInstant)? = nil) -> [Effect] {
        var out: [Effect] = []
        for (i, e) in effects.enumerated() {
            switch e {
            case .sound(let name):
                let own = gesture.map { RoundSound(gesture: $0.kind) == name } ?? false
                out.append(.play(name, arrival: own ? gesture?.arrival : nil))
            case .rumble(let kind): out.append(.rumble(kind))
            case .rumbleWarning: out.append(.rumbleWarning)
            case .recalibrate: out.append(.recalibrate)
            case .finished(let deck, let result, let shown, let player):
                out.append(.finished(deck: deck, result: result, shown: shown, player: player))
            case .quit: quit = true
            case .restorePurchases, .share, .redeem:
                switch e {
                case .share(let deck, let result): out.append(.share(deck: deck, result: result))
                case .redeem(let code): out.append(.redeem(code: code))
                default: out.append(.restorePurchases)
                }
                waitingEffects = Array(effects[(i + 1)...]) + waitingEffects
                return out
            }
        }
        return out
    }

    /// An answer came: the rest of the asking key's effects, then the keys that waited.
    private mutating func resume(at now: Double) -> [Effect] {
        let held = waitingEffects
        waitingEffects = []
        let out = effects(of: held)
        return out.last?.isQuestion == true ? out : out + takeKeys(at: now)
    }

    /// Takes the waiting keys in order until one asks a question.
    private mutating func takeKeys(at now: Double) -> [Effect] {
        var out: [Effect] = []
        while !waitingKeys.isEmpty {
            let key = waitingKeys.removeFirst()
            out += effects(of: session.key(key, at: now))
            if out.last?.isQuestion == true { return out }
        }
        if let before = settingsBeforeKeys {
            settingsBeforeKeys = nil
            if session.settings != before { out.append(.saveSettings(session.settings)) }
        }
        return out
    }
}

extension GameLoopCore.Effect {
    /// The loop answers it with a message before sending anything else.
    public var isQuestion: Bool {
        switch self {
        case .restorePurchases, .share, .redeem: true
        default: false
        }
    }
}
