import Game
import GameScreens
import TerminalUI

/// Every screen of the game for a window of any size, as `Scene`s: the same session the terminal draws, laid out
/// in pixels. Sizes follow the shorter side, so portrait, landscape, 320×240 and 4K all get the same proportions;
/// every text is fitted into its box (`TextFit`), so nothing leaves the screen.
public enum WindowLayout {
    public typealias RGB = TerminalUI.RGB
    static let panel = RGB(0x22, 0x22, 0x28)
    static let dim = RGB(0x80, 0x80, 0x88)

    public static func scene(_ s: GameSession, width: Int, height: Int, measure: TextMeasure) -> Scene {
        let w = max(1, width), h = max(1, height)
        switch s.screen {
        case .browser: return browser(s, w, h, measure)
        case .settings: return settings(s, w, h, measure)
        case .round: return round(s, w, h, measure)
        case .result: return results(s, w, h, measure)
        case .vip: return vip(s, w, h, measure)
        case .history: return history(s, w, h, measure)
        case .share: return share(s, w, h, measure)
        }
    }

    /// The name of the scene `s` shows, without laying it out (`--frames` and the loop's "changed?" test).
    public static func name(_ s: GameSession) -> SceneName {
        switch s.screen {
        case .browser: return .browser
        case .vip: return .vip
        case .history: return .history
        case .settings: return .settings
        case .result: return .results
        case .share: return .share
        case .round:
            guard let r = s.round else { return .card }
            if let f = s.flash { return f.outcome == .correct ? .correct : .pass }
            switch r.state {
            case .buffer, .menu: return .countdown
            case .paused: return .paused
            case .finished: return .results
            case .playing: return r.remaining <= RoundMachine.warningAt ? .warning : .card
            }
        }
    }

    static func margin(_ w: Int, _ h: Int) -> Int { max(2, min(w, h) / 40) }

    static func text(_ scene: inout Scene, _ t: String, _ box: Box, _ colour: RGB, _ m: TextMeasure, max: Int? = nil,
                     centred: Bool = true) {
        scene.shapes += TextFit.shapes(t, in: box, maxPoints: max ?? box.h, colour: colour, measure: m, centred: centred)
    }

    /// The largest size at which every (text, box) fits: buttons of a row in one size.
    static func uniform(_ items: [(String, Box)], _ m: TextMeasure) -> Int {
        items.map { TextFit.fit($0.0, in: $0.1, maxPoints: $0.1.h, measure: m).points }.min() ?? TextFit.minPoints
    }

    /// A button or tile: a border (neon when chosen) around a panel.
    static func tile(_ scene: inout Scene, _ box: Box, chosen: Bool) {
        let border = max(1, min(box.w, box.h) / 25)
        scene.shapes.append(.fill(box, chosen ? .neon : dim))
        scene.shapes.append(.fill(box.inset(border), panel))
    }

    // MARK: browser

