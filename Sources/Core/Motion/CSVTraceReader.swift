import Platform

/// Reads the project's CSV traces: `# kape-trace 1`, a header `t,ax,ay,az[,gx,gy,gz]`, one sample per row in
/// seconds, g and deg/s. Blank lines and `#` comment lines are allowed anywhere after the first line.
public struct CSVTraceReader {
    public static let magic = "# kape-trace 1"
    /// Beyond these a value is a broken sensor or file, not motion.
    public static let maxAccelG = 64.0
    public static let maxGyroDps = 10_000.0

    public let file: String
    private let bytes: UnsafeRawBufferPointer

    public init(bytes: UnsafeRawBufferPointer, file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Calls `header` with whether the trace has gyro columns, then `sample` for every row.
    public func read(header: (_ hasGyro: Bool) throws -> Void, sample: (_ line: Int, MotionSample) throws -> Void) throws {
        guard let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else {
            throw TraceError(file: file, line: 1, "empty file: expected `\(Self.magic)`")
        }
        let total = bytes.count
        var position = 0
        var lineNo = 0
        var columns = 0
        var lastT = -Double.infinity

        while position < total {
            lineNo += 1
            let lineStart = position
            var lineEnd = lineStart
            while lineEnd < total, start[lineEnd] != 0x0A { lineEnd += 1 }
            position = lineEnd + 1
            if lineEnd > lineStart, start[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            let text = { String(decoding: UnsafeBufferPointer(start: start + lineStart, count: lineEnd - lineStart), as: UTF8.self) }

            if lineNo == 1 {
                var t = text()
                if t.hasPrefix("\u{FEFF}") { t.removeFirst() }
                guard t.trimmingBlanks == Self.magic else {
                    throw TraceError(file: file, line: 1, "expected `\(Self.magic)` as the first line, found `\(t.prefix(60))`")
                }
                continue
            }
            if lineEnd == lineStart || start[lineStart] == UInt8(ascii: "#") { continue }
            if columns == 0 {
                let names = text().split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters }
                if names == ["t", "ax", "ay", "az"] {
                    columns = 4
                } else if names == ["t", "ax", "ay", "az", "gx", "gy", "gz"] {
                    columns = 7
                } else {
                    throw TraceError(file: file, line: lineNo, "expected the header `t,ax,ay,az` or `t,ax,ay,az,gx,gy,gz`, found `\(text().prefix(60))`")
                }
                try header(columns == 7)
                continue
            }
            var values = SIMD8<Double>()
            var c = ByteCursor(base: start, index: lineStart, end: lineEnd)
            for i in 0..<columns {
                c.skipBlanks()
                guard let v = c.decimal() else {
                    throw TraceError(file: file, line: lineNo, "column \(i + 1): expected a finite decimal number, found `\(text().prefix(60))`")
                }
                values[i] = v
                c.skipBlanks()
                if i < columns - 1 {
                    guard c.expect(UInt8(ascii: ",")) else {
                        // Either the line ends early, or the value goes on with what no decimal has (`0x10`).
                        let why = c.atEnd ? "expected \(columns) comma-separated columns"
                                          : "column \(i + 1): expected a decimal number, then a comma"
                        throw TraceError(file: file, line: lineNo, "\(why), found `\(text().prefix(60))`")
                    }
                }
            }
            guard c.atEnd else {
                throw TraceError(file: file, line: lineNo, "expected \(columns) columns, found more: `\(text().prefix(60))`")
            }
            let t = values[0]
            guard t >= lastT else {
                throw TraceError(file: file, line: lineNo, "time goes backwards: t = \(t) after \(lastT)")
            }
            guard t >= 0, t < 1e9 else {
                throw TraceError(file: file, line: lineNo, "t = \(t): expected seconds between 0 and 1e9")
            }
            lastT = t
            for i in 1...3 where abs(values[i]) > Self.maxAccelG {
                throw TraceError(file: file, line: lineNo, "acceleration \(values[i]) g is beyond ±\(Int(saturating: Self.maxAccelG)) g")
            }
            if columns == 7 {
                for i in 4...6 where abs(values[i]) > Self.maxGyroDps {
                    throw TraceError(file: file, line: lineNo, "angular rate \(values[i]) deg/s is beyond ±\(Int(saturating: Self.maxGyroDps)) deg/s")
                }
            }
            let s = MotionSample(time: t, stamp: DeviceTime(seconds: t), accel: SIMD3(values[1], values[2], values[3]),
                                 gyro: columns == 7 ? SIMD3(values[4], values[5], values[6]) : .zero)
            try sample(lineNo, s)
        }
        if columns == 0 {
            throw TraceError(file: file, line: lineNo + 1, "expected the header `t,ax,ay,az[,gx,gy,gz]`, found the end of the file")
        }
    }
}

extension Substring {
    var trimmingCharacters: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}

extension ByteCursor {
    private static let powers: [Double] = (0...22).map { p in (0..<p).reduce(1.0) { r, _ in r * 10 } }

    /// A finite decimal: `-12.5`, `3`, `1e-3`. Common short forms are parsed exactly here; anything longer goes
    /// through the standard library.
    mutating func decimal() -> Double? {
        let from = index
        var negative = false
        if index < end, base[index] == UInt8(ascii: "-") || base[index] == UInt8(ascii: "+") {
            negative = base[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: Int64 = 0
        var digits = 0
        var fraction = 0
        while index < end, base[index] &- 0x30 < 10 {
            mantissa = mantissa &* 10 &+ Int64(base[index] &- 0x30)
            digits += 1
            index += 1
        }
        if index < end, base[index] == UInt8(ascii: ".") {
            index += 1
            while index < end, base[index] &- 0x30 < 10 {
                mantissa = mantissa &* 10 &+ Int64(base[index] &- 0x30)
                digits += 1
                fraction += 1
                index += 1
            }
        }
        guard digits > 0 else { index = from; return nil }
        // (The digit count alone decides too: a long number may end the line.)
        if digits > 15 || (index < end && (base[index] == UInt8(ascii: "e") || base[index] == UInt8(ascii: "E"))) {
            // Rare forms: let the standard library do it.
            while index < end, base[index] != UInt8(ascii: ","), base[index] != 0x20, base[index] != 0x09 { index += 1 }
            let text = String(decoding: UnsafeBufferPointer(start: base + from, count: index - from), as: UTF8.self)
            guard let v = Double(text), v.isFinite else { index = from; return nil }
            return v
        }
        let v = Double(mantissa) / Self.powers[fraction]
        return negative ? -v : v
    }
}
