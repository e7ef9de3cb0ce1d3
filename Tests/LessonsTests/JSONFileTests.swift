import Foundation
import Testing
import TextFormat

/// The one JSON reading helper: where a file breaks, and what was expected there.
@Suite struct JSONFileTests {
    struct Doc: Decodable { var events: [Event] }
    struct Event: Decodable { var t: Double; var kind: String }

    @Test func brokenJSONIsPlacedByLineAndColumn() {
        let text = "{\"events\": [\n  {\"t\": 1.5, \"kind\": \"pass\"},\n  {\"t\": , \"kind\": \"pass\"}\n]}\n"
        #expect(throws: JSONFileError.self) { try JSONFile.decode(Doc.self, from: Data(text.utf8), file: "x.json") }
        do {
            _ = try JSONFile.decode(Doc.self, from: Data(text.utf8), file: "x.json")
        } catch let e as JSONFileError {
            #expect(e.line == 3 && e.column == 9, "\(e)")
            #expect(e.description.hasPrefix("x.json:3:9: not valid JSON: expected a value"), "\(e)")
        } catch { Issue.record("\(error)") }
    }

    @Test func wrongShapesNameTheirPlace() throws {
        func message(_ text: String) -> String {
            do { _ = try JSONFile.decode(Doc.self, from: Data(text.utf8), file: "x.json"); return "" } catch { return "\(error)" }
        }
        #expect(message(#"{"events": [{"t": 1}]}"#) == #"x.json: events[0]: missing "kind""#)
        #expect(message(#"{"events": [{"t": "soon", "kind": "pass"}]}"#) == "x.json: events[0].t: expected a number")
        #expect(message(#"{"evnts": []}"#) == #"x.json: missing "events""#)
        #expect(message("{\"events\": [}") .hasPrefix("x.json:1:13: not valid JSON: expected a value"))
        #expect(message("") == "x.json:1:1: not valid JSON: expected a value (an object, array, string, number, true, false or null)")
    }

    enum Kind: String, Decodable { case correct, pass }
    struct Typed: Decodable { var kind: Kind }

    /// An enum value the field does not take: not Foundation's "Cannot initialize Kind from invalid String value".
    @Test func aValueTheFieldDoesNotTakeIsNamed() {
        #expect(throws: JSONFileError.self) { try JSONFile.decode([Typed].self, from: Data(#"[{"kind": "up"}]"#.utf8), file: "x.json") }
        do {
            _ = try JSONFile.decode([Typed].self, from: Data(#"[{"kind": "up"}]"#.utf8), file: "x.json")
        } catch {
            #expect("\(error)" == #"x.json: [0].kind: "up" is not one of the values this field takes"#)
        }
    }

    /// The syntax check agrees with Foundation's parser on valid and broken texts alike (mutations of real ones).
    @Test func syntaxAgreesWithFoundation() {
        let seeds = [#"{"a": [1, -2.5e3, true, false, null, "x\n\u00e9"], "b": {"c": {}}, "d": []}"#,
                     #"[{"t": 0.000001, "kind": "correct"}, 3, "s", [[]]]"#, "  \"just a string\" ", "0", "-0.5E+2"]
        let alphabet = Array(#"{}[]:,"\ -+.eE0123456789tfnrulsa"#.utf8) + [0x0A, 0x09, 0x01, 0xC3, 0xA9]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) }
        var disagreements: [String] = []
        for seed in seeds {
            for _ in 0..<400 {
                var bytes = Array(seed.utf8)
                for _ in 0..<(1 + next() % 3) {
                    let at = next() % (bytes.count + 1)
                    switch next() % 3 {
                    case 0 where at < bytes.count: bytes.remove(at: at)
                    case 1: bytes.insert(alphabet[next() % alphabet.count], at: at)
                    default: if at < bytes.count { bytes[at] = alphabet[next() % alphabet.count] }
                    }
                }
                let ours = JSONSyntax.firstProblem(in: bytes) == nil
                let foundation = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
                if ours != foundation { disagreements.append(String(decoding: bytes, as: UTF8.self)) }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test func deepNestingIsNotARecursion() {
        let deep = Array(repeating: UInt8(ascii: "["), count: 1_000_000)
        #expect(JSONSyntax.firstProblem(in: deep)?.offset == deep.count)
    }
}
