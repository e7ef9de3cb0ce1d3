import Game
import Platform
import Raster
import TerminalUI

/// A whole screen as one string, from the session and the terminal's size only: home the cursor, then every row
/// painted edge to edge (24-bit colour), so a frame never depends on what was drawn before and tests can read it.
public enum FrameRenderer {
    public typealias RGB = TerminalUI.RGB

    /// One row: coloured pieces, centred or from the left edge.
    struct Row {
        var pieces: [(text: String, colour: RGB)]
        var centred = false
        init(_ text: String, _ colour: RGB = .white, centred: Bool = false) {
            pieces = [(text, colour)]
            self.centred = centred
        }
        init(pieces: [(String, RGB)], centred: Bool = false) {
            self.pieces = pieces.map { (text: $0.0, colour: $0.1) }
            self.centred = centred
        }
        static let blank = Row("")
    }

    public static func render(_ s: GameSession, columns: Int, rows: Int) -> String {
        let cols = max(1, columns), height = max(1, rows)
        var background = RGB.black
        var body: [Row]
        switch s.screen {
        case .browser: body = browser(s, cols, height)
        case .settings: body = settings(s, cols)
        case .round:
            body = round(s, cols, height)
            if let f = s.flash { background = f.outcome == .correct ? .neon : .orange }
        case .result: body = result(s, cols, height)
        }
        // A flash turns the screen green or orange; everything on it goes black for contrast.
        let flashing = background != .black
        var out = "\u{1B}[?25l\u{1B}[H"
        for y in 0..<height {
            let row = y < body.count ? body[y] : .blank
            out += background.background
            let text = row.pieces.map(\.text).joined()
            let lead = row.centred ? max(0, (cols - TextCells.width(text)) / 2) : 0
            var used = 0
            out += String(repeating: " ", count: min(lead, cols))
            used += min(lead, cols)
            for piece in row.pieces where used < cols {
                let t = TextCells.fit(piece.text, min(cols - used, TextCells.width(piece.text)))
                out += (flashing ? RGB.black : piece.colour).foreground + t
                used += TextCells.width(t)
            }
            out += String(repeating: " ", count: cols - used)
            if y < height - 1 { out += "\r\n" }
        }
        return out + "\u{1B}[0m"
    }

    // MARK: screens

    /// Header, the decks and the menu (scrolled so ▶ stays visible), then the key help, the input and the notice,
    /// wrapped at words: nothing of it leaves the screen, down to 40×12.
    static func browser(_ s: GameSession, _ cols: Int, _ height: Int) -> [Row] {
        let roomy = height >= 20
        var head: [Row] = [Row("KAPE", .red, centred: true), Row("Zgjidh një dek", .grey, centred: true)]
        if roomy { head.append(.blank) }
        var items: [[Row]] = []
        for (i, deck) in s.decks.enumerated() {
            let chosen = i == s.selected
            let name = (chosen ? "▶ " : "  ") + deck.icon + "  " + deck.title
            let lock = s.locked[i] ? "  🔒 VIP" : ""
            let details = "\(deck.difficulty) · \(deck.cards.count) karta"
            var rows: [Row]
            if TextCells.width(name + lock + "  · " + details) <= cols {
                rows = [Row(pieces: [(name, chosen ? .neon : .white), (lock, .orange), ("  · " + details, .grey)])]
            } else {
                rows = [Row(pieces: [(name, chosen ? .neon : .white), (lock, .orange)]), Row("      " + details, .grey)]
            }
            rows += wrapped(deck.description, cols, indent: 6, .grey)
            items.append(rows)
        }
        for (j, item) in GameSession.menuItems.enumerated() {
            let i = s.decks.count + j
            let row = Row((i == s.selected ? "▶ " : "  ") + item, i == s.selected ? .neon : .white)
            items.append(j == 0 && roomy ? [.blank, row] : [row])
        }
        var foot = wrapped("↑↓ zgjidh · Enter: Luaj · q: dil", cols, .grey) + wrapped(inputLine(s.input), cols, .grey)
        if let notice = s.notice { foot += wrapped(notice, cols, .orange) }
        if roomy { foot.insert(.blank, at: 0) }
        // The list keeps at least three rows: the header goes first, then the key help.
        if height - head.count - foot.count < 3 { head = [] }
        if height - foot.count < 3 && foot.count > 1 { foot.removeFirst(min(foot.count - 1, 3 - (height - foot.count))) }
        return head + scrolled(items, selected: s.selected, rows: max(1, height - head.count - foot.count)) + foot
    }

