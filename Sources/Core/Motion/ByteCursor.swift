/// A forward scanner over one line of bytes. Parsing works on raw bytes, not Strings: a one-hour trace is seven
/// million lines and must replay in well under a second.
struct ByteCursor {
    let base: UnsafePointer<UInt8>
    var index: Int
    let end: Int

    /// Whether the last `nextItem()` skipped at least one blank.
    var separated = false

    @inline(__always) var atEnd: Bool { index >= end }
    @inline(__always) var peek: UInt8 { base[index] }

    @inline(__always) mutating func skipBlanks() {
        while index < end, base[index] == 0x20 || base[index] == 0x09 { index += 1 }
    }

    /// True when only blanks and an optional `#` comment are left.
    @inline(__always) mutating func atLineEnd() -> Bool {
        skipBlanks()
        return index >= end || base[index] == UInt8(ascii: "#")
    }

    /// Moves to the next item of a blank-separated list; false at the end of the line or a comment. `separated`
    /// tells whether a blank preceded the item (items glued together are an error for the caller).
    @inline(__always) mutating func nextItem() -> Bool {
        separated = blanks()
        return !atLineEnd()
    }

    @inline(__always) mutating func hex(maxDigits: Int = 8) -> UInt32? {
        var value: UInt32 = 0
        var digits = 0
        while index < end {
            let c = base[index]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c &- 0x30)
            case 0x61...0x66: d = UInt32(c &- 0x61 &+ 10)
            case 0x41...0x46: d = UInt32(c &- 0x41 &+ 10)
            default:
                return digits > 0 ? value : nil
            }
            digits += 1
            if digits > maxDigits { return nil }
            value = value << 4 | d
            index += 1
        }
        return digits > 0 ? value : nil
    }

    /// Unsigned decimal, at most 18 digits (leading zeros allowed and counted).
    @inline(__always) mutating func unsigned(maxDigits: Int = 18) -> Int64? {
        var value: Int64 = 0
        var digits = 0
        while index < end {
            let c = base[index] &- 0x30
            guard c < 10 else { break }
            digits += 1
            if digits > maxDigits { return nil }
            value = value &* 10 &+ Int64(c)
            index += 1
        }
        return digits > 0 ? value : nil
    }

    @inline(__always) mutating func signed(maxDigits: Int = 18) -> Int64? {
        var negative = false
        if index < end, base[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        } else if index < end, base[index] == UInt8(ascii: "+") {
            index += 1
        }
        guard let v = unsigned(maxDigits: maxDigits) else { return nil }
        return negative ? -v : v
    }

    @inline(__always) mutating func expect(_ c: UInt8) -> Bool {
        guard index < end, base[index] == c else { return false }
        index += 1
        return true
    }

    /// At least one blank, then skip all of them.
    @inline(__always) mutating func blanks() -> Bool {
        guard index < end, base[index] == 0x20 || base[index] == 0x09 else { return false }
        skipBlanks()
        return true
    }

    var rest: String { String(decoding: UnsafeBufferPointer(start: base + index, count: end - index), as: UTF8.self) }
}
