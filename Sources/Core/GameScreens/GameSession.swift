import Game
import Motion
import TerminalUI

/// Player settings ("Cilësimet"): sound and rumble switch independently.
public struct GameSettings: Sendable, Codable, Equatable {
    public var sound = true
    public var rumble = true
    public init(sound: Bool = true, rumble: Bool = true) { self.sound = sound; self.rumble = rumble }
}

/// Where gestures come from, as the screen says it.
public enum InputSource: Sendable, Equatable {
    case motion(String)
    case keyboard
}

/// The interactive game without any I/O: screens, menus and the round, driven by keys, gestures and time.
/// The terminal front end feeds it and carries out the effects it returns; the renderer draws `self`.
public struct GameSession {
    public enum Screen: Sendable, Equatable { case browser, settings, round, result }
    public enum Effect: Sendable, Equatable {
        case sound(RoundSound)
        case rumble(GestureKind)
        case rumbleWarning
        /// The motion detector must take the neutral pose again (every countdown).
        case recalibrate
        case finished(deck: String, result: RoundResult, shown: [String])
        /// "Rikthe Blerjet": ask the store again, then `restored(locked:)`.
        case restorePurchases
        case quit
    }

    public static let flashSeconds = 0.3
    public static let menuItems = ["Cilësimet", "Rikthe Blerjet", "Dil"]

    public let decks: [Deck]
    public private(set) var locked: [Bool]
    public var input: InputSource
    public private(set) var settings: GameSettings
    public private(set) var screen = Screen.browser
    public private(set) var selected = 0
    public private(set) var settingsSelected = 0
    public private(set) var resultSelected = 0
    public private(set) var round: RoundMachine?
    public private(set) var deck: Deck?
    public private(set) var countdown: Int?
    public private(set) var flash: (outcome: RoundMachine.Outcome, until: Double)?
    public private(set) var pauseReason: RoundMachine.PauseReason?
    public private(set) var now = 0.0
    /// q in a round: the round is paused and the player asked whether to leave it (p/Enter: to the decks; j/Esc:
    /// play on) — one key must not lose a round.
    public private(set) var confirmingLeave = false
    /// One line under the menu (a locked deck, where the sound goes).
    public var notice: String?
    /// The file that unlocks VIP decks (`{"unlocked": ["id", …]}`), named on screen when a locked deck is chosen.
    public var entitlementsPath = "entitlements.json"
    private let order: (Deck) -> [String]

    /// `order` deals a deck's cards for a new round (shuffle, history).
    public init(decks: [Deck], locked: [Bool], settings: GameSettings, input: InputSource,
                order: @escaping (Deck) -> [String]) {
        self.decks = decks
        self.locked = locked
        self.settings = settings
        self.input = input
        self.order = order
    }

    // MARK: inputs

    public mutating func key(_ key: Key, at t: Double) -> [Effect] {
        var out = tick(at: t)
        let q = key == .char("q") || key == .char("Q")
        if screen == .round { return out + roundKey(key, quitKey: q, at: t) }
        if q { return out + [.quit] }
        switch screen {
        case .browser:
            let count = decks.count + Self.menuItems.count
            switch key {
            case .up: selected = (selected + count - 1) % count
            case .down: selected = (selected + 1) % count
            case .enter, .space, .right: out += choose(at: t)
            default: break
            }
        case .settings:
            switch key {
            case .up: settingsSelected = (settingsSelected + 2) % 3
            case .down: settingsSelected = (settingsSelected + 1) % 3
            case .enter, .space, .left, .right:
                switch settingsSelected {
                case 0: settings.sound.toggle()
                case 1: settings.rumble.toggle()
                default: if key == .enter || key == .space { screen = .browser }
                }
            case .escape, .backspace: screen = .browser
            default: break
            }
        case .round: break
        case .result:
            switch key {
            case .left, .right, .up, .down: resultSelected = 1 - resultSelected
            case .enter, .space:
                if resultSelected == 0, let deck { out += start(deck, at: t) } else { screen = .browser }
            case .escape, .backspace: screen = .browser
            default: break
            }
        }
        return out
    }

    public mutating func gesture(_ kind: GestureKind, at t: Double) -> [Effect] {
        guard screen == .round, var r = round else { return tick(at: t) }
        let events = r.gesture(kind, at: t)
        round = r
        return apply(events, at: t)
    }

    /// Time passes: countdown beeps, the warning, the end of the round, the end of a flash.
    public mutating func tick(at t: Double) -> [Effect] {
        now = max(now, t)
        if let f = flash, f.until <= now { flash = nil }
        guard screen == .round, var r = round else { return [] }
        let events = r.advance(to: t)
        round = r
        return apply(events, at: t)
    }

