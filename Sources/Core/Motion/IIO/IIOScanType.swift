/// One channel's place in an IIO scan, as `scan_elements/*_type` states it: `[be|le]:[s|u]bits/storagebits[Xrepeat]>>shift`
/// (the kernel's `iio_show_fixed_type`). The value sits `shift` bits up inside `storagebits` stored in the given byte
/// order; `bits` of it count, sign-extended when `s`.
public struct IIOScanType: Sendable, Equatable, CustomStringConvertible {
    public var bigEndian: Bool
    public var signed: Bool
    public var bits: Int
    public var storageBits: Int
    public var repeats: Int
    public var shift: Int

    public init(bigEndian: Bool, signed: Bool, bits: Int, storageBits: Int, repeats: Int = 1, shift: Int = 0) {
        self.bigEndian = bigEndian
        self.signed = signed
        self.bits = bits
        self.storageBits = storageBits
        self.repeats = repeats
        self.shift = shift
    }

    /// The kernel's timestamp channel: `le:s64/64>>0`.
    public static let timestamp = IIOScanType(bigEndian: false, signed: true, bits: 64, storageBits: 64)

    /// Bytes one element takes in the scan (all its repeats); the kernel aligns it to this size.
    public var storageBytes: Int { storageBits / 8 * repeats }

    public var description: String {
        "\(bigEndian ? "be" : "le"):\(signed ? "s" : "u")\(bits)/\(storageBits)\(repeats > 1 ? "X\(repeats)" : "")>>\(shift)"
    }

    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var text: String
        public var reason: String
        public var description: String { "unknown scan type \"\(text)\" (\(reason); expected [be|le]:[s|u]bits/storagebits[Xrepeat]>>shift)" }
    }

    /// Parses the attribute's text (a trailing newline allowed). Storage must be 8, 16, 32 or 64 bits, the value
    /// and its shift must fit inside it, and a repeat is at most 64: anything else is refused, never guessed.
    public init(parsing raw: String) throws(ParseError) {
        var text = Substring(raw)
        while let last = text.last, last == "\n" || last == " " { text.removeLast() }
        func fail(_ reason: String) -> ParseError { ParseError(text: String(raw.prefix(64)), reason: reason) }
        var bytes = Array(text.utf8)[...]
        func number() -> Int? {
            var value = 0, digits = 0
            while let b = bytes.first, b >= 0x30, b <= 0x39 {
                guard digits < 4 else { return nil }
                value = value * 10 + Int(b - 0x30)
                digits += 1
                bytes = bytes.dropFirst()
            }
            return digits == 0 ? nil : value
        }
        func take(_ s: String) -> Bool {
            let u = Array(s.utf8)
            guard bytes.starts(with: u) else { return false }
            bytes = bytes.dropFirst(u.count)
            return true
        }
        let big: Bool
        if take("be:") { big = true } else if take("le:") { big = false } else { throw fail("byte order is not be or le") }
        let sign: Bool
        if take("s") { sign = true } else if take("u") { sign = false } else { throw fail("sign is not s or u") }
        guard let bits = number(), take("/"), let storage = number() else { throw fail("no bits/storagebits") }
        var repeats = 1
        if take("X") {
            guard let r = number() else { throw fail("no repeat count after X") }
            repeats = r
        }
        guard take(">>"), let shift = number(), bytes.isEmpty else { throw fail("no >>shift at the end") }
        guard [8, 16, 32, 64].contains(storage) else { throw fail("storage of \(storage) bits") }
        guard bits >= 1, shift + bits <= storage else { throw fail("\(bits) bits shifted by \(shift) do not fit in \(storage)") }
        guard repeats >= 1, repeats <= 64 else { throw fail("repeat \(repeats)") }
        self.init(bigEndian: big, signed: sign, bits: bits, storageBits: storage, repeats: repeats, shift: shift)
    }

    /// The value of repeat `element` of this channel, read at `offset` in `scan`. The caller guarantees the bytes
    /// are there (the layout sized the scan).
    @inline(__always)
    public func value(in scan: UnsafeRawBufferPointer, at offset: Int, element: Int = 0) -> Int64 {
        let size = storageBits / 8
        let start = offset + element * size
        var word: UInt64 = 0
        if bigEndian {
            for i in 0..<size { word = word << 8 | UInt64(scan[start + i]) }
        } else {
            for i in stride(from: size - 1, through: 0, by: -1) { word = word << 8 | UInt64(scan[start + i]) }
        }
        word >>= UInt64(shift)
        if bits < 64 {
            word &= (1 << UInt64(bits)) - 1
            if signed && word & (1 << UInt64(bits - 1)) != 0 { word |= ~((1 << UInt64(bits)) - 1) }
        }
        return Int64(bitPattern: word)
    }
}
