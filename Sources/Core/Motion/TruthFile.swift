import Foundation
import Platform
import TextFormat

/// `*.truth.json` beside a trace: `{"events": [{"t": seconds, "kind": "correct"|"pass"}, ...]}`, what the tilt
/// truly did (written by `kape trace synth`, read by `kape eval` and `kape replay --plot`).
public enum TruthFile {
    private struct Document: Codable { var events: [TruthEvent] }

    public static func path(forTrace trace: String) -> String {
        var base = trace
        if let dot = base.lastIndex(of: "."), !base[dot...].contains("/") { base = String(base[..<dot]) }
        return base + ".truth.json"
    }

    /// Throws `TraceError` (the file and what is wrong, with line and column for broken JSON) or `FileError`.
    public static func load(_ path: String) throws -> [TruthEvent] {
        let data = Data(try InputFile.read(path, as: .truth))
        let events: [TruthEvent]
        do {
            events = try JSONFile.decode(Document.self, from: data, file: path).events
        } catch let e as JSONFileError {
            let expected = #" (expected {"events": [{"t": seconds, "kind": "correct"|"pass"}]})"#
            throw TraceError(file: path, line: e.line, (e.place.isEmpty ? "" : e.place + ": ") + e.message + expected)
        }
        if let i = events.firstIndex(where: { !$0.t.isFinite }) {
            throw TraceError(file: path, "events[\(i)].t: \(events[i].t) is not a finite number of seconds")
        }
        return events
    }

    public static func write(_ events: [TruthEvent], to path: String) throws {
        let lines = events.map { "    {\"t\": \(fixed($0.t, 6)), \"kind\": \"\($0.kind.rawValue)\"}" }
        let text = "{\"events\": [\n" + lines.joined(separator: ",\n") + (lines.isEmpty ? "" : "\n") + "]}\n"
        try OutputFile.write(text, to: path)
    }
}
