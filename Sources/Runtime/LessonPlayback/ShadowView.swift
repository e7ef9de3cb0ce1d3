import Lessons
import Platform
import TerminalUI
import TextFormat

/// The `kape shadow` screen and its keys, without a terminal or a clock: the loop feeds it what the player heard and
/// the keys pressed; it answers with what to do and draws whole frames (so tests can read them).
public struct ShadowView {
    public enum Intent: Equatable {
        case command(ShadowMachine.Command)
        case restart, quit, none
    }

    public let title: String
    public let subtitle: String
    public let cues: [Cue]
    public let duration: Double
    public let loopTimes: Int
    public let loopPause: Double
    /// The line chosen with ↑/↓ (Enter jumps there); nil while following playback.
    public private(set) var selection: Int?
    public var current: Int?
    public var heard = 0.0
    public var state = LessonPlayer.State(playing: true, speed: 1, loop: nil, ended: false)
    /// One line under the status: the end of the lesson, where the audio goes.
    public var notice: String?

    public init(title: String, subtitle: String, cues: [Cue], duration: Double, loopTimes: Int, loopPause: Double) {
        self.title = title
        self.subtitle = subtitle
        self.cues = cues
        self.duration = duration
        self.loopTimes = loopTimes
        self.loopPause = loopPause
    }

    public mutating func key(_ key: Key) -> Intent {
        switch key {
        case .char("q"), .char("Q"): return .quit
        case .space: return state.ended ? .restart : .command(.togglePause)
        case .left: selection = nil; return .command(.previous)
        case .right: selection = nil; return .command(.next)
        case .up: moveSelection(-1); return .none
        case .down: moveSelection(1); return .none
        case .enter:
            guard let s = selection else { return .none }
            selection = nil
            return state.ended ? .none : .command(.cue(s))
        case .escape: selection = nil; return .none
        case .char("["): return .command(.skip(-Self.skipSeconds))
        case .char("]"): return .command(.skip(Self.skipSeconds))
        case .char("+"), .char("="): return .command(.faster)
        case .char("-"), .char("_"): return .command(.slower)
        case .char("l"), .char("L"):
            return .command(state.loop == nil ? .loop(times: loopTimes, pauseAfter: loopPause) : .stopLoop)
        default: return .none
        }
    }

    public static let skipSeconds = 5.0

    private mutating func moveSelection(_ step: Int) {
        guard !cues.isEmpty else { return }
        let from = selection ?? current ?? (cues.lastIndex { $0.start <= heard } ?? -1)
        selection = max(0, min(cues.count - 1, from + step))
    }

    // MARK: Drawing

    private static let highlight = RGB(0x39, 0xFF, 0x14)
    private static let chosen = RGB(0x3A, 0x3A, 0x5A)
    private static let past = RGB(130, 130, 130)

    /// Home, then every row painted edge to edge. A terminal too short for all of it keeps the status line and
    /// as much of the transcript as fits (the title, the notice and the key help go first).
    public func render(columns: Int, rows: Int) -> String {
        let cols = max(1, columns), height = max(1, rows)
        func row(_ text: String, fg: RGB = .white, bg: RGB = .black, bold: Bool = false) -> String {
            bg.background + fg.foreground + (bold ? "\u{1B}[1m" : "") + TextCells.fit(text, cols) + "\u{1B}[0m"
        }
        let chrome = height >= 8
        let listRows = max(0, height - (chrome ? 5 : 1))
        var lines: [String] = []
        if chrome { lines.append(row(" " + title + (subtitle.isEmpty ? "" : "  ·  " + subtitle), fg: .black, bg: .white, bold: true)) }
        let anchor = selection ?? current ?? (cues.lastIndex { $0.start <= heard } ?? 0)
        let top = max(0, min(anchor - listRows / 3, cues.count - listRows))
        let numberWidth = String(cues.count).count
        for y in 0..<listRows {
            let i = top + y
            guard cues.indices.contains(i) else { lines.append(row("")); continue }
            let number = String(repeating: " ", count: numberWidth - String(i + 1).count) + String(i + 1)
            let isCurrent = i == current
            let marker = isCurrent ? "▶" : i == selection ? "›" : " "
            let text = " \(marker) \(number)  \(clock(cues[i].start))  \(cues[i].text.replacingOccurrences(of: "\n", with: " "))"
            if isCurrent {
                lines.append(row(text, fg: .black, bg: Self.highlight, bold: true))
            } else if i == selection {
                lines.append(row(text, fg: .white, bg: Self.chosen))
            } else {
                lines.append(row(text, fg: cues[i].end <= heard ? Self.past : .white))
            }
        }
        if chrome { lines.append(row(String(repeating: "─", count: cols), fg: Self.past)) }
        lines.append(row(status(cols)))
        if chrome {
            lines.append(row(notice ?? "", fg: .orange))
            lines.append(row("space pause · ←/→ line · [/] 5 s · ↑/↓ choose, Enter jump · +/− speed · l loop · q quit", fg: Self.past))
        }
        return "\u{1B}[?25l\u{1B}[H" + lines.joined(separator: "\r\n")
    }

    private func status(_ cols: Int) -> String {
        let icon = state.ended ? "■" : state.playing ? "▶" : "❚❚"
        let times = "\(clock(heard)) / \(clock(duration))"
        var loop = ""
        if let l = state.loop {
            loop = "  ⟳ line \(l.cue + 1): \(l.remaining) left" + (l.pauseAfter > 0 ? ", \(fixed(l.pauseAfter, 1)) s pause" : "")
        }
        let speed = "  \(fixed(state.speed, 2))×"
        let fixedPart = " \(icon) \(times)  " + speed + loop
        let barWidth = max(0, min(40, cols - TextCells.width(fixedPart) - 2))
        let filled = duration > 0 ? Int(saturating: (Double(barWidth) * min(1, heard / duration)).rounded()) : 0
        let bar = String(repeating: "━", count: filled) + String(repeating: "─", count: barWidth - filled)
        return " \(icon) \(times)  \(bar)\(speed)\(loop)"
    }
}
