import Motion

/// The game's feedback sounds, named as their files in sounds/ and their recipes in `SoundSynth`.
public enum RoundSound: String, CaseIterable, Sendable {
    case countdown3 = "countdown-3", countdown2 = "countdown-2", countdown1 = "countdown-1"
    case success, pass, warning
    case timeUp = "time-up"

    /// What a gesture sounds like: tilt down → success, tilt up → pass.
    public init(gesture: GestureKind) { self = gesture == .correct ? .success : .pass }

    /// Its place in `allCases`: the clip number in a bank loaded in that order (`GameSound.bank`), found without
    /// a search by name.
    public var index: Int {
        switch self {
        case .countdown3: 0
        case .countdown2: 1
        case .countdown1: 2
        case .success: 3
        case .pass: 4
        case .warning: 5
        case .timeUp: 6
        }
    }
}

extension RoundMachine.Event {
    /// The one map from what happens in a round to what is heard; nil for silent events.
    public var sound: RoundSound? {
        switch self {
        case .beep(3): .countdown3
        case .beep(2): .countdown2
        case .beep(1): .countdown1
        case .answer(let outcome, _): RoundSound(gesture: outcome == .correct ? .correct : .pass)
        case .warning: .warning
        case .timeUp: .timeUp
        default: nil
        }
    }
}
