/// WebVTT read as the W3C parser algorithm (and so every browser) reads it: only a missing `WEBVTT` signature makes
/// a file "not WebVTT"; a block whose timing line does not parse is dropped alone, with a warning. Blocks are
/// collected as the spec collects them (a cue's id is the line above its timing line; a line with `-->` inside a
/// cue ends that cue and starts the next; `STYLE`/`REGION` blocks before the first cue and `NOTE` blocks are not
/// cues); cue settings are read past. Payload markup is stripped and character references decoded.
public enum WebVTTParser {
    public static func parse(_ bytes: [UInt8], file: String) throws -> Transcript {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0, 0, 0xFE, 0xFF]) {
            throw TranscriptError(file: file, line: 1, "not a WebVTT file: it is UTF-16 or UTF-32, and WebVTT is always UTF-8")
        }
        let lines = TranscriptText.lines(TranscriptText.utf8(bytes))
        // The signature: WEBVTT alone on the first line, or followed by a space or a tab and anything.
        guard let first = lines.first, first.hasPrefix("WEBVTT"),
              first.unicodeScalars.count == 6 || [" ", "\t"].contains(first.unicodeScalars.dropFirst(6).first) else {
            throw TranscriptError(file: file, line: 1, "not a WebVTT file: the first line must be WEBVTT (alone, or followed by a space or a tab)")
        }
        var reader = BlockReader(lines: lines, file: file)
        reader.position = 1
        // A header follows the signature line directly; a blank line means there is none.
        if reader.position < lines.count && !lines[reader.position].isEmpty { reader.skipHeader() }
        reader.skipEmptyLines()
        while reader.position < lines.count {
            reader.collectBlock()
            reader.skipEmptyLines()
        }
        reader.log.checkOrder(reader.cues.map(\.start), lines: reader.cueLines)
        return Transcript(cues: reader.cues, lines: reader.cueLines, warnings: reader.log.warnings)
    }

    /// The spec's "collect a WebVTT block", over whole lines (the blocks always start at a line).
    private struct BlockReader {
        let lines: [String]
        var position = 0
        var cues: [Cue] = []
        var cueLines: [Int] = []
        var log: WarningLog
        /// A cue was seen: STYLE and REGION blocks after it are not style sheets or regions any more.
        var seenCue = false

        init(lines: [String], file: String) { self.lines = lines; log = WarningLog(file: file) }

        mutating func skipEmptyLines() { while position < lines.count && lines[position].isEmpty { position += 1 } }

        /// The header: lines up to a blank one, or up to a line with `-->`, which starts the first cue.
        mutating func skipHeader() {
            while position < lines.count && !lines[position].isEmpty && !lines[position].contains("-->") { position += 1 }
        }

        mutating func collectBlock() {
            let blockLine = position + 1
            var lineCount = 0
            var previous = position
            var buffer: [String] = []
            var seenArrow = false
            var cue: (start: Double, end: Double, line: Int, id: String)?
            var failedTiming: (line: Int, reason: String)?
            var isStyleOrRegion = false
            while position < lines.count {
                let line = lines[position]
                lineCount += 1
                position += 1
                if line.contains("-->") {
                    if lineCount == 1 || (lineCount == 2 && !seenArrow) {
                        seenArrow = true
                        previous = position
                        switch WebVTTTiming.parse(line) {
                        case .success(let t):
                            cue = (t.start, t.end, position, buffer.joined(separator: "\n"))
                            buffer = []
                            seenCue = true
                            if t.unspaced {
                                log.add(line: position, "no space around '-->': read as browsers read it, but not valid WebVTT")
                            }
                        case .failure(let e):
                            cue = nil
                            failedTiming = (position, e.reason)
                        }
                    } else {
                        position = previous
                        break
                    }
                } else if line.isEmpty {
                    break
                } else {
                    if lineCount == 2 && !seenCue && buffer.count == 1 && (isKeyword(buffer[0], "STYLE") || isKeyword(buffer[0], "REGION")) {
                        isStyleOrRegion = true
                        buffer = []
                    }
                    buffer.append(line)
                    previous = position
                }
            }
            if let cue {
                // Kept, as the W3C parser keeps it (browsers never show it): a file's cues stay where they are.
                if cue.end < cue.start {
                    log.add(line: cue.line, "this cue ends before it starts (\(WebVTTTiming.text(lines[cue.line - 1]))): kept, but never shown")
                }
                cues.append(Cue(id: cue.id.isEmpty ? nil : cue.id, start: cue.start, end: cue.end,
                                text: TranscriptText.plain(buffer.joined(separator: "\n"), braces: false)))
                cueLines.append(cue.line)
            } else if let failedTiming {
                log.add(line: failedTiming.line, "cue skipped: \(failedTiming.reason)")
            } else if !isStyleOrRegion && !(buffer.first.map { isKeyword($0, "NOTE") } ?? true) {
                // Browsers drop it without a word; a person editing the file wants to know.
                log.add(line: blockLine, "block ignored: not a cue (no 'start --> end' line), NOTE, STYLE or REGION")
            }
        }

        /// `word` alone, or followed by whitespace (what the spec asks of NOTE, STYLE and REGION).
        func isKeyword(_ line: String, _ word: String) -> Bool {
            guard line.hasPrefix(word) else { return false }
            let rest = line.unicodeScalars.dropFirst(word.count)
            return word == "NOTE" ? rest.first.map { $0 == " " || $0 == "\t" } ?? true : rest.allSatisfy(WebVTTTiming.isWhitespace)
        }
    }
}

