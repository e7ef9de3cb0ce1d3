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
            let steps = ((i - s.settingsSelected) % 3 + 3) % 3
            return Array(repeating: .down, count: steps) + [.enter]
        case .resultButton(let k):
            guard s.screen == .result else { return [] }
            return (k == s.resultSelected ? [] : [.right]) + [.enter]
        case .pauseToggle:
            guard s.screen == .round else { return [] }
            // Leaving asked and the screen tapped: that is "no, play on" (any key but p/Enter).
            return s.confirmingLeave ? [.char("j")] : [.space]
        }
    }

    /// What the session shows that a redraw depends on, beyond the window's size: equal keys draw equal frames.
    public static func signature(_ s: GameSession) -> String {
        let r = s.round
        let seconds = r.map { Int(saturating: $0.remaining.rounded(.up)) } ?? -1
        return "\(WindowLayout.name(s).rawValue)|\(s.countdown ?? -1)|\(r?.current ?? "")|\(r?.result.answers.count ?? 0)|"
            + "\(r?.result.score ?? 0)|\(seconds)|\(s.selected)|\(s.settingsSelected)|\(s.resultSelected)|\(s.settings.sound)|"
            + "\(s.settings.rumble)|\(s.notice ?? "")|\(s.confirmingLeave)|\(String(describing: s.pauseReason))|\(s.locked)|\(s.input)"
    }
}
