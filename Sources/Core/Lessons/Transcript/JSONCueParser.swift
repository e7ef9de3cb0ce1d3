import Foundation
import TextFormat

/// JSON cues: `{"cues": [{"start": 1.0, "end": 2.5, "text": "…", "id": "…"}]}` or the bare array; seconds. Text is
/// taken as it is (no markup). A cue with missing or bad fields is skipped with a warning; bad JSON is an error.
public enum JSONCueParser {
    public static func parse(_ bytes: [UInt8], file: String) throws -> Transcript {
        let root: CueFile
        do {
            root = try JSONFile.decode(CueFile.self, from: Data(bytes), file: file)
        } catch let error as JSONFileError {
            throw TranscriptError(file: file, line: error.line ?? 1, error.place.isEmpty ? error.message : "\(error.place): \(error.message)")
        } catch is CueFile.Shape {
            throw TranscriptError(file: file, line: 1, "expected an array of cues or {\"cues\": [...]}")
        }
        var cues: [Cue] = []
        var lines: [Int] = []
        var log = WarningLog(file: file)
        let elementLines = elementLines(in: bytes)
        for (n, item) in root.items.enumerated() {
            let line = n < elementLines.count ? elementLines[n] : 1
            switch item {
            case .skipped(let why): log.add(line: line, "cue \(n + 1) skipped: \(why)")
            case .cue(let cue):
                cues.append(cue)
                lines.append(line)
            }
        }
        log.checkOrder(cues.map(\.start), lines: lines)
        return Transcript(cues: cues, lines: lines, warnings: log.warnings)
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

/// The cue array through Codable, each element read field by field so one bad cue is skipped with its reason
/// instead of failing the file.
private struct CueFile: Decodable {
    struct Shape: Error {}
    enum Item { case cue(Cue), skipped(String) }
    var items: [Item] = []

    private enum Key: String, CodingKey { case cues, start, end, text, id, voice }

    init(from decoder: Decoder) throws {
        var list: UnkeyedDecodingContainer
        if let array = try? decoder.unkeyedContainer() {
            list = array
        } else if let object = try? decoder.container(keyedBy: Key.self), let array = try? object.nestedUnkeyedContainer(forKey: .cues) {
            list = array
        } else {
            throw Shape()
        }
        while !list.isAtEnd { items.append(Self.item(try list.superDecoder())) }
    }

    private static func item(_ decoder: Decoder) -> Item {
        guard let o = try? decoder.container(keyedBy: Key.self) else { return .skipped("not an object") }
        func seconds(_ key: Key) -> Double? {
            guard let d = try? o.decode(Double.self, forKey: key), d.isFinite else { return nil }
            return d
        }
        guard let start = seconds(.start) else { return .skipped("missing or bad \"start\" (seconds)") }
        guard let end = seconds(.end) else { return .skipped("missing or bad \"end\" (seconds)") }
        guard start >= 0, end <= Transcript.maxSeconds else { return .skipped("times must be 0 to 3600000 seconds (1000 hours)") }
        guard end >= start else { return .skipped("it ends before it starts") }
        guard let text = try? o.decode(String.self, forKey: .text) else { return .skipped("missing \"text\"") }
        // An id may be written as a string or a number; null or absent is none.
        let id: String?
        if !o.contains(.id) || (try? o.decodeNil(forKey: .id)) ?? true {
            id = nil
        } else if let s = try? o.decode(String.self, forKey: .id) {
            id = s
        } else if let n = try? o.decode(Double.self, forKey: .id) {
            id = n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : "\(n)"
        } else {
            id = nil
        }
        // Who speaks: a string, else none.
        let voice = (try? o.decodeIfPresent(String.self, forKey: .voice)).flatMap { $0?.isEmpty == false ? $0 : nil }
        return .cue(Cue(id: id, start: start, end: end, text: text, voice: voice))
    }
}