    static func browser(_ s: GameSession, _ w: Int, _ h: Int, _ m: TextMeasure) -> Scene {
        var scene = Scene(name: .browser, width: w, height: h, background: .black)
        let full = Box(x: 0, y: 0, w: w, h: h).inset(margin(w, h))
        text(&scene, "KAPE", full.rows(0, 0.09), .red, m)
        text(&scene, "Zgjidh një dek", full.rows(0.09, 0.14), .grey, m)

        // Tiles: a grid that keeps them wider than tall, paged so the chosen one is on screen.
        let area = full.rows(0.15, 0.74)
        let n = s.decks.count
        let columns = max(1, min(n, w >= h ? (w >= 2 * h ? 4 : 3) : (n > 4 ? 2 : 1)))
        let gap = margin(w, h)
        let minTile = max(24, h / 8)
        let rowsFit = max(1, (area.h + gap) / (minTile + gap))
        let rowsNeeded = (n + columns - 1) / columns
        let rows = min(rowsNeeded, rowsFit)
        let tileW = (area.w - gap * (columns - 1)) / columns
        let tileH = min((area.h - gap * (rows - 1)) / max(1, rows), tileW)
        let chosenRow = s.selected < n ? s.selected / columns : 0
        let firstRow = (chosenRow / rows) * rows
        let visible = (0..<n).filter { $0 / columns >= firstRow && $0 / columns < firstRow + rows }
        func box(_ i: Int) -> Box {
            Box(x: area.x + (i % columns) * (tileW + gap), y: area.y + (i / columns - firstRow) * (tileH + gap), w: tileW, h: tileH)
        }
        // One size for every tile's title and one for the details, the largest all of them fit: tiles look alike.
        var sizes = (title: Int.max, details: Int.max)
        for i in visible {
            let parts = tileParts(s, i, box(i), m)
            sizes.title = min(sizes.title, TextFit.fit(parts.title, in: parts.titleBox, maxPoints: parts.titleBox.h, measure: m).points)
            sizes.details = min(sizes.details, TextFit.fit(parts.details, in: parts.detailsBox, maxPoints: parts.detailsBox.h, measure: m).points)
        }
        for i in visible {
            deckTile(&scene, s, i, box(i), m, sizes: sizes)
            scene.targets.append((box(i), .entry(i)))
        }
        if rowsNeeded > rows {
            scene.scrollStep = rows * columns
            text(&scene, "\(firstRow / rows + 1)/\((rowsNeeded + rows - 1) / rows)", full.rows(0.74, 0.77), .grey, m)
        }

        // The menu: three buttons in a row.
        let menu = full.rows(0.78, 0.87)
        let items = GameSession.menuItems
        let menuBoxes = menu.split(across: items.count, gap: gap)
        let menuPoints = uniform(zip(items, menuBoxes.map { $0.inset(max(2, $0.h / 5)) }).map { ($0, $1) }, m)
        for (j, item) in items.enumerated() {
            let box = menuBoxes[j]
            let chosen = s.selected == n + j
            tile(&scene, box, chosen: chosen)
            text(&scene, item, box.inset(max(2, box.h / 5)), chosen ? .neon : .white, m, max: menuPoints)
            scene.targets.append((box, .entry(n + j)))
        }
        let help = inputLine(s.input)
        text(&scene, help, full.rows(0.89, 1), .grey, m, max: h / 30)
        if let notice = s.notice {
            scene.shapes.append(.fill(full.rows(0.89, 1), .black))
            text(&scene, renderable(notice, m), full.rows(0.89, 1), .orange, m, max: h / 30)
        }
        return scene
    }

    static func tileParts(_ s: GameSession, _ i: Int, _ box: Box, _ m: TextMeasure)
        -> (title: String, titleBox: Box, details: String, detailsBox: Box, inner: Box) {
        let deck = s.decks[i]
        let inner = box.inset(max(2, min(box.w, box.h) / 12))
        let title = renderable(m.renders(deck.icon) ? deck.icon + " " + deck.title : deck.title, m)
        let difficulty = renderable(deck.difficulty, m)
        let details = "\(deck.cards.count) karta" + (difficulty.isEmpty ? "" : " · " + difficulty)
        return (title, s.locked[i] ? inner.rows(0.22, 0.6) : inner.rows(0, 0.55), details, inner.rows(0.62, 0.85), inner)
    }

