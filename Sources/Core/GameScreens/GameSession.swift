import Game
import Motion
import Raster
import TerminalUI

/// Player settings ("Cilësimet"): sound and rumble switch independently; the round lasts 30, 60, 90 or 120 s.
public struct GameSettings: Sendable, Codable, Equatable {
    public var sound = true
    public var rumble = true
    public var roundSeconds = Int(RoundMachine.defaultRoundSeconds)

    public init(sound: Bool = true, rumble: Bool = true, roundSeconds: Int = Int(RoundMachine.defaultRoundSeconds)) {
        self.sound = sound
        self.rumble = rumble
        self.roundSeconds = roundSeconds
    }

    /// A file from before a field existed keeps its default; a round length outside the choices is refused.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sound = try c.decodeIfPresent(Bool.self, forKey: .sound) ?? true
        rumble = try c.decodeIfPresent(Bool.self, forKey: .rumble) ?? true
        roundSeconds = try c.decodeIfPresent(Int.self, forKey: .roundSeconds) ?? Int(RoundMachine.defaultRoundSeconds)
        guard RoundMachine.roundLengths.contains(roundSeconds) else {
            throw DecodingError.dataCorruptedError(forKey: .roundSeconds, in: c,
                debugDescription: "roundSeconds must be one of \(RoundMachine.roundLengths.map(String.init).joined(separator: ", "))")
        }
    }
}

/// Where gestures come from, as the screen says it.
public enum InputSource: Sendable, Equatable {
    case motion(String)
    case keyboard
}

/// The interactive game without any I/O: screens, menus and the round, driven by keys, gestures and time.
/// The terminal front end feeds it and carries out the effects it returns; the renderer draws `self`.
public struct GameSession {
    public enum Screen: Sendable, Equatable { case browser, settings, round, result, vip, history, share }
    public enum Effect: Sendable, Equatable {
        case sound(RoundSound)
        case rumble(GestureKind)
        case rumbleWarning
        /// The motion detector must take the neutral pose again (every countdown).
        case recalibrate
        /// A round ended; `player` is whose turn it was in party mode.
        case finished(deck: String, result: RoundResult, shown: [String], player: String?)
        /// The results screen's share key: write the results card.
        case share(deck: String, result: RoundResult)
        /// "Rikthe Blerjet": ask the store again, then `restored(locked:)`.
        case restorePurchases
        /// An unlock code typed on the VIP screen: verify and keep it, then `redeemed(locked:message:)`.
        case redeem(code: String)
        case quit
    }

    public static let flashSeconds = 0.3
    public static let menuItems = ["Cilësimet", "Rikthe Blerjet", "Historiku", "Dil"]
    /// The results screen's buttons, ←/→ between them: play again, back to the decks, the results card.
    public static let resultButtons = ["Luaj", "Mbrapa", "Ruaj kartën"]
    /// Sound, rumble, round length, back.
    public static let settingsCount = 4

