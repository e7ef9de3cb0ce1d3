import Foundation

/// SubRip as players read it, in whatever encoding it came (see `TranscriptText.subtitle`): every line with `-->`
/// starts a cue, `hh:mm:ss,mmm --> hh:mm:ss,mmm` (a dot works too, milliseconds may be 1–3 digits or missing,
/// hours any number of digits, trailing `X1:` positions ignored), preceded by its number and followed by its text up
/// to the next cue, blank lines inside the text included. A cue whose time line does not read is skipped with a
/// warning; a file without any time line is not SubRip.
public enum SRTParser {
    public static func parse(_ bytes: [UInt8], file: String) throws -> Transcript {
        let decoded = TranscriptText.subtitle(bytes)
        let lines = TranscriptText.lines(decoded.text)
        var log = WarningLog(file: file)
        if let warning = decoded.warning { log.add(line: 1, warning) }
        let timings = lines.indices.filter { lines[$0].contains("-->") }
        guard let firstTiming = timings.first else {
            throw TranscriptError(file: file, line: 1, "not a SubRip file: no 'hh:mm:ss,mmm --> hh:mm:ss,mmm' time line")
        }
        // A cue's number (or a name on its own line) sits right above its time line.
        func idLine(above k: Int, after floor: Int) -> Int? {
            let i = k - 1
            guard i > floor, !TranscriptText.isBlank(lines[i]) else { return nil }
            let trimmed = lines[i].trimmingCharacters(in: [" ", "\t"])
            return trimmed.allSatisfy(\.isASCII) && trimmed.allSatisfy(\.isNumber) || i == 0 || TranscriptText.isBlank(lines[i - 1]) ? i : nil
        }
        if let stray = lines[..<(idLine(above: firstTiming, after: -1) ?? firstTiming)].firstIndex(where: { !TranscriptText.isBlank($0) }) {
            log.add(line: stray + 1, "text before the first cue ignored")
        }
        // A time line whose arrow lost a dash is no time line to a player: its cue runs into the one above. Said,
        // not mended, so the file is read as players read it.
        for i in lines.indices where !lines[i].contains("-->") && brokenArrow(lines[i]) {
            log.add(line: i + 1, "'\(WebVTTTiming.text(lines[i]))' looks like a time line with a broken arrow "
                    + "(expected '-->'): read as text of the cue above")
        }
        var cues: [Cue] = []
        var cueLines: [Int] = []
        for (n, k) in timings.enumerated() {
            let next = n + 1 < timings.count ? timings[n + 1] : lines.count
            let textEnd = n + 1 < timings.count ? (idLine(above: next, after: k) ?? next) : next
            let id = idLine(above: k, after: n > 0 ? timings[n - 1] : -1).map { lines[$0].trimmingCharacters(in: [" ", "\t"]) }
            switch timing(lines[k]) {
            case .failure(let f):
                log.add(line: k + 1, "cue skipped: \(f.reason)")
            case .success(let t) where t.end < t.start:
                log.add(line: k + 1, "cue skipped: it ends before it starts (\(WebVTTTiming.text(lines[k])))")
            case .success(let t):
                // Blank lines inside a cue's text are kept out of it: they would end the cue in WebVTT and in SRT.
                let text = lines[(k + 1)..<max(k + 1, textEnd)].filter { !TranscriptText.isBlank($0) }.joined(separator: "\n")
                cues.append(Cue(id: id, start: t.start, end: t.end, text: TranscriptText.plain(text, braces: true)))
                cueLines.append(k + 1)
            }
        }
        log.checkOrder(cues.map(\.start), lines: cueLines)
        return Transcript(cues: cues, lines: cueLines, warnings: log.warnings)
    }

    /// `start -> end` (or `->` with any spacing): two timestamps around an arrow short of a dash.
    static func brokenArrow(_ line: String) -> Bool {
        let parts = line.components(separatedBy: "->")
        guard parts.count == 2 else { return false }
        let start = parts[0].trimmingCharacters(in: [" ", "\t", "-"])
        let end = String(parts[1].drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != "\t" })
        if case .success = timestamp(start), case .success = timestamp(end) { return true }
        return false
    }

    /// `start --> end`, any spacing, anything after the end time ignored.
    static func timing(_ line: String) -> Result<(start: Double, end: Double), WebVTTTiming.Failure> {
        let parts = line.components(separatedBy: "-->")
        guard parts.count == 2 else { return .failure(.init(reason: "more than one '-->' in '\(WebVTTTiming.text(line))'")) }
        let startText = parts[0].trimmingCharacters(in: [" ", "\t"])
        let endText = String(parts[1].drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != "\t" })
        switch (timestamp(startText), timestamp(endText)) {
        case (.failure(let f), _): return .failure(.init(reason: "bad start time '\(WebVTTTiming.text(startText))': \(f.reason)"))
        case (_, .failure(let f)): return .failure(.init(reason: "bad end time '\(WebVTTTiming.text(endText))': \(f.reason)"))
        case (.success(let s), .success(let e)): return .success((s, e))
        }
    }

    /// `[h:]mm:ss[,mmm]`: a comma or a dot before 1–3 digits of milliseconds (`,5` is 500 ms), or none.
    static func timestamp(_ s: String) -> Result<Double, WebVTTTiming.Failure> {
        let form = "expected hh:mm:ss,mmm"
        let fields = s.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3 else { return .failure(.init(reason: form)) }
        let last = fields[fields.count - 1].split(omittingEmptySubsequences: false) { $0 == "," || $0 == "." }
        guard last.count <= 2 else { return .failure(.init(reason: form)) }
        let numbers = fields.dropLast() + [last[0]]
        guard numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return .failure(.init(reason: form)) }
        guard numbers.dropFirst().allSatisfy({ $0.count <= 2 }), numbers[numbers.startIndex].count <= 12 else {
            return .failure(.init(reason: numbers[numbers.startIndex].count > 12 ? "beyond 1000 hours" : form))
        }
        let values = numbers.map { Double($0)! }
        let (h, m, sec) = values.count == 3 ? (values[0], values[1], values[2]) : (0, values[0], values[1])
        guard m <= 59, sec <= 59 else { return .failure(.init(reason: m > 59 ? "minutes above 59" : "seconds above 59")) }
        var ms = 0.0
        if last.count == 2 {
            let digits = last[1]
            guard (1...3).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return .failure(.init(reason: "milliseconds have 1 to 3 digits"))
            }
            ms = Double(digits)! * [100.0, 10, 1][digits.count - 1]
        }
        let t = h * 3600 + m * 60 + sec + ms / 1000
        guard t <= Transcript.maxSeconds else { return .failure(.init(reason: "beyond 1000 hours")) }
        return .success(t)
    }
}
