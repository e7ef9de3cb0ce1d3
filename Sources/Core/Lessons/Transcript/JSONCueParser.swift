import Foundation

/// JSON cues: `{"cues": [{"start": 1.0, "end": 2.5, "text": "…", "id": "…"}]}` or the bare array; seconds. Text is
/// taken as it is (no markup). A cue with missing or bad fields is skipped with a warning; bad JSON is an error.
public enum JSONCueParser {
    public static func parse(_ bytes: [UInt8], file: String) throws -> Transcript {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
        } catch {
            let ns = error as NSError
            let line = (ns.userInfo["NSJSONSerializationErrorIndex"] as? Int).map { offset in
                1 + bytes.prefix(offset).filter { $0 == UInt8(ascii: "\n") }.count
            } ?? 1
            throw TranscriptError(file: file, line: line, "bad JSON")
        }
        let list: [Any]
        if let a = root as? [Any] { list = a } else if let o = root as? [String: Any], let a = o["cues"] as? [Any] { list = a } else {
            throw TranscriptError(file: file, line: 1, "expected an array of cues or {\"cues\": [...]}")
        }
        var cues: [Cue] = []
        var lines: [Int] = []
        var log = WarningLog(file: file)
        let elementLines = elementLines(in: bytes)
        for (n, item) in list.enumerated() {
            let line = n < elementLines.count ? elementLines[n] : 1
            func skip(_ why: String) { log.add(line: line, "cue \(n + 1) skipped: \(why)") }
            guard let o = item as? [String: Any] else { skip("not an object"); continue }
            guard let start = number(o["start"]) else { skip("missing or bad \"start\" (seconds)"); continue }
            guard let end = number(o["end"]) else { skip("missing or bad \"end\" (seconds)"); continue }
            guard start >= 0, end <= Transcript.maxSeconds else { skip("times must be 0 to 3600000 seconds (1000 hours)"); continue }
            guard end >= start else { skip("it ends before it starts"); continue }
            guard let text = o["text"] as? String else { skip("missing \"text\""); continue }
            let id: String? = switch o["id"] {
            case nil, is NSNull: nil
            case let s as String: s
            case let v?: "\(v)"
            }
            cues.append(Cue(id: id, start: start, end: end, text: text))
            lines.append(line)
        }
        log.checkOrder(cues.map(\.start), lines: lines)
        return Transcript(cues: cues, lines: lines, warnings: log.warnings)
    }

    private static func number(_ v: Any?) -> Double? {
        guard let n = v as? NSNumber else { return nil }
        let d = n.doubleValue
        return d.isFinite ? d : nil
    }

    /// The line where each element of the cue array starts, found in one pass (for messages). The cue array is
    /// the root array, or the array under a top-level "cues" key.
    private static func elementLines(in bytes: [UInt8]) -> [Int] {
        let (newline, quote, backslash) = (UInt8(ascii: "\n"), UInt8(ascii: "\""), UInt8(ascii: "\\"))
        var out: [Int] = []
        var line = 1, depth = 0, arrayDepth = -1
        var inString = false, escaped = false, expecting = false
        var string: [UInt8] = [], lastTopString: [UInt8] = []
        for b in bytes {
            if b == newline { line += 1 }
            if inString {
                if escaped { escaped = false } else if b == backslash { escaped = true } else if b == quote {
                    inString = false
                    if depth == 1 { lastTopString = string }
                } else if string.count < 5 { string.append(b) }  // enough to tell "cues" from anything else
                continue
            }
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { continue }
            if depth == arrayDepth && expecting && b != UInt8(ascii: "]") { out.append(line); expecting = false }
            switch b {
            case quote: inString = true; string = []
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if b == UInt8(ascii: "[") && arrayDepth == -1 && (depth == 0 || (depth == 1 && lastTopString == Array("cues".utf8))) {
                    arrayDepth = depth + 1
                    expecting = true
                }
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth < arrayDepth { arrayDepth = -2 }  // the cue array is closed
            case UInt8(ascii: ","): if depth == arrayDepth { expecting = true }
            default: break
            }
        }
        return out
    }
}
