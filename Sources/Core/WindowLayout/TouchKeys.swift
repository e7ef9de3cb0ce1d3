import Game
import GameScreens
import TerminalUI

/// A tap on a part of the screen as the keys that do the same: the session has one way in, and a tap on the third
/// deck is "down, down, Enter" from wherever the selection is.
public enum TouchKeys {
    public static func keys(for target: Target, in s: GameSession) -> [Key] {
        switch target {
        case .entry(let i):
            guard s.screen == .browser else { return [] }
            let count = s.decks.count + GameSession.menuItems.count
            let steps = ((i - s.selected) % count + count) % count
            return Array(repeating: .down, count: steps) + [.enter]
        case .setting(let i):
            guard s.screen == .settings else { return [] }
            let n = GameSession.settingsCount
            let steps = ((i - s.settingsSelected) % n + n) % n
            return Array(repeating: .down, count: steps) + [.enter]
        case .resultButton(let k):
            guard s.screen == .result else { return [] }
            let n = GameSession.resultButtons.count
            return Array(repeating: .right, count: ((k - s.resultSelected) % n + n) % n) + [.enter]
        case .pauseToggle:
            guard s.screen == .round else { return [] }
            // Leaving asked and the screen tapped: that is "no, play on" (any key but p/Enter).
            return s.confirmingLeave ? [.char("j")] : [.space]
        case .press(let key): return [key]
        case .paste: return []
        }
    }

    /// A swipe up (the finger moving up: what is below comes into view) or down, as the presses that do the same:
    /// a page of deck tiles (never past the first or last deck), or a page of the results' cards.
    public static func keys(swipeUp: Bool, in s: GameSession, scene: Scene) -> [Key] {
        let step = scene.scrollStep
        guard step > 0 else { return [] }
        switch s.screen {
        case .browser:
            guard s.selected < s.decks.count else { return [] }
            let n = swipeUp ? min(step, s.decks.count - 1 - s.selected) : min(step, s.selected)
            return Array(repeating: swipeUp ? .down : .up, count: n)
        case .result: return Array(repeating: swipeUp ? .down : .up, count: step)
        default: return []
        }
    }

    /// What the session shows that a redraw depends on, beyond the window's size: equal keys draw equal frames.
    /// Compared on every wake-up of the loop (hundreds a second), so plain fields, no text built.
    public struct Signature: Equatable {
        var name: SceneName
        var countdown: Int?
        var card: String?
        var answers: Int
        var seconds: Int
        var selected: Int
        var settingsSelected: Int
        var resultSelected: Int
        var resultScroll: Int
        var settings: GameSettings
        var notice: String?
        var confirmingLeave: Bool
        var pauseReason: RoundMachine.PauseReason?
        var locked: [Bool]
        var input: InputSource
        var vip: String
        var codeProblem: String?
        var roundSeconds: Int
        var party: Party?
        var history: Int
        var roundNote: String?
    }

    public static func signature(_ s: GameSession) -> Signature {
        let r = s.round
        return Signature(name: WindowLayout.name(s), countdown: s.countdown, card: r?.current, answers: r?.answers.count ?? 0,
                         seconds: r.map { Int(saturating: $0.remaining.rounded(.up)) } ?? -1, selected: s.selected,
                         settingsSelected: s.settingsSelected, resultSelected: s.resultSelected, resultScroll: s.resultScroll,
                         settings: s.settings,
                         notice: s.notice, confirmingLeave: s.confirmingLeave, pauseReason: s.pauseReason, locked: s.locked,
                         input: s.input, vip: "\(s.vipDeck)|" + s.codeInput, codeProblem: s.codeProblem,
                         roundSeconds: s.roundSeconds, party: s.party, history: s.history.count, roundNote: s.roundNote)
    }
}
