/// Where a JSON text first breaks RFC 8259, and what was expected there: Foundation's decoders on Linux say only
/// "not valid JSON", and a learner fixing a file by hand needs the line and column. A validating scan with an
/// explicit stack (no recursion, so deep nesting cannot overflow), linear in the input, allocation-light.
public enum JSONSyntax {
    public struct Problem: Sendable, Equatable {
        /// Byte offset of the first byte that does not fit (the end of the data for a text cut short).
        public var offset: Int
        public var expected: String
    }

    /// nil when `bytes` is one valid JSON value (with surrounding whitespace).
    public static func firstProblem(in bytes: some Collection<UInt8>) -> Problem? {
        let b = Array(bytes)
        if let bad = firstInvalidUTF8(b) { return Problem(offset: bad, expected: "UTF-8 text") }
        var i = 0
        var stack: [Frame] = []
        func skipSpace() { while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 } }
        func problem(_ expected: String) -> Problem { Problem(offset: i, expected: expected) }

        /// Scans a string starting at its opening quote.
        func string() -> Problem? {
            i += 1
            while i < b.count {
                let c = b[i]
                if c == UInt8(ascii: "\"") { i += 1; return nil }
                if c < 0x20 { return problem("a control character written as an escape (\\n, \\t, \\u00XX) inside a string") }
                if c == UInt8(ascii: "\\") {
                    i += 1
                    guard i < b.count else { break }
                    switch b[i] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                         UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        i += 1
                    case UInt8(ascii: "u"):
                        i += 1
                        for _ in 0..<4 {
                            guard i < b.count else { return problem("four hex digits after \\u") }
                            guard isHex(b[i]) else { return problem("four hex digits after \\u") }
                            i += 1
                        }
                    default: return problem("an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX")
                    }
                    continue
                }
                i += 1
            }
            return problem("the closing \" of a string")
        }

        func number() -> Problem? {
            if b[i] == UInt8(ascii: "-") { i += 1 }
            guard i < b.count, isDigit(b[i]) else { return problem("a digit") }
            if b[i] == UInt8(ascii: "0") { i += 1 } else { while i < b.count, isDigit(b[i]) { i += 1 } }
            if i < b.count, b[i] == UInt8(ascii: ".") {
                i += 1
                guard i < b.count, isDigit(b[i]) else { return problem("a digit after the decimal point") }
                while i < b.count, isDigit(b[i]) { i += 1 }
            }
            if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
                i += 1
                if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
                guard i < b.count, isDigit(b[i]) else { return problem("a digit in the exponent") }
                while i < b.count, isDigit(b[i]) { i += 1 }
            }
            return nil
        }

        func literal(_ word: StaticString) -> Problem? {
            let start = i
            for (k, ch) in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount).enumerated() {
                guard start + k < b.count, b[start + k] == ch else {
                    i = start + k
                    return problem("\(word)")
                }
            }
            i = start + word.utf8CodeUnitCount
            return nil
        }

        /// A member's key and its colon; the value follows.
        func key(orEnd: Bool) -> Problem? {
            guard i < b.count, b[i] == UInt8(ascii: "\"") else { return problem(orEnd ? "a key in double quotes, or }" : "a key in double quotes") }
            if let p = string() { return p }
            skipSpace()
            guard i < b.count, b[i] == UInt8(ascii: ":") else { return problem("a colon after the key") }
            i += 1
            skipSpace()
            return nil
        }

        /// After a value: a comma or the end of the open container, or the end of the text.
        var expectingValue = true
        skipSpace()
        while true {
            if expectingValue {
                guard i < b.count else { return problem("a value (an object, array, string, number, true, false or null)") }
                switch b[i] {
                case UInt8(ascii: "{"):
                    i += 1
                    skipSpace()
                    if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; expectingValue = false; break }
                    stack.append(.object)
                    if let p = key(orEnd: true) { return p }
                    continue
                case UInt8(ascii: "["):
                    i += 1
                    skipSpace()
                    if i < b.count, b[i] == UInt8(ascii: "]") { i += 1; expectingValue = false; break }
                    stack.append(.array)
                    continue
                case UInt8(ascii: "\""): if let p = string() { return p }
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): if let p = number() { return p }
                case UInt8(ascii: "t"): if let p = literal("true") { return p }
                case UInt8(ascii: "f"): if let p = literal("false") { return p }
                case UInt8(ascii: "n"): if let p = literal("null") { return p }
                default: return problem("a value (an object, array, string, number, true, false or null)")
                }
                expectingValue = false
            }
            skipSpace()
            guard let top = stack.last else {
                return i == b.count ? nil : problem("the end of the text after the value")
            }
            guard i < b.count else { return problem(top == .object ? "a comma or }" : "a comma or ]") }
            switch (top, b[i]) {
            case (_, UInt8(ascii: ",")):
                i += 1
                skipSpace()
                if top == .object, let p = key(orEnd: false) { return p }
                expectingValue = true
            case (.object, UInt8(ascii: "}")), (.array, UInt8(ascii: "]")):
                i += 1
                stack.removeLast()
            default:
                return problem(top == .object ? "a comma or }" : "a comma or ]")
            }
        }
    }

    private enum Frame { case array, object }

    /// Offset of the first byte that is not part of well-formed UTF-8.
    private static func firstInvalidUTF8(_ b: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var it = b.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &it) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    private static func isHex(_ c: UInt8) -> Bool {
        isDigit(c) || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "f"))
    }

    /// In a valid JSON text, the first number no Double can hold (`1e309`): valid JSON that Foundation's decoder
    /// refuses as "not valid JSON". Its byte offset and its text (cut to 40 characters), or nil.
    public static func firstUnreadableNumber(in bytes: some Collection<UInt8>) -> (offset: Int, text: String)? {
        let b = Array(bytes)
        var i = 0, inString = false
        while i < b.count {
            let c = b[i]
            if inString {
                if c == UInt8(ascii: "\\") { i += 2; continue }
                if c == UInt8(ascii: "\"") { inString = false }
                i += 1
            } else if c == UInt8(ascii: "\"") {
                inString = true
                i += 1
            } else if c == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) {
                let start = i
                while i < b.count, "0123456789+-.eE".utf8.contains(b[i]) { i += 1 }
                let text = String(decoding: b[start..<i], as: UTF8.self)
                if !(Double(text)?.isFinite ?? false) { return (start, String(text.prefix(40))) }
            } else {
                i += 1
            }
        }
        return nil
    }
}
