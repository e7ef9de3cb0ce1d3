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
        var warnings: [TranscriptWarning] = []
        for (n, item) in list.enumerated() {
            let line = lineOfObject(n, in: bytes)
            func skip(_ why: String) { warnings.append(TranscriptWarning(file: file, line: line, "cue \(n + 1) skipped: \(why)")) }
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
        return Transcript(cues: cues, lines: lines, warnings: warnings + orderWarning(Array(zip(cues.map(\.start), lines)), file: file))
    }

    private static func number(_ v: Any?) -> Double? {
        guard let n = v as? NSNumber else { return nil }
        let d = n.doubleValue
        return d.isFinite ? d : nil
    }

    /// Line of the n-th object opening at depth 2 (inside the cue array), for messages; 1 if not found.
    private static func lineOfObject(_ n: Int, in bytes: [UInt8]) -> Int {
        var line = 1, depth = 0, seen = -1, inString = false, escaped = false
        for b in bytes {
            if inString {
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
                if b == UInt8(ascii: "\n") { line += 1 }
                continue
            }
            switch b {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if b == UInt8(ascii: "{") && (depth == 1 || depth == 2) && isCueDepth(depth, bytes) { seen += 1; if seen == n { return line } }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return 1
    }

    private static func isCueDepth(_ depth: Int, _ bytes: [UInt8]) -> Bool {
        // A bare array holds cues at depth 1, a {"cues": [...]} object at depth 2.
        let first = bytes.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
        return first == UInt8(ascii: "[") ? depth == 1 : depth == 2
    }
}
