import Motion

/// The round as a pure state machine: time is an input (seconds on any monotonic clock), outputs are events.
/// menu → buffer (countdown, calibration) → playing → finished; any pause returns through a fresh buffer.
public struct RoundMachine: Sendable {
    public enum State: String, Sendable, Equatable { case menu, buffer, playing, paused, finished }
    public enum PauseReason: String, Sendable { case deviceLost, suspended, player, traceEnded }
    public enum Outcome: String, Sendable, Codable { case correct, pass }

    public enum Event: Sendable, Equatable {
        case state(State)
        case card(String)
        case answer(Outcome, String)
        case warning
        /// Countdown beep: 3, 2, 1.
        case beep(Int)
        /// The neutral pose must be taken again now (start of every buffer).
        case recalibrate
        case timeUp
        /// Every card of the deck has been shown: the `returning` cards passed in this round come back, in the
        /// order they were passed; with none, the round ends here.
        case deckRanOut(returning: Int)
    }

    public struct Timed: Sendable, Equatable {
        public var t: Double
        public var event: Event
    }

    public static let bufferSeconds = 3.0
    /// The round lengths a player may choose (settings, `kape play --seconds`); 60 unless chosen.
    public static let roundLengths = [30, 60, 90, 120]
    public static let defaultRoundSeconds = 60.0
    public static let warningAt = 10.0
    /// With keys, how long a card must have been on screen before an answer counts: a held or mashed key would
    /// otherwise score cards no one read (motion already needs a return to neutral between answers).
    public static let keyAnswerDelay = 0.6

    public let roundSeconds: Double
    /// Seconds of play a card must have been shown before a gesture counts (`keyAnswerDelay` with keys, else 0).
    public let minimumCardSeconds: Double

    public private(set) var state = State.menu
    /// Seconds of play elapsed (stands still outside `playing`).
    public private(set) var played = 0.0
    public private(set) var answers: [(card: String, outcome: Outcome)] = []
    public private(set) var warned = false

    private let cards: [String]
    private var next = 0
    /// Cards passed in this round and not shown again yet, oldest first: what comes back when the deck runs out.
    private var passedQueue: [String] = []
    /// Seconds of play when the current card was put on screen.
    private var cardShownAt = 0.0
    public private(set) var current: String?
    /// Every card put on screen, in order (the last may be unanswered when time runs out).
    public private(set) var shown: [String] = []
    /// Clock time when the current buffer started, or when play last (re)started.
    private var mark = 0.0
    private var beeps = 0
    private var now = 0.0

    public init(cards: [String], roundSeconds: Double = Self.defaultRoundSeconds, minimumCardSeconds: Double = 0) {
        precondition(!cards.isEmpty, "a round needs cards")
        self.cards = cards
        self.roundSeconds = roundSeconds
        self.minimumCardSeconds = minimumCardSeconds
    }

    public var remaining: Double { max(0, roundSeconds - played) }

    /// Leaves the menu: the first countdown.
    public mutating func start(at t: Double) -> [Timed] {
        guard state == .menu else { return [] }
        now = t
        return enterBuffer(at: t)
    }

    /// Moves the clock to `t` and returns everything that happened on the way, at the exact times it happened.
    public mutating func advance(to t: Double) -> [Timed] {
        guard t > now else { return [] }
        var out: [Timed] = []
        while true {
            switch state {
            case .buffer:
                // Beeps at 3-2-1: one per second of the countdown.
                let beepTime = mark + Double(beeps)
                let end = mark + Self.bufferSeconds
                if beeps < 3 && beepTime <= t && beepTime < end {
                    out.append(Timed(t: beepTime, event: .beep(3 - beeps)))
                    beeps += 1
                    continue
                }
                if end <= t {
                    state = .playing
                    mark = end
                    out.append(Timed(t: end, event: .state(.playing)))
                    if current == nil, let c = draw() { out.append(Timed(t: end, event: .card(c))) }
                    continue
                }
            case .playing:
                let base = played
                let warnTime = mark + (roundSeconds - Self.warningAt - base)
                let endTime = mark + (roundSeconds - base)
                if !warned && warnTime <= t && warnTime < endTime {
                    warned = true
                    out.append(Timed(t: warnTime, event: .warning))
                    continue
                }
                if endTime <= t {
                    played = roundSeconds
                    state = .finished
                    out.append(Timed(t: endTime, event: .timeUp))
                    out.append(Timed(t: endTime, event: .state(.finished)))
                    continue
                }
                played = base + (t - mark)
                mark = t
            case .menu, .paused, .finished:
                break
            }
            break
        }
        now = t
        return out
    }

