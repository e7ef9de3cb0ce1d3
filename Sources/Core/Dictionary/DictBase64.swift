/// dictd's numbers: base64 digits A–Z a–z 0–9 + /, most significant first (not RFC 4648 padding or grouping).
enum DictBase64 {
    /// nil for an empty field, a character outside the alphabet, or a value past 2^48 (no dictionary is that big).
    static func decode(_ digits: UnsafeRawBufferPointer.SubSequence) -> Int? {
        guard !digits.isEmpty, digits.count <= 8 else { return nil }
        var value = 0
        for c in digits {
            let d: Int
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): d = Int(c) - 65
            case UInt8(ascii: "a")...UInt8(ascii: "z"): d = Int(c) - 97 + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = Int(c) - 48 + 52
            case UInt8(ascii: "+"): d = 62
            case UInt8(ascii: "/"): d = 63
            default: return nil
            }
            value = value << 6 | d
        }
        return value
    }

    static func encode(_ value: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var v = value
        var out: [UInt8] = []
        repeat {
            out.append(alphabet[v & 63])
            v >>= 6
        } while v > 0
        return String(decoding: out.reversed(), as: UTF8.self)
    }
}
