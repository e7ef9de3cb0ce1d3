/// A 24-bit terminal colour and its escape sequences.
public struct RGB: Sendable, Equatable {
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
}
