import Platform

/// Text handling the transcript readers share: decoding, lines, markup.
enum TranscriptText {
    /// UTF-8 as WebVTT decodes it: invalid bytes become U+FFFD, one leading BOM is dropped.
    static func utf8(_ bytes: [UInt8]) -> String {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        return String(decoding: body, as: UTF8.self)
    }

    /// Subtitle files as players meet them: a BOM names UTF-8, UTF-16 or UTF-32 (either byte order); without one,
    /// valid UTF-8 is UTF-8, and anything else is in the legacy encoding uchardet detects (GB18030, Big5, Shift-JIS,
    /// EUC-KR, KOI8-R, windows-125x …), else windows-1252 — named in `warning`, since that is a guess.
    static func subtitle(_ bytes: [UInt8]) -> (text: String, warning: String?) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (String(decoding: bytes[3...], as: UTF8.self), nil) }
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) { return (utf32(bytes[4...], bigEndian: false), nil) }
        if bytes.starts(with: [0, 0, 0xFE, 0xFF]) { return (utf32(bytes[4...], bigEndian: true), nil) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (utf16(bytes[2...], bigEndian: false), nil) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (utf16(bytes[2...], bigEndian: true), nil) }
        if let text = String(validating: bytes, as: UTF8.self) { return (text, nil) }
        // ISO-8859-1 is read as its superset windows-1252, as browsers and players do.
        if let guess = EncodingDetector.guess(bytes), !["WINDOWS-1252", "ISO-8859-1"].contains(guess.iconv),
           let text = LegacyText.decode(bytes, encoding: guess.iconv) {
            return (text, "not UTF-8: detected as \(guess.name) and read as that; save it as UTF-8 to be sure")
        }
        return (windows1252(bytes), "not UTF-8: read as windows-1252 (legacy 8-bit Western); save it as UTF-8 to be sure")
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i + 1 < bytes.endIndex {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(bigEndian ? a << 8 | b : b << 8 | a)
            i += 2
        }
        // A lone last byte is half a character.
        return String(decoding: units, as: UTF16.self) + (i < bytes.endIndex ? "\u{FFFD}" : "")
    }

    private static func utf32(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        var out = String.UnicodeScalarView()
        var i = bytes.startIndex
        while i + 3 < bytes.endIndex {
            let b = (0..<4).map { UInt32(bytes[i + $0]) }
            let v = bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
            out.append(Unicode.Scalar(v) ?? "\u{FFFD}")
            i += 4
        }
        if i < bytes.endIndex { out.append("\u{FFFD}") }
        return String(out)
    }

    /// windows-1252: Latin-1 but for 0x80–0x9F, where it has typographic characters (the five unassigned bytes
    /// keep their C1 code points, as browsers decode them).
    private static func windows1252(_ bytes: [UInt8]) -> String {
        let high: [UInt32] = [0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
                              0x0152, 0x8D, 0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
                              0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178]
        var out = String.UnicodeScalarView()
        for b in bytes {
            let v = (0x80...0x9F).contains(b) ? high[Int(b - 0x80)] : UInt32(b)
            out.append(Unicode.Scalar(v) ?? "\u{FFFD}")
        }
        return String(out)
    }

    /// The lines of `text`: CRLF, CR and LF each end one (a break at the very end starts no further line) and NUL
    /// becomes U+FFFD, as the WebVTT parser's preprocessing says. Line `n` of the file is element `n - 1`.
    static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousCR = false
        var endedWithBreak = false
        for u in text.unicodeScalars {
            endedWithBreak = false
            if u == "\n" && previousCR { previousCR = false; endedWithBreak = true; continue }
            previousCR = u == "\r"
            if u == "\r" || u == "\n" {
                lines.append(String(current)); current = String.UnicodeScalarView(); endedWithBreak = true
                continue
            }
            current.append(u == "\0" ? "\u{FFFD}" : u)
        }
        if !endedWithBreak { lines.append(String(current)) }
        return lines
    }

    /// Space or tab only (or nothing): what ends an SRT block.
    static func isBlank(_ line: String) -> Bool { line.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" } }

    /// Cue text without markup: tags (`<v Anna>`, `<i>`, `<00:01.000>`) removed, character references decoded, and
    /// with `braces` SRT's `{\an8}` overrides removed too.
    static func plain(_ s: String, braces: Bool) -> String {
        guard s.contains(where: { $0 == "<" || $0 == "&" || $0 == "{" }) else { return s }
        var out = ""
        var i = s.startIndex
        // Once no closing character is left, no later opening one can find one: stop looking (else n² on "<<<<…").
        var angleCloses = true, braceCloses = true
        while i < s.endIndex {
            let c = s[i]
            if c == "<" && angleCloses {
                if let close = s[i...].firstIndex(of: ">") { i = s.index(after: close); continue }
                angleCloses = false
            }
            if braces && braceCloses && c == "{" && s[s.index(after: i)...].first == "\\" {
                if let close = s[i...].firstIndex(of: "}") { i = s.index(after: close); continue }
                braceCloses = false
            }
            if c == "&", let (decoded, next) = entity(s, at: i) { out += decoded; i = next; continue }
            out.append(c)
            i = s.index(after: i)
        }
        return out
    }

    private static let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "nbsp": "\u{00A0}", "quot": "\"",
                                                   "apos": "'", "lrm": "\u{200E}", "rlm": "\u{200F}"]

    private static func entity(_ s: String, at i: String.Index) -> (String, String.Index)? {
        let rest = s[s.index(after: i)...]
        guard let semi = rest.prefix(12).firstIndex(of: ";") else { return nil }
        let name = String(rest[rest.startIndex..<semi])
        let next = s.index(after: semi)
        if let v = named[name] { return (v, next) }
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            if let v = value, v != 0, let scalar = Unicode.Scalar(v) { return (String(Character(scalar)), next) }
        }
        return nil
    }
}
