import Glibc

/// A 24-bit terminal colour and its escape sequences.
public struct RGB: Sendable, Equatable {
    /// Whether to draw in colour: NO_COLOR (no-color.org) unset or empty. Read once.
    public static let enabled: Bool = getenv("NO_COLOR").map { $0.pointee == 0 } ?? true

    public var r, g, b: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) { self.r = r; self.g = g; self.b = b }
    public static let black = RGB(0, 0, 0)
    public static let white = RGB(255, 255, 255)
    public static let grey = RGB(150, 150, 150)
    public static let neon = RGB(0x39, 0xFF, 0x14)
    public static let orange = RGB(0xFF, 0x95, 0x00)
    public static let red = RGB(0xE4, 0x1E, 0x20)

    public var foreground: String { "\u{1B}[38;2;\(r);\(g);\(b)m" }
    public var background: String { "\u{1B}[48;2;\(r);\(g);\(b)m" }

    /// A drawn frame without colour, for NO_COLOR: colour sequences go, and a background other than black becomes
    /// reverse video (black turns it off), so a highlighted line, the title bar and a round's flash still stand
    /// out. The renderers stay pure; this is applied where a frame is written.
    public static func withoutColour(_ frame: String) -> String {
        var out = String.UnicodeScalarView()
        let s = Array(frame.unicodeScalars)
        var i = 0
        while i < s.count {
            // ESC [ 38;2;R;G;B m  or  ESC [ 48;2;R;G;B m
            if s[i] == "\u{1B}", i + 1 < s.count, s[i + 1] == "[",
               let end = s[(i + 2)..<min(s.count, i + 22)].firstIndex(of: "m") {
                let params = String(String.UnicodeScalarView(s[(i + 2)..<end]))
                if params.hasPrefix("38;2;") { i = end + 1; continue }
                if params.hasPrefix("48;2;") {
                    let reverse = params != "48;2;0;0;0"
                    out.append(contentsOf: (reverse ? "\u{1B}[7m" : "\u{1B}[27m").unicodeScalars)
                    i = end + 1
                    continue
                }
            }
            out.append(s[i])
            i += 1
        }
        return String(out)
    }
}
