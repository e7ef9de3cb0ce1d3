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
        /// `back`: a background of the piece's own (a picture's cells), else the screen's.
        var pieces: [(text: String, colour: RGB, back: RGB?)]
        var centred = false
        init(_ text: String, _ colour: RGB = .white, centred: Bool = false) {
            pieces = [(text, colour, nil)]
            self.centred = centred
        }
        init(pieces: [(String, RGB)], centred: Bool = false) {
            self.pieces = pieces.map { (text: $0.0, colour: $0.1, back: nil) }
            self.centred = centred
        }
        init(cells: [(String, RGB, RGB)], centred: Bool = false) {
            pieces = cells.map { (text: $0.0, colour: $0.1, back: $0.2) }
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
        case .vip: body = vip(s, cols)
        case .history: body = history(s, cols, height)
        case .share: body = share(s, cols, height)
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
                out += (flashing ? RGB.black : piece.colour).foreground
                out += piece.back.map { $0.background + t + background.background } ?? t
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

    /// The last rounds, newest first, as many as fit: when, deck, who played (party mode), score and answers.
    static func history(_ s: GameSession, _ cols: Int, _ height: Int) -> [Row] {
        var rows: [Row] = [Row("Historiku", .red, centred: true), .blank]
        let titles = Dictionary(s.decks.map { ($0.id, $0.title) }) { a, _ in a }
        let room = max(1, height - rows.count - 2)
        for e in s.history.reversed().prefix(room) {
            let when = e.finished.isEmpty ? "tani" : String(e.finished.prefix(16)).replacingOccurrences(of: "T", with: " ")
            let who = e.player.map { " · " + $0 } ?? ""
            rows.append(Row(pieces: [(when + "  ", .grey), ((titles[e.deck] ?? e.deck) + who, .white),
                                     ("  \(e.score) pikë  ✓\(e.correct) →\(e.passed)", .neon)]))
        }
        if s.history.isEmpty { rows.append(Row("Asnjë raund ende", .grey, centred: true)) }
        rows.append(.blank)
        return rows + wrapped("Çdo tast: mbrapa", cols, .grey)
    }

    /// A locked deck: where its unlock code goes, the code as typed (wrapped, so a pasted one shows whole), and why
    /// the last one did not open it.
    static func vip(_ s: GameSession, _ cols: Int) -> [Row] {
        guard s.decks.indices.contains(s.vipDeck) else { return [] }
        let deck = s.decks[s.vipDeck]
        var rows: [Row] = [Row("🔒 " + deck.title + " · VIP", .red, centred: true), .blank]
        rows += wrapped("Shkruaj ose ngjit kodin e hapjes që more me dekun:", cols, .white)
        rows.append(.blank)
        rows += wrapped("› " + s.codeInput + "▏", cols, .neon)
        rows.append(.blank)
        if let problem = s.codeProblem { rows += wrapped("✗ " + problem, cols, .orange) }
        rows += wrapped("Enter: hap · Backspace: fshi · Esc: mbrapa", cols, .grey)
        return rows
    }

    static func settings(_ s: GameSession, _ cols: Int) -> [Row] {
        func onOff(_ b: Bool) -> String { b ? "Po" : "Jo" }
        let items = ["Zëri: " + onOff(s.settings.sound), "Dridhja: " + onOff(s.settings.rumble),
                     "Koha e raundit: \(s.roundSeconds) s", "Mbrapa"]
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
        let turn: [(String, RGB)] = s.party.map { [("Radha: " + $0.current + "   ", .neon)] } ?? []
        let status = Row(pieces: turn + [((s.deck?.title ?? "") + "   ", .grey), (clock, warning ? .red : .white),
                                         ("   Pikë: \(r.result.score)", .neon)], centred: true)
        // The warning counts the last seconds down; otherwise the round's own news (the deck ran out).
        let second = warning ? Row("⚠ \(left) \(left == 1 ? "SEKONDË" : "SEKONDA")!", .red, centred: true)
            : s.roundNote.map { Row($0, .orange, centred: true) } ?? .blank
        var rows = [status, second]
        let footer = wrapped(hints(s), cols, centred: true, .grey)
        let space = max(0, height - rows.count - footer.count - 1)
        var middle: [Row] = []
        var caption: [Row] = []
        switch r.state {
        case .buffer:
            caption = (s.party.map { wrapped("Radha: " + $0.current, cols, centred: true, .white) } ?? [])
                + wrapped(getReady(s.input), cols, centred: true, .neon)
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

    /// The score, then every card's outcome in as many columns as the width allows, the block centred; a list
    /// longer than the screen scrolls (↑/↓, PageUp/PageDown) between ▲ and ▼ rows that say how many are hidden.
    static func result(_ s: GameSession, _ cols: Int, _ height: Int) -> [Row] {
        guard let r = s.round?.result else { return [] }
        var rows = [Row("Rezultati · " + (s.deck?.title ?? "") + (s.lastPlayer.map { " · " + $0 } ?? ""), .red, centred: true)]
        rows += big("\(r.score)", cols, min(9, max(0, height - 16 - (s.party == nil ? 0 : 2))), .neon)
        rows.append(Row(pieces: [("Pikë \(r.score)", .white), ("  ·  Saktësia \(Int(saturating: (r.accuracy * 100).rounded()))%", .white),
                                 ("  ·  ", .grey), (r.rank, .neon)], centred: true))
        if let p = s.party { rows += scoreboard(p, cols) }
        if let note = s.roundNote { rows.append(Row(note, .orange, centred: true)) }
        rows.append(.blank)
        let cells = r.answers.map { ($0.outcome == .correct ? "✓ " : "→ ") + $0.card }
        let cellWidth = min(cols, (cells.map(TextCells.width).max() ?? 0) + 3)
        // At most four columns: on a wide terminal the block stays together in the middle, readable across a room.
        let perRow = max(1, min(Self.resultColumns, cols / max(1, cellWidth)))
        var lines: [Row] = []
        for i in stride(from: 0, to: cells.count, by: perRow) {
            let pieces = (i..<min(i + perRow, cells.count)).map { k in
                (TextCells.fit(cells[k], cellWidth), r.answers[k].outcome == .correct ? RGB.neon : RGB.orange)
            }
            // Every row padded to the block's width, so the centred block keeps its columns lined up.
            let used = pieces.count * cellWidth
            lines.append(Row(pieces: pieces + [(String(repeating: " ", count: max(0, min(perRow * cellWidth, cols) - used)), .white)],
                             centred: true))
        }
        var foot: [Row] = [.blank] + (s.notice.map { wrapped($0, cols, centred: true, .orange) } ?? [])
        let buttons = GameSession.resultButtons.enumerated().map { k, label in
            (s.resultSelected == k ? "[ \(label) ]" : "  \(label)  ", s.resultSelected == k ? RGB.neon : .white)
        }
        // Side by side when they fit, else one under the other.
        if TextCells.width(buttons.map(\.0).joined(separator: "   ")) <= cols {
            foot.append(Row(pieces: Array(buttons.map { [$0, ("   ", .white)] }.joined().dropLast()), centred: true))
        } else {
            foot += buttons.map { Row($0.0, $0.1, centred: true) }
        }
        foot += wrapped("←→ zgjidh · ↑↓ kartat · s: ruaj kartën e rezultatit", cols, centred: true, .grey)
        let room = max(1, height - rows.count - foot.count)
        if r.answers.isEmpty {
            rows.append(Row("Asnjë kartë e luajtur", .grey, centred: true))
        } else if lines.count <= room {
            rows += lines
        } else {
            // Scrolled: a row each for ▲ and ▼ (the count hidden above and below).
            let visible = max(1, room - 2)
            let top = min(s.resultScroll, lines.count - visible)
            let above = top * perRow, below = max(0, cells.count - (top + visible) * perRow)
            rows.append(above > 0 ? Row("▲ \(above) më lart", .grey, centred: true) : .blank)
            rows += lines[top..<(top + visible)]
            rows.append(below > 0 ? Row("▼ \(below) më poshtë", .grey, centred: true) : .blank)
        }
        return rows + Array(repeating: .blank, count: max(0, height - rows.count - foot.count)) + foot
    }

    static let resultColumns = 4

    /// The results card as it was written, in half-block cells (two pixels a cell, so square), with where it went.
    static func share(_ s: GameSession, _ cols: Int, _ height: Int) -> [Row] {
        var rows = [Row("Karta e rezultatit", .red, centred: true)]
        let foot = (s.notice.map { wrapped($0, cols, centred: true, .white) } ?? []) + wrapped("Çdo tast: mbrapa", cols, centred: true, .grey)
        let space = height - rows.count - foot.count - 1
        if let card = s.shareCard, space >= 3 { rows += picture(card, columns: cols, rows: space) }
        return rows + Array(repeating: .blank, count: max(0, height - rows.count - foot.count)) + foot
    }

    /// `canvas` shrunk into at most `columns` × `rows` cells, aspect kept: each cell an upper half block, the
    /// upper pixel its colour and the lower its background; each pixel the mean of a few samples of its area.
    static func picture(_ canvas: Canvas, columns: Int, rows: Int) -> [Row] {
        var ph = 2 * rows, pw = ph * canvas.width / max(1, canvas.height)
        if pw > columns { pw = columns; ph = min(2 * rows, pw * canvas.height / max(1, canvas.width)) }
        guard pw > 0, ph > 1 else { return [] }
        func pixel(_ x: Int, _ y: Int) -> RGB {
            var sum = (r: 0, g: 0, b: 0), n = 0
            for sy in 0..<3 { for sx in 0..<3 {
                let cx = min(canvas.width - 1, (x * 3 + sx) * canvas.width / (pw * 3) + canvas.width / (pw * 6))
                let cy = min(canvas.height - 1, (y * 3 + sy) * canvas.height / (ph * 3) + canvas.height / (ph * 6))
                let c = canvas.pixel(x: cx, y: cy)
                sum.r += Int(c.r); sum.g += Int(c.g); sum.b += Int(c.b); n += 1
            } }
            return RGB(UInt8(sum.r / n), UInt8(sum.g / n), UInt8(sum.b / n))
        }
        return stride(from: 0, to: ph - 1, by: 2).map { y in
            Row(cells: (0..<pw).map { x in ("▀", pixel(x, y), pixel(x, y + 1)) }, centred: true)
        }
    }

    /// Party mode: every player's points, most first, then whose turn is next or who won.
    static func scoreboard(_ p: Party, _ cols: Int) -> [Row] {
        let (table, verdict) = scoreboardText(p)
        return wrapped(table, cols, centred: true, .white) + wrapped(verdict, cols, centred: true, p.isOver ? .neon : .orange)
    }

    /// The scoreboard's two lines (the screen's and the plain lines' words; the window's verdict).
    public static func scoreboardText(_ p: Party) -> (table: String, verdict: String) {
        let leaders = p.leaders
        let verdict = !p.isOver ? "Radha tjetër: \(p.current) (raundi \(p.roundsPlayed + 1) nga \(p.names.count * p.turnsEach))"
            : leaders.count == 1 ? "🏆 Fitues: \(leaders[0])" : "🏆 Barazim: " + leaders.joined(separator: ", ")
        return (p.standings.map { "\($0.name) \($0.score)" }.joined(separator: "  ·  "), verdict)
    }

    /// The same for a pipe.
    static func scoreboardLines(_ p: Party) -> [String] {
        let (table, verdict) = scoreboardText(p)
        return ["Pikët: " + table, verdict]
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

    /// The countdown's line: the forehead for a motion device; with keys there is nothing to put anywhere.
    public static func getReady(_ input: InputSource) -> String {
        switch input {
        case .motion: return "Vendose në ballë"
        case .keyboard: return "Bëhu gati: ↓ e saktë · ↑ kalo"
        }
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