    static func deckTile(_ scene: inout Scene, _ s: GameSession, _ i: Int, _ box: Box, _ m: TextMeasure,
                         sizes: (title: Int, details: Int)) {
        let chosen = i == s.selected
        tile(&scene, box, chosen: chosen)
        let parts = tileParts(s, i, box, m)
        let inner = parts.inner
        text(&scene, parts.title, parts.titleBox, chosen ? .neon : .white, m, max: sizes.title)
        text(&scene, parts.details, parts.detailsBox, .grey, m, max: sizes.details)
        if s.locked[i] {
            // The lock and "VIP" in the top row, orange: a locked deck is seen before it is chosen.
            let row = inner.rows(0, 0.2)
            let side = row.h
            let lockBox = Box(x: row.x + (row.w - side * 3) / 2, y: row.y, w: side, h: side)
            scene.shapes.append(.lock(lockBox, .orange))
            text(&scene, "VIP", Box(x: lockBox.maxX + side / 4, y: row.y, w: side * 2, h: side), .orange, m, centred: false)
        }
    }

    /// A locked deck was chosen: what it is, the unlock code as typed (wrapped, so a pasted one shows whole) and
    /// why the last one did not open it.
    static func vip(_ s: GameSession, _ w: Int, _ h: Int, _ m: TextMeasure) -> Scene {
        var scene = Scene(name: .vip, width: w, height: h, background: .black)
        guard s.decks.indices.contains(s.vipDeck) else { return scene }
        let full = Box(x: 0, y: 0, w: w, h: h).inset(margin(w, h))
        let border = max(2, min(full.w, full.h) / 60)
        scene.shapes.append(.fill(full, .orange))
        scene.shapes.append(.fill(full.inset(border), panel))
        let inner = full.inset(border * 3)
        let lockSide = inner.h / 6
        scene.shapes.append(.lock(Box(x: inner.x + (inner.w - lockSide) / 2, y: inner.y, w: lockSide, h: lockSide), .orange))
        text(&scene, "VIP · " + renderable(s.decks[s.vipDeck].title, m), inner.rows(0.19, 0.32), .orange, m)
        text(&scene, "Shkruaj ose ngjit kodin e hapjes që more me dekun:", inner.rows(0.34, 0.44), .white, m)
        text(&scene, "› " + s.codeInput + "▏", inner.rows(0.46, 0.66), .neon, m, max: inner.h / 12)
        if let problem = s.codeProblem { text(&scene, "✗ " + renderable(problem, m), inner.rows(0.67, 0.75), .orange, m) }
        // Buttons for touch and the mouse; the keys and a gamepad's buttons are named under them.
        let row = inner.rows(0.77, 0.89)
        let gap = margin(w, h)
        let buttons: [(String, Target)] = [("Hap", .press(.enter)), ("Ngjit", .paste), ("Mbrapa", .press(.escape))]
        let boxes = row.split(across: buttons.count, gap: gap)
        let points = uniform(zip(buttons.map(\.0), boxes.map { $0.inset(max(2, $0.h / 5)) }).map { ($0, $1) }, m)
        for (k, (label, target)) in buttons.enumerated() {
            tile(&scene, boxes[k], chosen: false)
            text(&scene, label, boxes[k].inset(max(2, boxes[k].h / 5)), .white, m, max: points)
            scene.targets.append((boxes[k], target))
        }
        text(&scene, "Enter/A: hap · Ctrl-V/X: ngjit · Backspace: fshi · Esc/B: mbrapa", inner.rows(0.91, 1), .grey, m)
        return scene
    }

    /// The last rounds, newest first, as many as fit: when, deck, who played (party mode), score and answers.
    static func history(_ s: GameSession, _ w: Int, _ h: Int, _ m: TextMeasure) -> Scene {
        var scene = Scene(name: .history, width: w, height: h, background: .black)
        let full = Box(x: 0, y: 0, w: w, h: h).inset(margin(w, h))
        text(&scene, "Historiku", full.rows(0, 0.1), .red, m)
        let list = full.rows(0.12, 0.9)
        let titles = Dictionary(s.decks.map { ($0.id, $0.title) }) { a, _ in a }
        let points = max(TextFit.minPoints, min(h / 22, list.h / 6))
        let step = max(1, m.lineHeight(points: points))
        for (j, e) in s.history.reversed().prefix(max(1, list.h / step)).enumerated() {
            let when = e.finished.isEmpty ? "tani" : String(e.finished.prefix(16)).replacingOccurrences(of: "T", with: " ")
            let who = e.player.map { " · " + $0 } ?? ""
            let line = "\(when)  \(titles[e.deck] ?? e.deck)\(who)  \(e.score) pikë  ✓\(e.correct) →\(e.passed)"
            text(&scene, renderable(line, m), Box(x: list.x, y: list.y + j * step, w: list.w, h: step), .white, m, max: points, centred: false)
        }
        if s.history.isEmpty { text(&scene, "Asnjë raund ende", list.rows(0.3, 0.45), .grey, m) }
        text(&scene, "Çdo tast, B ose prek: mbrapa", full.rows(0.92, 1), .grey, m)
        scene.targets.append((Box(x: 0, y: 0, w: w, h: h), .press(.escape)))
        return scene
    }