    /// A gesture from the detector. Counts only while playing (advance first, so a late gesture after the end
    /// or one during the countdown is dropped).
    public mutating func gesture(_ kind: GestureKind, at t: Double) -> [Timed] {
        var out = advance(to: t)
        guard state == .playing, let card = current, played - cardShownAt >= minimumCardSeconds else { return out }
        let outcome: Outcome = kind == .correct ? .correct : .pass
        let at = max(t, now)
        answers.append((card, outcome))
        if outcome == .pass { passedQueue.append(card) }
        out.append(Timed(t: at, event: .answer(outcome, card)))
        if next == cards.count {
            // The deck is through: say so once, then the passed cards come back; with none left the round is over.
            next += 1
            out.append(Timed(t: at, event: .deckRanOut(returning: passedQueue.count)))
        }
        if let c = draw() {
            out.append(Timed(t: at, event: .card(c)))
        } else {
            current = nil
            state = .finished
            out.append(Timed(t: at, event: .state(.finished)))
        }
        return out
    }

    /// Interruption: time stops until `resume`.
    public mutating func pause(at t: Double, reason: PauseReason) -> [Timed] {
        var out = advance(to: t)
        guard state == .buffer || state == .playing else { return out }
        state = .paused
        out.append(Timed(t: max(t, now), event: .state(.paused)))
        return out
    }

    /// Back from a pause: a fresh countdown and calibration, then play continues with the same card.
    public mutating func resume(at t: Double) -> [Timed] {
        guard state == .paused else { return [] }
        now = max(now, t)
        return enterBuffer(at: now)
    }

    private mutating func enterBuffer(at t: Double) -> [Timed] {
        state = .buffer
        mark = t
        beeps = 0
        return [Timed(t: t, event: .state(.buffer)), Timed(t: t, event: .recalibrate)] + advance(through: t)
    }

    /// Emits what is due at the buffer's first instant (the "3" beep) without moving the clock.
    private mutating func advance(through t: Double) -> [Timed] {
        beeps = 1
        return [Timed(t: t, event: .beep(3))]
    }

    /// The next card: the deck in order, each card once; after it, the cards passed in this round (a card
    /// answered correctly never comes back). Nil when none is left.
    private mutating func draw() -> String? {
        let c: String
        if next < cards.count {
            c = cards[next]
            next += 1
        } else if !passedQueue.isEmpty {
            c = passedQueue.removeFirst()
        } else {
            return nil
        }
        current = c
        cardShownAt = played
        shown.append(c)
        return c
    }

    public var result: RoundResult {
        RoundResult(answers: answers.map { RoundResult.Answer(card: $0.card, outcome: $0.outcome) })
    }
}

public struct RoundResult: Sendable, Equatable, Codable {
    public init(answers: [Answer]) { self.answers = answers }
    public struct Answer: Sendable, Equatable, Codable {
        public var card: String
        public var outcome: RoundMachine.Outcome
        public init(card: String, outcome: RoundMachine.Outcome) { self.card = card; self.outcome = outcome }
    }
    public var answers: [Answer]

    public var correct: Int { answers.filter { $0.outcome == .correct }.count }
    public var passed: Int { answers.filter { $0.outcome == .pass }.count }
    public var score: Int { correct }
    /// Correct over cards answered; a card still on screen when time ran out was never judged.
    public var accuracy: Double { answers.isEmpty ? 0 : Double(correct) / Double(answers.count) }
    public var rank: String { Rank.name(forScore: score) }
}