    public let decks: [Deck]
    public private(set) var locked: [Bool]
    public var input: InputSource
    public private(set) var settings: GameSettings
    public private(set) var screen = Screen.browser
    public private(set) var selected = 0
    public private(set) var settingsSelected = 0
    public private(set) var resultSelected = 0
    /// The first row of the results' card list shown (↑/↓ scroll it when it does not fit).
    public private(set) var resultScroll = 0
    /// What the round said about its cards ("the deck ran out").
    public private(set) var roundNote: String?
    /// With keys, how long a card is on screen before an answer counts (a player mashing ↓); 0 for plain lines
    /// through a pipe, where keys come from a script.
    public var keyAnswerDelay = RoundMachine.keyAnswerDelay
    /// Party mode (`kape play --players A,B,…`): turns, the scoreboard and the winner.
    public var party: Party?
    /// The rounds played, oldest first (the history file's, then this game's): the "Historiku" screen.
    public var history: [RoundHistory.Entry] = []
    /// Whose round the results screen shows (party mode).
    public private(set) var lastPlayer: String?
    /// `kape play --seconds`: this game's round length instead of the setting (not saved).
    public var roundSecondsOverride: Int?
    public var roundSeconds: Int { roundSecondsOverride ?? settings.roundSeconds }
    public private(set) var round: RoundMachine?
    public private(set) var deck: Deck?
    public private(set) var countdown: Int?
    public private(set) var flash: (outcome: GestureKind, until: Double)?
    public private(set) var pauseReason: RoundMachine.PauseReason?
    public private(set) var now = 0.0
    /// q in a round: the round is paused and the player asked whether to leave it (p/Enter: to the decks; j/Esc:
    /// play on) — one key must not lose a round.
    public private(set) var confirmingLeave = false
    /// One line under the menu (a locked deck, where the sound goes).
    public var notice: String?
    /// The file that unlocks VIP decks (`{"unlocked": ["id", …]}`), named on screen when a locked deck is chosen.
    public var entitlementsPath = "entitlements.json"
    /// The VIP screen: the locked deck chosen, the code typed so far, and why the last one did not open it.
    public private(set) var vipDeck = 0
    public private(set) var codeInput = ""
    public private(set) var codeProblem: String?
    public static let codeLimit = 400
    /// The share screen's picture: the results card as it is written (rendered once, when shared).
    public private(set) var shareCard: Canvas?
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
        if screen == .vip { return out + vipKey(key) }
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
            let count = Self.settingsCount
            switch key {
            case .up: settingsSelected = (settingsSelected + count - 1) % count
            case .down: settingsSelected = (settingsSelected + 1) % count
            case .enter, .space, .left, .right:
                switch settingsSelected {
                case 0: settings.sound.toggle()
                case 1: settings.rumble.toggle()
                case 2:
                    // The next (→, Enter) or previous (←) of 30/60/90/120 s, round and round; the choice replaces --seconds.
                    let lengths = RoundMachine.roundLengths
                    let i = lengths.firstIndex(of: roundSeconds) ?? 1
                    settings.roundSeconds = lengths[(i + (key == .left ? lengths.count - 1 : 1)) % lengths.count]
                    roundSecondsOverride = nil
                default: if key == .enter || key == .space { screen = .browser }
                }
            case .escape, .backspace: screen = .browser
            default: break
            }
        case .round, .vip: break
        case .history: screen = .browser
        case .share:
            // Any key: back to the results it was made from.
            screen = .result
            shareCard = nil
        case .result:
            let buttons = Self.resultButtons.count
            switch key {
            case .left: resultSelected = (resultSelected + buttons - 1) % buttons
            case .right: resultSelected = (resultSelected + 1) % buttons
            // The card list scrolls (the renderer clamps it to what is there).
            case .up: resultScroll = max(0, resultScroll - 1)
            case .down: resultScroll = min(resultScroll + 1, round?.answers.count ?? 0)
            case .pageUp: resultScroll = max(0, resultScroll - 5)
            case .pageDown: resultScroll = min(resultScroll + 5, round?.answers.count ?? 0)
            case .home: resultScroll = 0
            case .enter, .space:
                // A party that is over starts again from 0 with "Luaj".
                if let p = party, p.isOver, resultSelected == 0 { party = p.restarted() }
                if resultSelected == 2 { out += share() } else if resultSelected == 0, let deck { out += start(deck, at: t) } else { screen = .browser }
            case .char("s"), .char("S"): out += share()
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

    /// The front end says how far its results list can scroll (it knows the rows it shows): ↑ after scrolling
    /// past the end moves the list at once.
    public mutating func limitResultScroll(to maximum: Int) {
        resultScroll = max(0, min(resultScroll, maximum))
    }

    /// The store's answer to "Rikthe Blerjet": what is unlocked, by name.
    public mutating func restored(locked: [Bool]) {
        guard locked.count == decks.count else { return }
        self.locked = locked
        let open = decks.indices.filter { decks[$0].vip && !locked[$0] }.map { decks[$0].title }
        notice = open.isEmpty ? "Asnjë dek VIP i hapur: zgjidh një dek 🔒 dhe shkruaj kodin e tij"
                              : "Të hapura: " + open.joined(separator: ", ")
    }

    /// The answer to a code: `locked` as the store sees it now; `message` says why the deck did not open.
    public mutating func redeemed(locked: [Bool], problem: String?) {
        if locked.count == decks.count { self.locked = locked }
        guard screen == .vip else { return }
        if decks.indices.contains(vipDeck) && !self.locked[vipDeck] {
            screen = .browser
            selected = vipDeck
            notice = "🔓 \(decks[vipDeck].title) u hap. Enter: Luaj"
        } else {
            codeProblem = problem ?? "Ky kod hap një dek tjetër"
        }
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
        // ↓ and ↑, and what presenter clickers send: PageDown, → and Enter for "next" (correct), PageUp and ← for
        // "back" (pass).
        switch key {
        case .down, .pageDown, .right: return gesture(.correct, at: t)
        case .up, .pageUp, .left: return gesture(.pass, at: t)
        case .enter: return round?.state == .paused ? resume(at: t) : gesture(.correct, at: t)
        case .space: return round?.state == .paused ? resume(at: t) : interrupt(.player, at: t)
        case .escape: return interrupt(.player, at: t)
        default: return []
        }
    }

    /// The results card: written by the front end (the effect), shown on the share screen with where it went.
    private mutating func share() -> [Effect] {
        guard let deck, let r = round else { return [] }
        screen = .share
        shareCard = ShareCard.render(result: r.result, deckTitle: deck.title)
        return [.share(deck: deck.id, result: r.result)]
    }

    /// The VIP screen: every key but Enter, Backspace and Esc is part of the code (q too).
    private mutating func vipKey(_ key: Key) -> [Effect] {
        switch key {
        case .escape: screen = .browser
        case .backspace: if !codeInput.isEmpty { codeInput.removeLast() }; codeProblem = nil
        case .enter:
            guard !codeInput.isEmpty else { return [] }
            return [.redeem(code: codeInput)]
        case .char(let c): if codeInput.count < Self.codeLimit { codeInput.append(c) }; codeProblem = nil
        default: break
        }
        return []
    }

    private mutating func choose(at t: Double) -> [Effect] {
        if selected < decks.count {
            guard !locked[selected] else {
                // No shop in the game: the unlock code the player got with the deck, typed or pasted here.
                screen = .vip
                vipDeck = selected
                codeInput = ""
                codeProblem = nil
                return []
            }
            return start(decks[selected], at: t)
        }
        switch Self.menuItems[selected - decks.count] {
        case "Cilësimet": screen = .settings; settingsSelected = 0; return []
        case "Rikthe Blerjet": return [.restorePurchases]
        case "Historiku": screen = .history; return []
        default: return [.quit]
        }
    }

    private mutating func start(_ deck: Deck, at t: Double) -> [Effect] {
        self.deck = deck
        notice = nil
        screen = .round
        flash = nil
        pauseReason = nil
        roundNote = nil
        resultScroll = 0
        var r = RoundMachine(cards: order(deck), roundSeconds: Double(roundSeconds),
                             minimumCardSeconds: input == .keyboard ? keyAnswerDelay : 0)
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
                let player = party?.current
                if let round {
                    party?.record(score: round.result.score)
                    if let deck {
                        out.append(.finished(deck: deck.id, result: round.result, shown: round.shown, player: player))
                        history.append(.init(deck: deck.id, seed: 0, finished: "", result: round.result, shown: round.shown, player: player))
                    }
                }
                lastPlayer = player
            case .state: break
            case .answer(let outcome, _):
                flash = (outcome, e.t + Self.flashSeconds)
                if settings.rumble { out.append(.rumble(outcome == .correct ? .correct : .pass)) }
            case .warning:
                if settings.rumble { out.append(.rumbleWarning) }
            case .deckRanOut(let returning):
                roundNote = returning > 0 ? "Deku mbaroi: kthehen \(returning) karta të kaluara"
                                          : "Deku mbaroi: çdo kartë u luajt"
            case .timeUp, .card: break
            }
        }
        if let f = flash, f.until <= now { flash = nil }
        return out
    }
}
