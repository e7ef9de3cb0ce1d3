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
}