    /// The rows of `items` that fit in `rows`, the selected item whole (as much of it as fits) and ▲/▼ where more
    /// is above or below.
    static func scrolled(_ items: [[Row]], selected: Int, rows: Int) -> [Row] {
        let all = items.flatMap { $0 }
        guard all.count > rows else { return all + Array(repeating: .blank, count: rows - all.count) }
        let start = items.prefix(selected).reduce(0) { $0 + $1.count }
        let end = start + (items.indices.contains(selected) ? items[selected].count : 0)
        let marks = rows >= 5 ? 1 : 0  // a row each for ▲ and ▼ when there is room for them
        let visible = rows - 2 * marks
        // The top row is the start of an item when that still shows the selected one whole.
        var starts: [Int] = [], offset = 0
        for item in items { starts.append(offset); offset += item.count }
        var top = starts.first { $0 <= start && $0 + visible >= end && $0 + visible >= min(all.count, start + visible) } ?? start
        top = max(0, min(top, all.count - visible))
        var out: [Row] = []
        if marks == 1 { out.append(top > 0 ? Row("▲", .grey, centred: true) : .blank) }
        out += all[top..<min(all.count, top + visible)]
        if marks == 1 { out.append(top + visible < all.count ? Row("▼", .grey, centred: true) : .blank) }
        return out
    }

    static func wrapped(_ text: String, _ cols: Int, indent: Int = 0, centred: Bool = false, _ colour: RGB) -> [Row] {
        let pad = String(repeating: " ", count: indent)
        return TextCells.wrap(text, max(1, cols - indent)).map { Row(pad + $0, colour, centred: centred) }
    }

    static func settings(_ s: GameSession, _ cols: Int) -> [Row] {
        func onOff(_ b: Bool) -> String { b ? "Po" : "Jo" }
        let items = ["Zëri: " + onOff(s.settings.sound), "Dridhja: " + onOff(s.settings.rumble), "Mbrapa"]
        var rows: [Row] = [Row("Cilësimet", .red, centred: true), .blank]
        for (i, item) in items.enumerated() {
            rows.append(Row((i == s.settingsSelected ? "▶ " : "  ") + item, i == s.settingsSelected ? .neon : .white))
        }
        rows.append(.blank)
        rows += wrapped("↑↓ zgjidh · Enter/←→ ndrysho · Esc: Mbrapa", cols, .grey)
        return rows
    }

    static func round(_ s: GameSession, _ cols: Int, _ height: Int) -> [Row] {
        guard let r = s.round else { return [] }
        let left = Int(saturating: r.remaining.rounded(.up))
        let warning = r.state == .playing && r.remaining <= RoundMachine.warningAt
        let clock = "⏱ \(left / 60):\(left % 60 < 10 ? "0" : "")\(left % 60)"
        let status = Row(pieces: [((s.deck?.title ?? "") + "   ", .grey), (clock, warning ? .red : .white),
                                  ("   Pikë: \(r.result.score)", .neon)], centred: true)
        var rows = [status, warning ? Row("⚠ 10 SEKONDA!", .red, centred: true) : .blank]
        let footer = wrapped(hints(s), cols, centred: true, .grey)
        let space = max(0, height - rows.count - footer.count - 1)
        var middle: [Row] = []
        var caption: [Row] = []
        switch r.state {
        case .buffer:
            caption = wrapped("Vendose në ballë", cols, centred: true, .neon)
        case .paused:
            caption = s.confirmingLeave ? wrapped(leaveQuestion, cols, centred: true, .orange)
                                        : wrapped(pauseText(s.pauseReason), cols, centred: true, .white)
        case .playing, .menu, .finished: break
        }
        let captionSpace = caption.isEmpty ? 0 : caption.count + 1
        switch r.state {
        case .buffer: middle = big(String(s.countdown ?? 3), cols, space - captionSpace, .white)
        case .paused: middle = big("PAUZË", cols, space - captionSpace, .orange)
        case .playing, .menu, .finished: middle = big(r.current ?? "", cols, space, .white)
        }
        if !caption.isEmpty { middle += (space > captionSpace ? [.blank] : []) + caption }
        let top = max(0, (space - middle.count) / 2)
        rows += Array(repeating: .blank, count: top) + middle
        rows += Array(repeating: .blank, count: max(0, height - rows.count - footer.count))
        return rows + footer
    }

