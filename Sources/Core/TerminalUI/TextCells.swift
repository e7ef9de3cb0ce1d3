import TextFormat

/// Terminal column widths, good enough for the game and the lessons: Latin letters one cell, emoji two, combining marks none.
public enum TextCells {
    public static func width(_ s: String) -> Int { s.unicodeScalars.reduce(0) { $0 + width($1) } }

    public static func width(_ u: Unicode.Scalar) -> Int {
        let v = u.value
        if v == 0xFE0F || v == 0x200D || (0x0300...0x036F).contains(v) { return 0 }
        if (0x1F000...0x1FAFF).contains(v) || (0x2600...0x27BF).contains(v) && u.properties.isEmojiPresentation { return 2 }
        if (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v) { return 2 }
        return 1
    }

    /// Cut to `cells` columns (never splitting a wide character), then pad with spaces to exactly that.
    /// Everything drawn on a screen goes through here, so controls in it are shown, never obeyed (`printable`).
    public static func fit(_ s: String, _ cells: Int) -> String {
        guard cells > 0 else { return "" }
        var out = "", used = 0
        for ch in printable(s) {
            let w = width(String(ch))
            if used + w > cells { break }
            out.append(ch)
            used += w
        }
        return out + String(repeating: " ", count: cells - used)
    }

    /// Centred in `cells` columns.
    public static func centre(_ s: String, _ cells: Int) -> String {
        let w = width(s)
        guard w < cells else { return fit(s, cells) }
        return fit(String(repeating: " ", count: (cells - w) / 2) + s, cells)
    }

    /// Word-wrapped into lines of at most `cells` columns; a word longer than a line loses its middle.
    public static func wrap(_ s: String, _ cells: Int) -> [String] {
        let limit = max(1, cells)
        var lines: [String] = [], line = "", used = 0
        for word in s.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            var word = word, w = width(word)
            if used > 0 && used + 1 + w <= limit { line += " " + word; used += 1 + w; continue }
            if used > 0 { lines.append(line); line = ""; used = 0 }
            if w > limit {  // no space to break at (a path, a long word): keep its ends
                word = elideMiddle(word, limit)
                w = width(word)
            }
            line = word; used = w
        }
        if used > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// At most `cells` columns, the middle replaced by "…" when it is too long (a path keeps its start and its
    /// file name).
    public static func elideMiddle(_ s: String, _ cells: Int) -> String {
        guard width(s) > cells else { return s }
        guard cells > 1 else { return String(repeating: "…", count: max(0, cells)) }
        let chars = Array(s)
        var head = "", tail = "", used = 1
        var i = 0, j = chars.count - 1
        // Alternate: a third from the start, the rest from the end (the end of a path says the most).
        while i <= j {
            let takeHead = width(head) * 2 < width(tail)
            let ch = takeHead ? chars[i] : chars[j]
            let w = width(String(ch))
            if used + w > cells { break }
            if takeHead { head.append(ch); i += 1 } else { tail = String(ch) + tail; j -= 1 }
            used += w
        }
        return head + "…" + tail
    }

    /// Width of text that may hold colour sequences (ESC [ … letter), which take no cells.
    public static func styledWidth(_ s: String) -> Int {
        var w = 0, inEscape = false
        for u in s.unicodeScalars {
            if inEscape { if (0x40...0x7E).contains(u.value) && u != "[" { inEscape = false }; continue }
            if u == "\u{1B}" { inEscape = true; continue }
            w += width(u)
        }
        return w
    }

    /// Each line of `text` (which may hold colour sequences) word-wrapped to `cells`, continuation rows indented
    /// under a leading label ("typed:    "); a word wider than a row is cut, sequences kept whole.
    public static func wrapStyled(_ text: String, _ cells: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let line = String(line)
            guard styledWidth(line) > cells, cells > 8 else { return line }
            let label = line.prefix { $0 != " " }
            let indent = label.hasSuffix(":") ? label.count + line.dropFirst(label.count).prefix { $0 == " " }.count : 0
            let pad = String(repeating: " ", count: indent < cells / 2 ? indent : 0)
            var rows: [String] = [], row = "", used = 0
            for word in line.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
                let w = styledWidth(word)
                if used > 0 && used + 1 + w > cells { rows.append(row); row = pad; used = pad.count }
                else if used > 0 || !row.isEmpty { row += " "; used += 1 }
                if w <= cells - used { row += word; used += w; continue }
                var inEscape = false  // too wide for any row: cut it, between cells only
                for ch in word {
                    let isEscape = ch == "\u{1B}" || inEscape
                    if ch == "\u{1B}" { inEscape = true } else if inEscape, let a = ch.asciiValue, (0x40...0x7E).contains(a), ch != "[" { inEscape = false }
                    let cw = isEscape ? 0 : width(String(ch))
                    if used + cw > cells { rows.append(row); row = pad; used = pad.count }
                    row.append(ch); used += cw
                }
            }
            rows.append(row)
            return rows.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