    /// Device lost, suspended, terminal closed, or the player: the round clock stops.
    public mutating func interrupt(_ reason: RoundMachine.PauseReason, at t: Double) -> [Effect] {
        guard screen == .round, var r = round, r.state == .buffer || r.state == .playing else { return tick(at: t) }
        let events = r.pause(at: t, reason: reason)
        round = r
        pauseReason = reason
        return apply(events, at: t)
    }

    /// Back to play through a fresh countdown (and calibration).
    public mutating func resume(at t: Double) -> [Effect] {
        guard screen == .round, var r = round, r.state == .paused else { return [] }
        let events = r.resume(at: t)
        round = r
        pauseReason = nil
        return apply(events, at: t)
    }

    /// Straight into a round of deck `id` (`kape play --deck`), skipping the browser; nil if there is no such
    /// deck or it is locked.
    public mutating func startRound(deckID id: String, at t: Double) -> [Effect]? {
        guard let i = decks.firstIndex(where: { $0.id == id }), !locked[i] else { return nil }
        selected = i
        return start(decks[i], at: t)
    }

    /// The store's answer to "Rikthe Blerjet".
    public mutating func restored(locked: [Bool]) {
        guard locked.count == decks.count else { return }
        let opened = zip(self.locked, locked).filter { $0.0 && !$0.1 }.count
        self.locked = locked
        notice = opened > 0 ? "Blerjet u rikthyen: \(opened) dek VIP u hap"
                            : "Asnjë blerje për të rikthyer: dekët VIP hapen te \(entitlementsPath)"
    }

    // MARK: internals

    private mutating func roundKey(_ key: Key, quitKey: Bool, at t: Double) -> [Effect] {
        if confirmingLeave {
            confirmingLeave = false
            switch key {
            case .char("p"), .char("P"), .char("y"), .char("Y"), .char("q"), .char("Q"), .enter:
                screen = .browser
                round = nil
                flash = nil
                pauseReason = nil
                notice = "Raundi u la pa u ruajtur"
                return []
            default:
                return resume(at: t)
            }
        }
        if quitKey {
            confirmingLeave = true
            return interrupt(.player, at: t)
        }
        switch key {
        case .down: return gesture(.correct, at: t)
        case .up: return gesture(.pass, at: t)
        case .space: return round?.state == .paused ? resume(at: t) : interrupt(.player, at: t)
        case .escape: return interrupt(.player, at: t)
        default: return []
        }
    }

    private mutating func choose(at t: Double) -> [Effect] {
        if selected < decks.count {
            guard !locked[selected] else {
                // No shop in the game: the entitlements file is the way, and the screen says how.
                notice = "🔒 \(decks[selected].title) është VIP. Për ta hapur: shto \"\(decks[selected].id)\" te \"unlocked\" në "
                    + "\(entitlementsPath) ({\"unlocked\": [\"\(decks[selected].id)\"]}), pastaj Rikthe Blerjet"
                return []
            }
            return start(decks[selected], at: t)
        }
        switch Self.menuItems[selected - decks.count] {
        case "Cilësimet": screen = .settings; settingsSelected = 0; return []
        case "Rikthe Blerjet": return [.restorePurchases]
        default: return [.quit]
        }
    }

    private mutating func start(_ deck: Deck, at t: Double) -> [Effect] {
        self.deck = deck
        notice = nil
        screen = .round
        flash = nil
        pauseReason = nil
        var r = RoundMachine(cards: order(deck))
        let events = r.start(at: t)
        round = r
        return apply(events, at: t)
    }

    private mutating func apply(_ events: [RoundMachine.Timed], at t: Double) -> [Effect] {
        var out: [Effect] = []
        for e in events {
            if settings.sound, let sound = e.event.sound { out.append(.sound(sound)) }
            switch e.event {
            case .beep(let n): countdown = n
            case .recalibrate: out.append(.recalibrate)
            case .state(.playing): countdown = nil
            case .state(.finished):
                screen = .result
                resultSelected = 0
                if let round, let deck { out.append(.finished(deck: deck.id, result: round.result, shown: round.shown)) }
            case .state: break
            case .answer(let outcome, _):
                flash = (outcome, e.t + Self.flashSeconds)
                if settings.rumble { out.append(.rumble(outcome == .correct ? .correct : .pass)) }
            case .warning:
                if settings.rumble { out.append(.rumbleWarning) }
            case .timeUp, .card: break
            }
        }
        if let f = flash, f.until <= now { flash = nil }
        return out
    }
}
