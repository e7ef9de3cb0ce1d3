/// WebVTT as browsers read it: the `WEBVTT` signature, a header, then blocks separated by blank lines: cues (an
/// optional id line, `start --> end [settings]`, payload lines), `NOTE` comments, `STYLE` and `REGION` blocks.
/// Payload markup is stripped and character references decoded; a malformed timing line is an error at its line.
public enum WebVTTParser {
    public static func parse(_ bytes: [UInt8], file: String) throws -> Transcript {
        let lines = TranscriptText.lines(bytes)
        guard let first = lines.first, first.hasPrefix("WEBVTT"),
              first.count == 6 || first.dropFirst(6).first == " " || first.dropFirst(6).first == "\t" else {
            throw TranscriptError(file: file, line: 1, "not a WebVTT file: the first line must be WEBVTT")
        }
        var cues: [Cue] = []
        var i = 1
        // Header: everything up to the first blank line.
        while i < lines.count && !TranscriptText.isBlank(lines[i]) {
            if lines[i].contains("-->") { break }   // a cue right after the signature (lenient, as browsers are)
            i += 1
        }
        while i < lines.count {
            if TranscriptText.isBlank(lines[i]) { i += 1; continue }
            let blockStart = i
            let head = lines[i]
            if isKeyword(head, "NOTE") || isKeyword(head, "STYLE") || isKeyword(head, "REGION") {
                while i < lines.count && !TranscriptText.isBlank(lines[i]) { i += 1 }
                continue
            }
            var id: String? = nil
            var timingLine = blockStart
            if !head.contains("-->") {
                guard i + 1 < lines.count, lines[i + 1].contains("-->") else {
                    // Neither a cue nor a known block: browsers skip it, so do we.
                    while i < lines.count && !TranscriptText.isBlank(lines[i]) { i += 1 }
                    continue
                }
                id = head
                timingLine = i + 1
            }
            let (start, end) = try timing(lines[timingLine], file: file, line: timingLine + 1)
            i = timingLine + 1
            var payload: [String] = []
            while i < lines.count && !TranscriptText.isBlank(lines[i]) && !lines[i].contains("-->") {
                payload.append(lines[i]); i += 1
            }
            // A "-->" line inside a payload starts the next cue; step back to its id candidate if any.
            cues.append(Cue(id: id, start: start, end: end, text: TranscriptText.plain(payload.joined(separator: "\n"))))
        }
        return Transcript(cues: cues)
    }

    static func isKeyword(_ line: String, _ word: String) -> Bool {
        guard line.hasPrefix(word) else { return false }
        let next = line.dropFirst(word.count).first
        return next == nil || next == " " || next == "\t"
    }

    /// `start --> end` followed by optional settings.
    static func timing(_ line: String, file: String, line number: Int) throws -> (Double, Double) {
        try TranscriptText.timing(line, file: file, line: number, format: "mm:ss.ttt or hh:mm:ss.ttt", timestamp: timestamp)
    }

    /// `mm:ss.ttt` or `hh:mm:ss.ttt` (hours any number of digits, minutes and seconds two, below 60; milliseconds three).
    static func timestamp(_ s: String) -> Double? {
        let parts = s.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        let secParts = parts.last!.split(separator: ".", omittingEmptySubsequences: false)
        guard secParts.count == 2, secParts[1].count == 3, secParts[0].count == 2 else { return nil }
        let fields = parts.dropLast().map(String.init) + [String(secParts[0]), String(secParts[1])]
        guard fields.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        let numbers = fields.map { Double($0)! }
        let (h, m, sec, ms): (Double, Double, Double, Double)
        if parts.count == 3 {
            guard fields[0].count >= 1, fields[1].count == 2 else { return nil }
            (h, m, sec, ms) = (numbers[0], numbers[1], numbers[2], numbers[3])
        } else {
            guard fields[0].count == 2 else { return nil }
            (h, m, sec, ms) = (0, numbers[0], numbers[1], numbers[2])
        }
        guard m < 60, sec < 60 else { return nil }
        return h * 3600 + m * 60 + sec + ms / 1000
    }
}
