import Foundation

/// One line of a transcript: shown from `start` to `end` (seconds of lesson audio).
public struct Cue: Sendable, Equatable, Codable {
    public var id: String?
    public var start: Double
    public var end: Double
    public var text: String

    public init(id: String? = nil, start: Double, end: Double, text: String) {
        self.id = id; self.start = start; self.end = end; self.text = text
    }
}

/// A parse failure that names the file and the 1-based line.
public struct TranscriptError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String
    public init(file: String, line: Int, _ message: String) { self.file = file; self.line = line; self.message = message }
    public var description: String { "\(file):\(line): \(message)" }
}

/// Cues in time order (by start, then end, then file order); overlaps are kept, as players show them.
public struct Transcript: Sendable, Equatable {
    public let cues: [Cue]

    public init(cues: [Cue]) {
        self.cues = cues.enumerated().sorted { a, b in
            if a.element.start != b.element.start { return a.element.start < b.element.start }
            if a.element.end != b.element.end { return a.element.end < b.element.end }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// The cue being heard at `t`: of the cues containing `t` (start ≤ t < end), the one that started last.
    public func cueIndex(at t: Double) -> Int? {
        // Binary search the last cue starting at or before t, then walk back to one still running.
        var lo = 0, hi = cues.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if cues[mid].start <= t { lo = mid + 1 } else { hi = mid }
        }
        var i = lo - 1
        while i >= 0 {
            if t < cues[i].end { return i }
            i -= 1
        }
        return nil
    }

    /// All the text, for searching.
    public var text: String { cues.map(\.text).joined(separator: "\n") }

    /// Loads a `.vtt`, `.srt` or `.json` transcript by extension.
    public static func load(path: String) throws -> Transcript {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TranscriptError(file: path, line: 0, "cannot read the file")
        }
        let bytes = [UInt8](data)
        switch name.split(separator: ".").last?.lowercased() {
        case "vtt": return try WebVTTParser.parse(bytes, file: path)
        case "srt": return try SRTParser.parse(bytes, file: path)
        case "json": return try JSONCueParser.parse(bytes, file: path)
        default: throw TranscriptError(file: path, line: 0, "unknown transcript type: use .vtt, .srt or .json")
        }
    }

    public static let extensions = ["vtt", "srt", "json"]
}

/// Shared text handling for the line-based formats.
enum TranscriptText {
    /// A cue's `start --> end` line (settings after the end time are ignored), with the format's own timestamp
    /// reader; `format` names the expected form in errors.
    static func timing(_ line: String, file: String, line number: Int, format: String,
                       timestamp: (String) -> Double?) throws -> (Double, Double) {
        let parts = line.components(separatedBy: "-->")
        guard parts.count == 2 else { throw TranscriptError(file: file, line: number, "expected 'start --> end'") }
        let startText = parts[0].trimmingCharacters(in: [" ", "\t"])
        let endText = String(parts[1].drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != "\t" })
        guard let start = timestamp(startText) else { throw TranscriptError(file: file, line: number, "bad start time '\(startText)' (\(format))") }
        guard let end = timestamp(endText) else { throw TranscriptError(file: file, line: number, "bad end time '\(endText)' (\(format))") }
        guard end >= start else { throw TranscriptError(file: file, line: number, "the cue ends before it starts") }
        return (start, end)
    }

    /// Lines of UTF-8 text (invalid bytes become U+FFFD), BOM dropped, CRLF / CR / LF all ending a line, NUL → U+FFFD.
    static func lines(_ bytes: [UInt8]) -> [String] {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        text = text.replacingOccurrences(of: "\0", with: "\u{FFFD}")
        var lines: [String] = []
        var current = ""
        var previousCR = false
        for u in text.unicodeScalars {
            if u == "\r" { lines.append(current); current = ""; previousCR = true; continue }
            if u == "\n" {
                if !previousCR { lines.append(current); current = "" }
                previousCR = false
                continue
            }
            previousCR = false
            current.unicodeScalars.append(u)
        }
        lines.append(current)
        return lines
    }

    static func isBlank(_ line: String) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }

    /// Removes markup tags (`<v Anna>`, `<i>`, `<00:01.000>`, SRT's `{\an8}`) and decodes character references.
    static func plain(_ s: String) -> String {
        var out = ""
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            if c == "<", let close = s[i...].firstIndex(of: ">") { i = s.index(after: close); continue }
            if c == "{", s[s.index(after: i)...].first == "\\", let close = s[i...].firstIndex(of: "}") {
                i = s.index(after: close); continue
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
