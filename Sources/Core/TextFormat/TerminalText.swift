/// Text from files made safe to print to a terminal: C0 controls (but tab, and line feed when `keepingNewlines`),
/// DEL and C1 controls (ESC and CSI among them) are shown as `\u{..}` instead of being sent, so a transcript or a
/// file name cannot move the cursor, retitle the window or write to the clipboard.
public func terminalSafe(_ s: String, keepingNewlines: Bool = false) -> String {
    guard s.unicodeScalars.contains(where: { isControl($0, keepingNewlines) }) else { return s }
    var out = String.UnicodeScalarView()
    for u in s.unicodeScalars {
        if isControl(u, keepingNewlines) {
            out.append(contentsOf: "\\u{\(String(u.value, radix: 16, uppercase: true))}".unicodeScalars)
        } else {
            out.append(u)
        }
    }
    return String(out)
}

private func isControl(_ u: Unicode.Scalar, _ keepingNewlines: Bool) -> Bool {
    switch u.value {
    case 0x09: return false
    case 0x0A: return !keepingNewlines
    case 0x00..<0x20, 0x7F...0x9F: return true
    default: return false
    }
}
