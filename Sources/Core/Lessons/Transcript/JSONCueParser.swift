import Foundation

/// JSON cues: `{"cues": [{"start": 1.0, "end": 2.5, "text": "…", "id": "…"}]}` or the bare array; seconds.
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
        for (n, item) in list.enumerated() {
            let line = lineOfObject(n, in: bytes)
            guard let o = item as? [String: Any] else { throw TranscriptError(file: file, line: line, "cue \(n + 1) is not an object") }
            guard let start = number(o["start"]), start >= 0 else { throw TranscriptError(file: file, line: line, "cue \(n + 1): missing or bad \"start\"") }
            guard let end = number(o["end"]), end >= start else { throw TranscriptError(file: file, line: line, "cue \(n + 1): missing \"end\", or it is before \"start\"") }
            guard let text = o["text"] as? String else { throw TranscriptError(file: file, line: line, "cue \(n + 1): missing \"text\"") }
            cues.append(Cue(id: o["id"].map { "\($0)" }, start: start, end: end, text: text))
        }
        return Transcript(cues: cues)
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
