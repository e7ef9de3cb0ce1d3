/// Turns the byte offset a JSON parser reports into the 1-based line:column an editor shows.
public enum JSONPosition {
    public static func lineColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for b in bytes.prefix(max(0, offset)) {
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }

    /// Foundation's parse errors carry the position in different shapes depending on the implementation: a
    /// "line L, column C" text or a character index. Both become line:column; nil when neither is there.
    public static func find(in message: String, bytes: [UInt8]) -> (line: Int, column: Int)? {
        if let l = number(after: "line ", in: message), let c = number(after: "column ", in: message) { return (l, c) }
        if let i = number(after: "character ", in: message) ?? number(after: "index ", in: message) {
            return lineColumn(of: i, in: bytes)
        }
        return nil
    }

    private static func number(after key: String, in text: String) -> Int? {
        guard let r = text.range(of: key) else { return nil }
        let digits = text[r.upperBound...].prefix { $0.isNumber }
        return Int(digits)
    }
}