    static func result(_ s: GameSession, _ cols: Int, _ height: Int) -> [Row] {
        guard let r = s.round?.result else { return [] }
        var rows = [Row("Rezultati · " + (s.deck?.title ?? ""), .red, centred: true)]
        rows += big("\(r.score)", cols, min(9, max(0, height - 12)), .neon)
        rows.append(Row(pieces: [("Pikë \(r.score)", .white), ("  ·  Saktësia \(Int(saturating: (r.accuracy * 100).rounded()))%", .white),
                                 ("  ·  ", .grey), (r.rank, .neon)], centred: true))
        rows.append(.blank)
        // Every card's outcome, in as many columns as the width allows.
        let cells = r.answers.map { ($0.outcome == .correct ? "✓ " : "→ ") + $0.card }
        let cellWidth = min(cols, (cells.map(TextCells.width).max() ?? 0) + 3)
        let perRow = max(1, cols / max(1, cellWidth))
        let available = max(1, height - rows.count - 3)
        var i = 0
        while i < r.answers.count && rows.count - 5 < available {
            var pieces: [(String, RGB)] = []
            for k in i..<min(i + perRow, r.answers.count) {
                pieces.append((TextCells.fit(cells[k], cellWidth), r.answers[k].outcome == .correct ? .neon : .orange))
            }
            rows.append(Row(pieces: pieces))
            i += perRow
        }
        if r.answers.isEmpty { rows.append(Row("Asnjë kartë e luajtur", .grey, centred: true)) }
        rows.append(.blank)
        let play = s.resultSelected == 0 ? "[ Luaj ]" : "  Luaj  "
        let back = s.resultSelected == 1 ? "[ Mbrapa ]" : "  Mbrapa  "
        rows.append(Row(pieces: [(play, s.resultSelected == 0 ? .neon : .white), ("     ", .white),
                                 (back, s.resultSelected == 1 ? .neon : .white)], centred: true))
        return rows
    }

    // MARK: pieces

    /// Block letters centred in the space, or the plain text when the space is too small for them.
    static func big(_ text: String, _ cols: Int, _ space: Int, _ colour: RGB) -> [Row] {
        guard let lines = BigText.render(text, width: cols - 2, height: space) else {
            return wrapped(text.uppercased(), cols, centred: true, colour)
        }
        let w = lines.map { TextCells.width($0) }.max() ?? 0
        return lines.map { Row(TextCells.fit($0, w), colour, centred: true) }
    }

    static func inputLine(_ input: InputSource) -> String {
        switch input {
        case .motion(let name): return "Lëvizja: \(name) — anoje poshtë: e saktë, lart: kalo"
        case .keyboard: return "Pa pajisje lëvizjeje: tastiera — ↓ e saktë · ↑ kalo · hapësirë pauzë · q dil"
        }
    }

    static func hints(_ s: GameSession) -> String {
        switch s.input {
        case .keyboard: return "↓ e saktë · ↑ kalo · hapësirë pauzë · q dil"
        case .motion: return "poshtë: e saktë · lart: kalo · hapësirë pauzë · q dil"
        }
    }

    public static let leaveQuestion = "Ta lësh raundin? p: po, te dekët · j: jo, vazhdo"

    public static func pauseText(_ reason: RoundMachine.PauseReason?) -> String {
        switch reason {
        case .deviceLost: return "Pajisja u shkëput — lidhe përsëri për të vazhduar"
        case .suspended: return "E pezulluar — hapësirë për të vazhduar"
        default: return "Hapësirë për të vazhduar · q dil"
        }
    }
}