    // MARK: settings

    static func settings(_ s: GameSession, _ w: Int, _ h: Int, _ m: TextMeasure) -> Scene {
        var scene = Scene(name: .settings, width: w, height: h, background: .black)
        let full = Box(x: 0, y: 0, w: w, h: h).inset(margin(w, h))
        text(&scene, "Cilësimet", full.rows(0, 0.14), .red, m)
        func onOff(_ b: Bool) -> String { b ? "Po" : "Jo" }
        let items = ["Zëri: " + onOff(s.settings.sound), "Dridhja: " + onOff(s.settings.rumble),
                     "Koha e raundit: \(s.roundSeconds) s", "Mbrapa"]
        let list = full.rows(0.18, 0.86).columns(w >= h ? 0.2 : 0.05, w >= h ? 0.8 : 0.95)
        let gap = margin(w, h)
        let boxes = list.split(down: items.count, gap: gap)
        let bh = boxes.first?.h ?? 0
        let points = uniform(zip(items, boxes.map { $0.inset(max(2, bh / 5)) }).map { ($0, $1) }, m)
        for (i, item) in items.enumerated() {
            let box = boxes[i]
            tile(&scene, box, chosen: i == s.settingsSelected)
            text(&scene, item, box.inset(max(2, bh / 5)), i == s.settingsSelected ? .neon : .white, m, max: points)
            scene.targets.append((box, .setting(i)))
        }
        text(&scene, "↑↓ zgjidh · Enter/←→ ndrysho · Esc/B: Mbrapa", full.rows(0.9, 1), .grey, m, max: h / 30)
        return scene
    }

    // MARK: round

