/// SubRip: blocks of an index line, `hh:mm:ss,mmm --> hh:mm:ss,mmm` (a dot works too, and trailing `X1:` positions
/// are ignored) and text lines, separated by blank lines. BOM and CRLF are fine; the index may be missing.
public enum SRTParser {
    public static func parse(_ bytes: [UInt8], file: String) throws -> Transcript {
        let lines = TranscriptText.lines(bytes)
        var cues: [Cue] = []
        var i = 0
        while i < lines.count {
            if TranscriptText.isBlank(lines[i]) { i += 1; continue }
            var id: String? = nil
            if !lines[i].contains("-->") {
                id = lines[i].trimmingCharacters(in: [" ", "\t"])
                i += 1
                guard i < lines.count, lines[i].contains("-->") else {
                    throw TranscriptError(file: file, line: min(i + 1, lines.count), "expected a time line 'hh:mm:ss,mmm --> hh:mm:ss,mmm' after cue \(id!)")
                }
            }
            let (start, end) = try timing(lines[i], file: file, line: i + 1)
            i += 1
            var text: [String] = []
            while i < lines.count && !TranscriptText.isBlank(lines[i]) { text.append(lines[i]); i += 1 }
            cues.append(Cue(id: id, start: start, end: end, text: TranscriptText.plain(text.joined(separator: "\n"))))
        }
        return Transcript(cues: cues)
    }

    static func timing(_ line: String, file: String, line number: Int) throws -> (Double, Double) {
        try TranscriptText.timing(line, file: file, line: number, format: "hh:mm:ss,mmm", timestamp: timestamp)
    }

    /// `h:mm:ss,mmm` with a comma or a dot, 1–3 millisecond digits (`,5` is 500 ms).
    static func timestamp(_ s: String) -> Double? {
        let parts = s.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        let sec = parts[2].split(whereSeparator: { $0 == "," || $0 == "." }).map(String.init)
        guard sec.count == 2 || (sec.count == 1 && !parts[2].contains(",") && !parts[2].contains(".")) else { return nil }
        let fields = [String(parts[0]), String(parts[1])] + sec
        guard fields.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        guard let h = Double(fields[0]), let m = Double(fields[1]), let s = Double(fields[2]), m < 60, s < 60 else { return nil }
        var ms = 0.0
        if sec.count == 2 {
            guard sec[1].count <= 3, let v = Double(sec[1]) else { return nil }
            ms = v * pow10(3 - sec[1].count)
        }
        return h * 3600 + m * 60 + s + ms / 1000
    }

    private static func pow10(_ n: Int) -> Double { n == 0 ? 1 : (n == 1 ? 10 : 100) }
}
