import Glibc

/// Reads traces in the format `evemu-record` writes (1.0 to 1.3): the device description, then `E:` event lines.
/// Accepts what real recorders and hand-written files contain: comments anywhere (but not in `N:`), per-event
/// trailing comments, CRLF, zero-padded or unpadded microseconds, leading zeros on values.
public struct EvemuReader {
    public struct Header: Sendable, Equatable {
        public var device: MotionDeviceInfo
        public var formatVersion: String?
        /// Line number of the first line after the description.
        public var bodyLine: Int
    }

    public let file: String
    private let bytes: UnsafeRawBufferPointer

    /// `file` names the input in error messages.
    public init(bytes: UnsafeRawBufferPointer, file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Reads the description, then calls `event` for every event line with its line number.
    /// Returns the header. Time going backwards, malformed lines and out-of-range numbers throw `TraceError`.
    public func read(header onHeader: (Header) throws -> Void,
                     event: (_ line: Int, _ micros: Int64, _ type: UInt16, _ code: UInt16, _ value: Int32) throws -> Void) throws {
        guard let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else {
            throw TraceError(file: file, "empty file: expected an evemu recording (`# EVEMU 1.3`, `N:`, `I:` ... `E:` lines)")
        }
        let total = bytes.count
        var device = MotionDeviceInfo(name: "")
        var version: String?
        var sawName = false, sawID = false, sawProps = false, inBody = false
        var lineNo = 0
        var position = 0
        var lastMicros: Int64 = -1

        while position < total {
            lineNo += 1
            let lineStart = position
            var lineEnd: Int
            if let nl = memchr(start + position, 0x0A, total - position) {
                lineEnd = start.distance(to: nl.assumingMemoryBound(to: UInt8.self))
                position = lineEnd + 1
            } else {
                lineEnd = total
                position = total
            }
            if lineEnd > lineStart, start[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            if lineEnd - lineStart < 2 {
                if lineEnd == lineStart || start[lineStart] == UInt8(ascii: "#") { continue }  // empty line, bare `#`
                throw error(lineNo, "expected a line like `E: 0.004000 0003 0000 8192`, found \(quote(start, lineStart, lineEnd))")
            }
            let tag = start[lineStart]
            var c = ByteCursor(base: start, index: lineStart + 1, end: lineEnd)

            if tag == UInt8(ascii: "E") {
                if !inBody {
                    try validate(device: device, sawName: sawName, sawID: sawID, line: lineNo)
                    try onHeader(Header(device: device, formatVersion: version, bodyLine: lineNo))
                    inBody = true
                }
                guard c.expect(UInt8(ascii: ":")), c.blanks(), let sec = c.unsigned(maxDigits: 12), c.expect(UInt8(ascii: ".")),
                      let usec = c.unsigned(maxDigits: 6), c.blanks(),
                      let type = c.hex(maxDigits: 4), c.blanks(), let code = c.hex(maxDigits: 4), c.blanks()
                else {
                    throw error(lineNo, "expected `E: <sec>.<usec> <type hex> <code hex> <value>`, found \(quote(start, lineStart, lineEnd))")
                }
                guard let value = c.signed(maxDigits: 11), c.atLineEnd() else {
                    throw error(lineNo, "expected a decimal event value and then only a comment, found \(quote(start, lineStart, lineEnd))")
                }
                guard value >= Int64(Int32.min), value <= Int64(UInt32.max) else {
                    throw error(lineNo, "event value \(value) does not fit in 32 bits")
                }
                guard type <= UInt32(EV.max) else {
                    throw error(lineNo, "unknown event type 0x\(String(type, radix: 16)) (Linux defines types up to 0x1f)")
                }
                let micros = sec &* 1_000_000 &+ usec
                if micros < lastMicros {
                    throw error(lineNo, "time goes backwards: \(formatMicros(micros)) after \(formatMicros(lastMicros))")
                }
                lastMicros = micros
                // uint32 values (MSC_TIMESTAMP) may be printed unsigned; keep their bits.
                let bits = Int32(truncatingIfNeeded: value)
                try event(lineNo, micros, UInt16(type), UInt16(code), bits)
                continue
            }
            if tag == UInt8(ascii: "#") {
                if !inBody, version == nil {
                    let text = c.rest.trimmingBlanks
                    if text.hasPrefix("EVEMU ") { version = String(text.dropFirst(6)) }
                }
                continue
            }
            guard c.expect(UInt8(ascii: ":")) else {
                throw error(lineNo, "expected `N:`, `I:`, `P:`, `B:`, `A:`, `L:`, `S:`, `E:` or a `#` comment, found \(quote(start, lineStart, lineEnd))")
            }
            if inBody {
                throw error(lineNo, "device description line after the first event: expected only `E:` lines and comments")
            }
            switch tag {
            case UInt8(ascii: "N"):
                c.skipBlanks()
                // A `#` may be part of the name: no comment stripping here. Like evemu, the name ends at a CR.
                device.name = String(c.rest.prefix { $0 != "\r" })
                sawName = true
            case UInt8(ascii: "I"):
                var ids: [UInt16] = []
                for _ in 0..<4 {
                    guard c.blanks(), let v = c.hex(maxDigits: 4) else {
                        throw error(lineNo, "expected `I: <bus> <vendor> <product> <version>` in hex, found \(quote(start, lineStart, lineEnd))")
                    }
                    ids.append(UInt16(v))
                }
                guard c.atLineEnd() else { throw error(lineNo, "unexpected text after the four ids of `I:`") }
                (device.bus, device.vendor, device.product, device.version) = (ids[0], ids[1], ids[2], ids[3])
                sawID = true
            case UInt8(ascii: "P"):
                var props: [UInt8] = []
                while c.nextItem() {
                    guard c.separated || props.isEmpty, let v = c.hex(maxDigits: 2) else {
                        throw error(lineNo, "expected `P:` followed by hex bytes, found \(quote(start, lineStart, lineEnd))")
                    }
                    props.append(UInt8(v))
                }
                // Several P: lines continue the property bitmask.
                if sawProps {
                    device.properties += props
                } else {
                    device.properties = props + [UInt8](repeating: 0, count: max(0, 8 - props.count))
                    sawProps = true
                }
            case UInt8(ascii: "B"):
                guard c.blanks(), let type = c.hex(maxDigits: 2) else {
                    throw error(lineNo, "expected `B: <type hex> <bytes...>`, found \(quote(start, lineStart, lineEnd))")
                }
                var mask: [UInt8] = []
                while c.nextItem() {
                    guard c.separated, let v = c.hex(maxDigits: 2) else {
                        throw error(lineNo, "expected hex bytes after `B: \(String(type, radix: 16))`, found \(quote(start, lineStart, lineEnd))")
                    }
                    mask.append(UInt8(v))
                }
                device.eventBits[UInt16(type), default: []] += mask
            case UInt8(ascii: "A"):
                guard c.blanks(), let code = c.hex(maxDigits: 2) else {
                    throw error(lineNo, "expected `A: <axis hex> <min> <max> <fuzz> <flat> [<resolution>]`, found \(quote(start, lineStart, lineEnd))")
                }
                var numbers: [Int32] = []
                while c.nextItem() {
                    guard c.separated, let v = c.signed(maxDigits: 11), v >= Int64(Int32.min), v <= Int64(Int32.max) else {
                        throw error(lineNo, "expected 32-bit decimal numbers in `A:` (min max fuzz flat resolution), found \(quote(start, lineStart, lineEnd))")
                    }
                    numbers.append(Int32(v))
                }
                guard numbers.count == 4 || numbers.count == 5 else {
                    throw error(lineNo, "expected 4 or 5 numbers after the axis in `A:` (min max fuzz flat [resolution]), found \(numbers.count)")
                }
                guard numbers[0] <= numbers[1] else {
                    throw error(lineNo, "axis 0x\(String(code, radix: 16)): minimum \(numbers[0]) is above maximum \(numbers[1])")
                }
                guard numbers.count < 5 || numbers[4] >= 0 else {
                    throw error(lineNo, "axis 0x\(String(code, radix: 16)): negative resolution \(numbers[4])")
                }
                if code <= UInt32(EV.absRZ) {
                    device.axes[Int(code)] = AxisInfo(minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2],
                                                      flat: numbers[3], resolution: numbers.count == 5 ? numbers[4] : 0)
                }
            case UInt8(ascii: "L"), UInt8(ascii: "S"):
                break  // LED and switch states: nothing a motion node needs
            default:
                throw error(lineNo, "unknown line type `\(Character(Unicode.Scalar(tag))):`: expected N, I, P, B, A, L, S or E")
            }
        }
        if !inBody {
            try validate(device: device, sawName: sawName, sawID: sawID, line: lineNo)
            try onHeader(Header(device: device, formatVersion: version, bodyLine: lineNo + 1))
        }
    }

    private func validate(device: MotionDeviceInfo, sawName: Bool, sawID: Bool, line: Int) throws {
        guard sawName, sawID else {
            throw error(line, "missing device description: expected `N:` and `I:` lines before the first event")
        }
        guard device.hasAccelerometer else {
            throw error(line, "no accelerometer: expected `A:` lines for axes 00, 01 and 02 (ABS_X, ABS_Y, ABS_Z)")
        }
    }

    private func error(_ line: Int, _ message: String) -> TraceError { TraceError(file: file, line: line, message) }
}

func quote(_ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> String {
    let n = min(to - from, 60)
    let text = String(decoding: UnsafeBufferPointer(start: base + from, count: max(0, n)), as: UTF8.self)
    return "`" + text + (to - from > 60 ? "…" : "") + "`"
}

func formatMicros(_ micros: Int64) -> String {
    let s = String(micros % 1_000_000)
    return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - s.count) + s
}

extension String {
    var trimmingBlanks: Substring {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}
