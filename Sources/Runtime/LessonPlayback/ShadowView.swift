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
        /// Word mode: show the entry of the chosen word (the loop pauses playback), say it, save it, close it.
        case lookUp(String)
        case say(String, slow: Bool)
        case save(String, sentence: String, cue: Int)
        case closePanel
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
    /// Choosing a word of a line (`w`), and its dictionary panel.
    public var wordMode: WordMode?

    public init(title: String, subtitle: String, cues: [Cue], duration: Double, loopTimes: Int, loopPause: Double) {
        self.title = title
        self.subtitle = subtitle
        self.cues = cues
        self.duration = duration
        self.loopTimes = loopTimes
        self.loopPause = loopPause
    }

    public mutating func key(_ key: Key) -> Intent {
        if wordMode != nil { return wordKey(key) }
        switch key {
        case .char("w"), .char("W"):
            let cue = selection ?? current ?? cues.lastIndex { $0.start <= heard }
            guard let cue, cues.indices.contains(cue) else { return .none }
            wordMode = WordMode(cue: cue, text: cues[cue].text.replacingOccurrences(of: "\n", with: " "))
            selection = nil
            return .none
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

    /// Word mode: ←/→ choose, Enter looks up, h hears (H slowly), s saves, Esc goes back a step; the panel's
    /// ←/→ look up the next word at once.
    private mutating func wordKey(_ key: Key) -> Intent {
        guard var mode = wordMode else { return .none }
        var leave = false
        defer { wordMode = leave ? nil : mode }
        switch key {
        case .char("q"), .char("Q"): return .quit
        case .left, .right:
            mode.move(key == .left ? -1 : 1)
            return mode.panel == nil ? .none : .lookUp(mode.word)
        case .enter: return .lookUp(mode.word)
        case .char("h"): return .say(mode.panel?.word ?? mode.word, slow: false)
        case .char("H"): return .say(mode.panel?.word ?? mode.word, slow: true)
        case .char("s"), .char("S"): return .save(mode.word, sentence: mode.sentence, cue: mode.cue)
        case .escape:
            if mode.panel != nil {
                mode.panel = nil
                return .closePanel
            }
            leave = true
            return .none
        default: return .none
        }
    }

    private mutating func moveSelection(_ step: Int) {
        guard !cues.isEmpty else { return }
        let from = selection ?? current ?? (cues.lastIndex { $0.start <= heard } ?? -1)
        selection = max(0, min(cues.count - 1, from + step))
    }

    // MARK: Drawing

    private static let highlight = RGB(0x39, 0xFF, 0x14)
    private static let chosen = RGB(0x3A, 0x3A, 0x5A)
    private static let past = RGB(130, 130, 130)

    static let keyHelp = "space pause · ←/→ line · [/] 5 s · ↑/↓ choose, Enter jump · +/− speed · l loop · w words · q quit"
    static let shortKeyHelp = "space pause · ←→ line · [ ] 5 s · ↑↓ Enter jump · +− speed · l loop · w words · q quit"
    static let wordHelp = "←/→ word · Enter look up · h hear (H slowly) · s save · Esc back"
    static let panelHelp = "h hear · H slowly · s save · ←/→ next word · Esc back"

    /// Home, then every row painted edge to edge. Lines, the notice and the key help wrap at words (a long path
    /// loses its middle); a short terminal keeps the status line, the notice and as much of the transcript as fits
    /// (the title and the rule go first, then the key help), down to 40×12.
    public func render(columns: Int, rows: Int) -> String {
        let cols = max(1, columns), height = max(1, rows)
        func row(_ text: String, fg: RGB = .white, bg: RGB = .black, bold: Bool = false) -> String {
            bg.background + fg.foreground + (bold ? "\u{1B}[1m" : "") + TextCells.fit(text, cols) + "\u{1B}[0m"
        }
        var head: [String] = [row(" " + title + (subtitle.isEmpty ? "" : "  ·  " + subtitle), fg: .black, bg: .white, bold: true),
                              row(String(repeating: "─", count: cols), fg: Self.past)]
        var foot = status(cols).map { row($0) }
        if let mode = wordMode, mode.panel == nil {
            foot.insert(row(" words: " + mode.marked, fg: .black, bg: Self.highlight, bold: true), at: 0)
        }
        if let notice { foot += TextCells.wrap(notice, cols).prefix(4).map { row($0, fg: .orange) } }
        let helpText = wordMode == nil ? (cols < 90 ? Self.shortKeyHelp : Self.keyHelp) : Self.wordHelp
        var help = TextCells.wrap(helpText, cols).map { row($0, fg: Self.past) }
        // The transcript keeps at least three rows where the screen has them.
        let minimum = min(3, max(0, height - foot.count))
        if height - head.count - foot.count - help.count < minimum { head.removeFirst() }
        if height - head.count - foot.count - help.count < minimum { head.removeAll() }
        if height - head.count - foot.count - help.count < minimum { help = Array(help.prefix(max(0, height - foot.count - minimum))) }
        let listRows = max(0, height - head.count - foot.count - help.count)
        var lines = head.isEmpty ? [] : [head[0]]
        lines += transcript(cols: cols, rows: listRows, row: row)
        if head.count == 2 { lines.append(head[1]) }
        lines += Array((foot + help).prefix(height - lines.count))
        if let panel = wordMode?.panel { lines = overlay(panel, on: lines, cols: cols, height: height) }
        return "\u{1B}[?25l\u{1B}[H" + lines.joined(separator: "\r\n")
    }

    /// The entry in a box over the transcript rows, leaving the status row below it: whole rows, so it fits any
    /// screen down to 40×12 (60×15 shows the headword, the grammar and two senses).
    private func overlay(_ panel: WordPanel, on lines: [String], cols: Int, height: Int) -> [String] {
        let width = max(4, min(cols, 72))
        let margin = String(repeating: " ", count: (cols - width) / 2)
        let inner = width - 4
        func boxRow(_ text: String, fg: RGB = .white, bold: Bool = false) -> String {
            RGB.black.background + fg.foreground + (bold ? "\u{1B}[1m" : "")
                + TextCells.fit(margin + "│ " + TextCells.fit(text, inner) + " │", cols) + "\u{1B}[0m"
        }
        func edge(_ left: String, _ label: String, _ right: String) -> String {
            let text = TextCells.fit(label, max(0, width - 4))
            let fill = String(repeating: "─", count: max(0, width - 3 - TextCells.width(text)))
            return RGB.black.background + Self.highlight.foreground + TextCells.fit(margin + left + "─" + text + fill + right, cols) + "\u{1B}[0m"
        }
        // Rows it may take: all but the status row (and the rows below it), at least 3.
        let statusRow = lines.firstIndex { $0.contains(" / ") && ($0.contains("▶") || $0.contains("❚❚") || $0.contains("■")) } ?? (height - 1)
        let available = max(3, min(height, statusRow))
        var body = panel.lines.flatMap { TextCells.wrap($0, inner) }
        if let m = panel.message { body = TextCells.wrap(m, inner) + body }
        let bodyRows = available - 2
        if body.count > bodyRows { body = Array(body.prefix(max(0, bodyRows - 1))) + [bodyRows > 0 ? "…" : ""] }
        var box = [edge("┌", " " + panel.title + " ", "┐")]
        box += body.prefix(bodyRows).enumerated().map { i, text in
            boxRow(text, fg: i == 0 && panel.message != nil ? .orange : .white, bold: i == 0 && panel.message == nil && panel.found)
        }
        box.append(edge("└", " " + Self.panelHelp + " ", "┘"))
        var out = lines
        let top = max(0, min(1, available - box.count))
        for (i, r) in box.enumerated() where top + i < out.count { out[top + i] = r }
        return out
    }

    /// The cues as wrapped rows (number and time on the first), scrolled so the anchor line sits in the upper third.
    private func transcript(cols: Int, rows listRows: Int, row: (String, RGB, RGB, Bool) -> String) -> [String] {
        guard listRows > 0 else { return [] }
        let anchor = selection ?? current ?? (cues.lastIndex { $0.start <= heard } ?? 0)
        let numberWidth = String(cues.count).count
        let indent = 3 + numberWidth + 2 + 4 + 2
        // Wrap only the cues that can be on screen: from listRows above the anchor.
        let first = max(0, anchor - listRows)
        var wrapped: [(cue: Int, text: String)] = []
        var anchorRow = 0
        for i in first..<cues.count {
            if i == anchor { anchorRow = wrapped.count }
            if wrapped.count > anchorRow + listRows && i > anchor { break }
            let number = String(repeating: " ", count: numberWidth - String(i + 1).count) + String(i + 1)
            let marker = i == current ? "▶" : i == selection ? "›" : " "
            let parts = Self.visibleRows(of: cues[i].text, width: max(8, cols - indent), rows: listRows)
            for (k, part) in parts.enumerated() {
                let lead = k == 0 ? " \(marker) \(number)  \(clock(cues[i].start))  " : String(repeating: " ", count: indent)
                wrapped.append((i, lead + part))
            }
        }
        var top = max(0, min(anchorRow - listRows / 3, wrapped.count - listRows))
        // Start at the first row of a line, when the anchor line still fits below it.
        let anchorEnd = (wrapped.lastIndex { $0.cue == anchor } ?? anchorRow) + 1
        while top > 0 && wrapped[top - 1].cue == wrapped[top].cue && anchorEnd <= top - 1 + listRows { top -= 1 }
        while top < anchorRow && top > 0 && wrapped[top - 1].cue == wrapped[top].cue { top += 1 }
        var out: [String] = []
        for y in 0..<listRows {
            guard wrapped.indices.contains(top + y) else { out.append(row("", .white, .black, false)); continue }
            let (i, text) = wrapped[top + y]
            if i == current {
                out.append(row(text, .black, Self.highlight, true))
            } else if i == selection {
                out.append(row(text, .white, Self.chosen, false))
            } else {
                out.append(row(text, cues[i].end <= heard ? Self.past : .white, .black, false))
            }
        }
        return out
    }

    /// A cue's text wrapped into at most `rows` rows. A cue may be megabytes (within the transcript's 16 MiB):
    /// wrapping all of it for every frame froze the screen, so only what a screen of `rows` rows can show is
    /// looked at (two cells' worth of scalars per cell, so zero-width marks still fill the rows).
    static func visibleRows(of text: String, width: Int, rows: Int) -> [String] {
        let budget = (rows + 1) * width * 2
        var scalars = String.UnicodeScalarView()
        var cut = false, taken = 0
        for u in text.unicodeScalars {
            if taken == budget { cut = true; break }
            scalars.append(u == "\n" ? " " : u)
            taken += 1
        }
        let shown = String(scalars) + (cut ? " …" : "")
        return Array(TextCells.wrap(shown, width).prefix(max(1, rows)))
    }

    /// The status line: state, time, progress bar, speed and the loop; the loop gets a row of its own when the
    /// line is too narrow for it.
    private func status(_ cols: Int) -> [String] {
        let icon = state.ended ? "■" : state.playing ? "▶" : "❚❚"
        let times = "\(clock(heard)) / \(clock(duration))"
        var loop = ""
        if let l = state.loop {
            loop = "  ⟳ line \(l.cue + 1): \(l.remaining) left" + (l.pauseAfter > 0 ? ", \(fixed(l.pauseAfter, 1)) s pause" : "")
        }
        let speed = "  \(fixed(state.speed, 2))×"
        let ownRow = TextCells.width(" \(icon) \(times)  " + speed + loop) + 6 > cols && !loop.isEmpty
        let fixedPart = " \(icon) \(times)  " + speed + (ownRow ? "" : loop)
        let barWidth = max(0, min(40, cols - TextCells.width(fixedPart) - 2))
        let filled = duration > 0 ? Int(saturating: (Double(barWidth) * min(1, heard / duration)).rounded()) : 0
        let bar = String(repeating: "━", count: filled) + String(repeating: "─", count: barWidth - filled)
        let main = " \(icon) \(times)  \(bar)\(speed)"
        return ownRow ? [main, loop] : [main + loop]
    }
}
