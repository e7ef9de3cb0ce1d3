import Foundation
import Platform
import Motion
import TextFormat

/// `*.truth.json` beside a trace: `{"events": [{"t": seconds, "kind": "correct"|"pass"}, ...]}`.
enum TruthFile {
    private struct Document: Codable { var events: [TruthEvent] }

    static func path(forTrace trace: String) -> String {
        var base = trace
        if let dot = base.lastIndex(of: "."), !base[dot...].contains("/") { base = String(base[..<dot]) }
        return base + ".truth.json"
    }

    static func load(_ path: String) throws -> [TruthEvent] {
        let data = Data(try InputFile.read(path, as: .truth))
        do {
            let events = try JSONDecoder().decode(Document.self, from: data).events
            for e in events where !e.t.isFinite {
                throw InputError("\(path): event time \(e.t) is not a finite number of seconds")
            }
            return events
        } catch let error as InputError {
            throw error
        } catch let DecodingError.dataCorrupted(context) {
            throw InputError("\(path): not valid JSON: \(context.underlyingError.map { "\($0)" } ?? context.debugDescription)")
        } catch let DecodingError.keyNotFound(key, context) {
            throw InputError("\(path): missing \"\(key.stringValue)\" at \(pathText(context.codingPath)): expected {\"events\": [{\"t\": seconds, \"kind\": \"correct\"|\"pass\"}]}")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw InputError("\(path): wrong type at \(pathText(context.codingPath)): \(context.debugDescription)")
        }
    }

    static func write(_ events: [TruthEvent], to path: String) throws {
        let lines = events.map { "    {\"t\": \(fixed($0.t, 6)), \"kind\": \"\($0.kind.rawValue)\"}" }
        let text = "{\"events\": [\n" + lines.joined(separator: ",\n") + (lines.isEmpty ? "" : "\n") + "]}\n"
        try OutputFile.write(text, to: path)
    }

    private static func pathText(_ path: [CodingKey]) -> String {
        path.isEmpty ? "the top level" : path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}