    static func round(_ s: GameSession, _ w: Int, _ h: Int, _ m: TextMeasure) -> Scene {
        let name = Self.name(s)
        let flash = s.flash.map { $0.outcome == .correct ? RGB.neon : RGB.orange }
        var scene = Scene(name: name, width: w, height: h, background: flash ?? .black)
        guard let r = s.round else { return scene }
        let ink: (RGB) -> RGB = { flash == nil ? $0 : .black }  // on a flash everything is black, for contrast
        let full = Box(x: 0, y: 0, w: w, h: h).inset(margin(w, h))

        // Status: deck, clock, score.
        let status = full.rows(0, 0.09)
        let left = Int(saturating: r.remaining.rounded(.up))
        let warning = r.state == .playing && r.remaining <= RoundMachine.warningAt
        let clock = "\(left / 60):\(left % 60 < 10 ? "0" : "")\(left % 60)"
        // Party mode: whose turn it is, where the deck's name was.
        let who = s.party.map { "Radha: " + $0.current } ?? renderable(s.deck?.title ?? "", m)
        text(&scene, who, status.columns(0, 0.36), ink(s.party == nil ? .grey : .neon), m, centred: false)
        text(&scene, clock, status.columns(0.4, 0.6), ink(warning ? .red : .white), m)
        text(&scene, "Pikë: \(r.result.score)", status.columns(0.64, 1), ink(.neon), m)
        text(&scene, hints(s), full.rows(0.94, 1), ink(.grey), m, max: h / 30)

        var middle = full.rows(0.11, 0.92)
        scene.targets.append((middle, .pauseToggle))
        if let note = s.roundNote, !warning, flash == nil {
            // The round's own news (the deck ran out), as the terminal's second row.
            text(&scene, note, full.rows(0.1, 0.16), .orange, m)
            middle = full.rows(0.17, 0.92)
        }
        if warning && flash == nil {
            // The last ten seconds: a red band the whole room sees.
            let band = full.rows(0.11, 0.23)
            scene.shapes.append(.fill(band, .red))
            text(&scene, "⚠ 10 SEKONDA!", band.inset(max(1, band.h / 8)), .white, m)
            middle = full.rows(0.25, 0.92)
        }
        if let f = s.flash {
            let symbol = f.outcome == .correct ? "✓" : "→"
            text(&scene, symbol, middle.rows(0, 0.7), .black, m)
            text(&scene, f.outcome == .correct ? "SAKTË!" : "KALO", middle.rows(0.72, 1), .black, m)
            return scene
        }
        switch r.state {
        case .buffer, .menu:
            text(&scene, String(s.countdown ?? 3), middle.rows(0, 0.75), .white, m)
            text(&scene, FrameRenderer.getReady(s.input), middle.rows(0.78, 1), .neon, m)
        case .paused:
            text(&scene, "PAUZË", middle.rows(0, 0.55), .orange, m)
            let caption = s.confirmingLeave ? FrameRenderer.leaveQuestion : FrameRenderer.pauseText(s.pauseReason)
            text(&scene, caption + (s.confirmingLeave ? "" : " · prek / Start"), middle.rows(0.6, 1),
                 s.confirmingLeave ? .orange : .white, m, max: h / 12)
        case .playing, .finished:
            text(&scene, r.current ?? "", middle, .white, m)
        }
        return scene
    }

    // MARK: results

    /// Score, accuracy and rank; in party mode the scoreboard; the correct and passed cards side by side, scrolled
    /// together when they do not fit (↑/↓, the d-pad, the wheel, a swipe) between ▲/▼ lines that count what is
    /// hidden; then "Luaj", "Mbrapa" and "Ruaj kartën".
    static func results(_ s: GameSession, _ w: Int, _ h: Int, _ m: TextMeasure) -> Scene {
        var scene = Scene(name: .results, width: w, height: h, background: .black)
        guard let r = s.round?.result else { return scene }
        let full = Box(x: 0, y: 0, w: w, h: h).inset(margin(w, h))
        let title = "Rezultati · " + renderable(s.deck?.title ?? "", m) + (s.lastPlayer.map { " · " + $0 } ?? "")
        text(&scene, renderable(title, m), full.rows(0, 0.08), .red, m)
        let party = s.party != nil
        text(&scene, "\(r.score)", full.rows(0.09, party ? 0.2 : 0.3), .neon, m)
        let accuracy = Int(saturating: (r.accuracy * 100).rounded())
        text(&scene, "Pikë \(r.score) · Saktësia \(accuracy)% · \(r.rank)", full.rows(party ? 0.21 : 0.31, party ? 0.27 : 0.38), .white, m)
        if let p = s.party { scoreboard(&scene, p, full.rows(0.28, 0.45), m) }

        // A line of news above the buttons: the deck ran out, or what the share key did.
        let news = [s.roundNote, s.notice].compactMap { $0 }.map { renderable($0, m) }.joined(separator: " · ")
        if !news.isEmpty { text(&scene, news, full.rows(0.81, 0.87), .orange, m) }
        let lists = full.rows(party ? 0.47 : 0.4, news.isEmpty ? 0.86 : 0.8)
        cardLists(&scene, s, r, lists, w, h, m)

        let buttons = full.rows(0.88, 1)
        let gap = margin(w, h)
        let labels = GameSession.resultButtons
        let boxes = buttons.split(across: labels.count, gap: gap)
        let points = uniform(zip(labels, boxes.map { $0.inset(max(2, $0.h / 5)) }).map { ($0, $1) }, m)
        for (k, label) in labels.enumerated() {
            let box = boxes[k]
            tile(&scene, box, chosen: s.resultSelected == k)
            text(&scene, label, box.inset(max(2, box.h / 5)), s.resultSelected == k ? .neon : .white, m, max: points)
            scene.targets.append((box, .resultButton(k)))
        }
        return scene
    }