/// A cue's timing line, `start --> end [settings]`, as the spec's "collect WebVTT cue timings and settings" reads it.
enum WebVTTTiming {
    struct Failure: Error { var reason: String }

    static func isWhitespace(_ u: Unicode.Scalar) -> Bool { u == " " || u == "\t" || u == "\n" || u == "\u{0C}" || u == "\r" }

    static func parse(_ line: String) -> Result<(start: Double, end: Double, unspaced: Bool), Failure> {
        let s = Array(line.unicodeScalars)
        var i = 0
        func skipWhitespace() -> Bool {
            let from = i
            while i < s.count && isWhitespace(s[i]) { i += 1 }
            return i > from
        }
        _ = skipWhitespace()
        let start: Double
        switch timestamp(s, &i) {
        case .success(let t): start = t
        case .failure(let f): return .failure(Failure(reason: "bad start time in '\(text(line))': \(f.reason)"))
        }
        let spaceBefore = skipWhitespace()
        for c in "-->".unicodeScalars {
            guard i < s.count, s[i] == c else { return .failure(Failure(reason: "expected '-->' after the start time in '\(text(line))'")) }
            i += 1
        }
        let spaceAfter = skipWhitespace()
        switch timestamp(s, &i) {
        // What follows the end time is the cue's settings: Kape does not position text, so they are read past.
        case .success(let end): return .success((start, end, !(spaceBefore && spaceAfter)))
        case .failure(let f): return .failure(Failure(reason: "bad end time in '\(text(line))': \(f.reason)"))
        }
    }

    /// `[hh:]mm:ss.ttt`: hours any number of digits (two or more, or a first field above 59, means hours), minutes
    /// and seconds two digits below 60, milliseconds three.
    static func timestamp(_ s: [Unicode.Scalar], _ i: inout Int) -> Result<Double, Failure> {
        func digits() -> [Unicode.Scalar] {
            let from = i
            while i < s.count && ("0"..."9").contains(s[i]) { i += 1 }
            return Array(s[from..<i])
        }
        func value(_ d: [Unicode.Scalar]) -> Double {
            // Digits past the first 12 would only make the time larger than any audio; keep the value finite.
            d.count > 12 ? .infinity : d.reduce(0) { $0 * 10 + Double($1.value - 48) }
        }
        guard i < s.count, ("0"..."9").contains(s[i]) else { return .failure(Failure(reason: "expected a digit")) }
        let first = digits()
        let hoursFirst = first.count != 2 || value(first) > 59
        guard i < s.count, s[i] == ":" else { return .failure(Failure(reason: "expected ':' after \(String(String.UnicodeScalarView(first)))")) }
        i += 1
        let second = digits()
        guard second.count == 2 else { return .failure(Failure(reason: "minutes and seconds have two digits")) }
        let (h, m, sec): (Double, Double, Double)
        if hoursFirst || (i < s.count && s[i] == ":") {
            guard i < s.count, s[i] == ":" else { return .failure(Failure(reason: "expected ':' before the seconds")) }
            i += 1
            let third = digits()
            guard third.count == 2 else { return .failure(Failure(reason: "minutes and seconds have two digits")) }
            (h, m, sec) = (value(first), value(second), value(third))
        } else {
            (h, m, sec) = (0, value(first), value(second))
        }
        guard i < s.count, s[i] == "." else { return .failure(Failure(reason: "expected '.' and three digits of milliseconds")) }
        i += 1
        let ms = digits()
        guard ms.count == 3 else { return .failure(Failure(reason: "milliseconds have three digits")) }
        guard m <= 59 else { return .failure(Failure(reason: "minutes above 59")) }
        guard sec <= 59 else { return .failure(Failure(reason: "seconds above 59")) }
        let t = h * 3600 + m * 60 + sec + value(ms) / 1000
        guard t <= Transcript.maxSeconds else { return .failure(Failure(reason: "beyond 1000 hours")) }
        return .success(t)
    }

    /// A line quoted in a message: at most 60 characters.
    static func text(_ line: String) -> String {
        line.count <= 60 ? line : String(line.prefix(57)) + "…"
    }
}
