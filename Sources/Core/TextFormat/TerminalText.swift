/// Text from outside (lesson and deck files, transcripts, typed answers, file and device names) made safe to
/// show on a terminal: C0 controls (ESC among them), DEL and C1 controls become visible symbols (␛ for ESC,
/// ␡, U+FFFD for C1), so no escape sequence in such text reaches the terminal (clipboard writes with OSC 52,
/// window titles, clearing the screen). Bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069) become
/// U+FFFD too: a terminal that honours them would show a card or a name reordered. Each control becomes one
/// one-cell character, so widths stay right.
/// Line feeds and tabs are kept with `keepLineBreaks` (whole plain outputs), else shown too.
public func printable(_ text: String, keepLineBreaks: Bool = false) -> String {
    func unsafe(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        if keepLineBreaks && (v == 0x0A || v == 0x09) { return false }
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
    guard text.unicodeScalars.contains(where: unsafe) else { return text }
    var out = String.UnicodeScalarView()
    for u in text.unicodeScalars {
        if !unsafe(u) {
            out.append(u)
        } else if u.value < 0x20 {
            out.append(Unicode.Scalar(0x2400 + u.value)!)  // Control Pictures: ␀ … ␟
        } else if u.value == 0x7F {
            out.append("\u{2421}")  // ␡
        } else {
            out.append("\u{FFFD}")
        }
    }
    return String(out)
}