    /// The two lists, one size for both so neither looks more important; as large as lets every card show, down
    /// to a size still read from a sofa, then scrolled.
    static func cardLists(_ scene: inout Scene, _ s: GameSession, _ r: RoundResult, _ lists: Box, _ w: Int, _ h: Int, _ m: TextMeasure) {
        let correct = r.answers.filter { $0.outcome == .correct }.map(\.card)
        let passed = r.answers.filter { $0.outcome == .pass }.map(\.card)
        if r.answers.isEmpty {
            text(&scene, "Asnjë kartë e luajtur", lists.rows(0.3, 0.5), .grey, m)
            return
        }
        let gap = margin(w, h)
        let colW = (lists.w - gap) / 2
        let headH = max(1, lists.h / 8)
        let bodyH = lists.h - headH
        let most = max(correct.count, passed.count)
        // The largest size (up to h/20) at which every card has its line, but not under h/30: then scroll.
        var points = min(h / 20, bodyH)
        while points > max(TextFit.minPoints, h / 30) && m.lineHeight(points: points) * most > bodyH { points -= 1 }
        points = max(TextFit.minPoints, points)
        let step = max(1, m.lineHeight(points: points))
        let rows = max(1, bodyH / step)
        // Scrolled: the first and last rows say what is above and below (when there are three rows for it).
        let scrolling = most > rows
        let marks = scrolling && rows >= 3
        let shownRows = marks ? rows - 2 : rows
        let limit = max(0, most - shownRows)
        let top = min(s.resultScroll, limit)
        if scrolling {
            scene.scrollLimit = limit
            scene.scrollStep = shownRows
        }
        let columns = [("✓ Saktë (\(correct.count))", correct, RGB.neon), ("→ Kaluar (\(passed.count))", passed, RGB.orange)]
        for (k, (head, cards, colour)) in columns.enumerated() {
            let col = Box(x: lists.x + k * (colW + gap), y: lists.y, w: colW, h: lists.h)
            text(&scene, head, Box(x: col.x, y: col.y, w: col.w, h: headH), colour, m, centred: false)
            var y = col.y + headH
            func line(_ t: String, _ c: RGB) {
                guard y + step <= lists.maxY else { return }
                text(&scene, t, Box(x: col.x, y: y, w: col.w, h: step), c, m, max: points, centred: false)
                y += step
            }
            let above = min(top, cards.count), below = max(0, cards.count - top - shownRows)
            if marks { if above > 0 { line("▲ \(above) më lart", .grey) } else { y += step } }
            for card in cards.dropFirst(top).prefix(shownRows) { line(card, colour) }
            if marks && below > 0 {
                y = col.y + headH + (rows - 1) * step
                line("▼ \(below) më poshtë", .grey)
            }
        }
    }

