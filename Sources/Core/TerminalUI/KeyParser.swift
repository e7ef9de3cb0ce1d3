/// Keys the game understands, decoded from the bytes a terminal sends in raw mode.
public enum Key: Sendable, Equatable {
    case up, down, left, right, enter, space, escape, backspace
    /// PageUp and PageDown: also what presenter clickers send for "back" and "next".
    case pageUp, pageDown, home, end
    case char(Character)
}

/// Turns terminal input bytes into keys. Escape sequences may arrive split across reads, so an incomplete one is
/// kept until the next `feed`; a lone ESC is only a key once `flush` says no more bytes came (the caller's
/// short poll timeout), because ESC is also the first byte of every arrow key.
public struct KeyParser: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    public var hasPending: Bool { !pending.isEmpty }

    public mutating func feed<S: Sequence>(_ bytes: S) -> [Key] where S.Element == UInt8 {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var i = 0
        scan: while i < pending.count {
            let b = pending[i]
            if b == 0x1B {
                guard i + 1 < pending.count else { break scan }  // wait: maybe the start of a sequence
                let next = pending[i + 1]
                guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O") else {
                    keys.append(.escape)
                    i += 1
                    continue
                }
                // CSI / SS3: parameters and intermediates, then one final byte in 0x40...0x7E.
                var j = i + 2
                while j < pending.count && !(0x40...0x7E).contains(pending[j]) { j += 1 }
                guard j < pending.count else { break scan }
                if let key = Self.special(final: pending[j], parameter: pending[(i + 2)..<j]) { keys.append(key) }  // F-keys… ignored
                i = j + 1
                continue
            }
            switch b {
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x20: keys.append(.space)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x00..<0x20: break
            default:
                // One UTF-8 scalar: its length from the lead byte; an incomplete one waits.
                let length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
                guard i + length <= pending.count else { break scan }
                let text = String(decoding: pending[i..<(i + length)], as: UTF8.self)
                if let c = text.first { keys.append(.char(c)) }
                i += length
                continue
            }
            i += 1
        }
        pending.removeFirst(min(i, pending.count))
        return keys
    }

    /// No more input arrived after a lone ESC: it was the Escape key.
    public mutating func flush() -> [Key] {
        defer { pending.removeAll() }
        return pending == [0x1B] ? [.escape] : []
    }

    /// Arrows, Home and End (`ESC [ A` … or `ESC O H`), and the `ESC [ n ~` keys: 5/6 PageUp/PageDown, 1/7 Home, 4/8 End.
    private static func special(final: UInt8, parameter: ArraySlice<UInt8>) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            switch String(decoding: parameter.prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self) {
            case "5": return .pageUp
            case "6": return .pageDown
            case "1", "7": return .home
            case "4", "8": return .end
            default: return nil
            }
        default: return nil
        }
    }
}
