/// Text from files made safe to print to a terminal: C0 controls (line feeds and tabs kept with `keepLineBreaks`),
/// DEL and C1 controls (ESC and CSI among them) are shown as `\u{..}` instead of being sent, so a transcript or a
/// file name cannot move the cursor, retitle the window or write to the clipboard.
public func printable(_ text: String, keepLineBreaks: Bool = false) -> String {
    func isControl(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x09, 0x0A: return !keepLineBreaks
        case 0x00..<0x20, 0x7F...0x9F: return true
        default: return false
        }
    }
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var out = String.UnicodeScalarView()
    for u in text.unicodeScalars {
        if isControl(u) {
            out.append(contentsOf: "\\u{\(String(u.value, radix: 16, uppercase: true))}".unicodeScalars)
        } else {
            out.append(u)
        }
    }
    return String(out)
}