    /// Party mode: every player with their points, most first, the leaders in neon; then whose turn is next or who
    /// won (the terminal's words). More players than fit side by side: the terminal's one line.
    static func scoreboard(_ scene: inout Scene, _ p: Party, _ box: Box, _ m: TextMeasure) {
        let (table, verdict) = FrameRenderer.scoreboardText(p)
        let board = box.rows(0, 0.68)
        let standings = p.standings
        let best = standings.first?.score
        if standings.count <= 6 {
            let gap = max(2, board.h / 10)
            let boxes = board.split(across: standings.count, gap: gap)
            let names = zip(standings, boxes).map { (renderable($0.0.name, m), $0.1.inset(max(2, $0.1.h / 10)).rows(0, 0.5)) }
            let scores = zip(standings, boxes).map { ("\($0.0.score)", $0.1.inset(max(2, $0.1.h / 10)).rows(0.5, 1)) }
            let namePoints = uniform(names, m), scorePoints = uniform(scores, m)
            for (k, entry) in standings.enumerated() {
                let leader = entry.score == best
                tile(&scene, boxes[k], chosen: leader)
                text(&scene, names[k].0, names[k].1, leader ? .neon : .white, m, max: namePoints)
                text(&scene, scores[k].0, scores[k].1, leader ? .neon : .white, m, max: scorePoints)
            }
        } else {
            text(&scene, renderable(table, m), board, .white, m)
        }
        text(&scene, renderable(verdict, m), box.rows(0.72, 1), p.isOver ? .neon : .orange, m)
    }

    // MARK: share

    /// The results card as it was written, as large as the screen allows, and where it went (or why not).
    static func share(_ s: GameSession, _ w: Int, _ h: Int, _ m: TextMeasure) -> Scene {
        var scene = Scene(name: .share, width: w, height: h, background: .black)
        let full = Box(x: 0, y: 0, w: w, h: h).inset(margin(w, h))
        text(&scene, "Karta e rezultatit", full.rows(0, 0.08), .red, m)
        let area = full.rows(0.1, 0.8).inset(max(1, min(w, h) / 100))
        if let card = s.shareCard, card.width > 0, card.height > 0, area.w > 0, area.h > 0 {
            // The card's proportions kept: as tall as the area, unless that is too wide.
            var ph = area.h, pw = ph * card.width / card.height
            if pw > area.w { pw = area.w; ph = pw * card.height / card.width }
            let box = Box(x: area.x + (area.w - pw) / 2, y: area.y + (area.h - ph) / 2, w: pw, h: ph)
            // A grey edge: the card's black would otherwise run into the screen's.
            let edge = max(1, min(pw, ph) / 100)
            scene.shapes.append(.fill(Box(x: box.x - edge, y: box.y - edge, w: pw + 2 * edge, h: ph + 2 * edge), dim))
            scene.shapes.append(.picture(card, box))
        }
        if let notice = s.notice { text(&scene, renderable(notice, m), full.rows(0.81, 0.91), .white, m, max: h / 24) }
        text(&scene, "Çdo tast, B ose prek: mbrapa", full.rows(0.92, 1), .grey, m, max: h / 30)
        scene.targets.append((Box(x: 0, y: 0, w: w, h: h), .press(.escape)))
        return scene
    }

    // MARK: words

    /// Menu text without the characters the font cannot draw (🔒 in a notice: the padlock is drawn beside it).
    /// Cards keep theirs: a box is better than a card missing its point.
    static func renderable(_ text: String, _ m: TextMeasure) -> String {
        guard !m.renders(text) else { return text }
        let kept = text.split(separator: " ").map { word in String(word.filter { m.renders(String($0)) }) }
        return kept.filter { !$0.isEmpty }.joined(separator: " ")
    }

    static func inputLine(_ input: InputSource) -> String {
        switch input {
        case .motion(let name): return "Lëvizja: \(name) · Enter/A: Luaj · ↑↓ / d-pad zgjidh · q dil"
        case .keyboard: return "Tastiera ose kontrolluesi: ↑↓ zgjidh · Enter/A: Luaj · q dil"
        }
    }

    static func hints(_ s: GameSession) -> String {
        switch s.input {
        case .keyboard: return "↓ e saktë · ↑ kalo · hapësirë/Start/prek: pauzë · q dil"
        case .motion: return "poshtë: e saktë · lart: kalo · hapësirë/Start/prek: pauzë · q dil"
        }
    }
}
