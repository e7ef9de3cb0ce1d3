import Foundation
import Motion
import TestSupport
import Testing

/// Every trace in traces/ replays to the events reviewed in its *.expected.jsonl: same kinds, times within 20 ms.
@Suite struct CorpusRegressionTests {
    static let root = URL(fileURLWithPath: packageRoot)
    static let traces = root.appendingPathComponent("traces")

    static var expectedFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: traces.path)) ?? []
        return names.filter { $0.hasSuffix(".expected.jsonl") }.sorted()
    }

    struct Expected: Decodable {
        var t: Double
        var event: String
        var tilt: Double
    }

    @Test func corpusIsPresent() {
        #expect(Self.expectedFiles.count >= 8)
        #expect(Self.expectedFiles.contains("demo-round.expected.jsonl"))
    }

    @Test(arguments: expectedFiles)
    func replayMatchesExpected(_ expectedName: String) throws {
        let base = String(expectedName.dropLast(".expected.jsonl".count))
        let candidates = [base + ".evemu", base + ".csv"].map { Self.traces.appendingPathComponent($0).path }
        let trace = try #require(candidates.first { FileManager.default.fileExists(atPath: $0) })
        let text = try String(contentsOf: Self.traces.appendingPathComponent(expectedName), encoding: .utf8)
        let expected = try text.split(separator: "\n").map { try JSONDecoder().decode(Expected.self, from: Data($0.utf8)) }
        let events = try TraceReplay.run(path: trace).events
        #expect(events.map(\.kind.rawValue) == expected.map(\.event), "kinds differ for \(base)")
        for (got, want) in zip(events, expected) {
            #expect(abs(got.stamp.seconds - want.t) <= 0.020, "\(base): \(got.kind) at \(got.stamp.seconds) s, expected \(want.t) s")
        }
    }

    @Test(arguments: expectedFiles)
    func detectionsMatchTheTruth(_ expectedName: String) throws {
        // The reviewed expectations are only worth keeping if they are right: every truth event found.
        let base = String(expectedName.dropLast(".expected.jsonl".count))
        let truthPath = Self.traces.appendingPathComponent(base + ".truth.json").path
        guard FileManager.default.fileExists(atPath: truthPath) else { return }
        let candidates = [base + ".evemu", base + ".csv"].map { Self.traces.appendingPathComponent($0).path }
        let trace = try #require(candidates.first { FileManager.default.fileExists(atPath: $0) })
        struct Doc: Decodable { var events: [TruthEvent] }
        let truth = try JSONDecoder().decode(Doc.self, from: Data(contentsOf: URL(fileURLWithPath: truthPath))).events
        let evaluation = Evaluation(detections: try TraceReplay.run(path: trace).events, truth: truth)
        #expect(evaluation.falseNegatives == 0 && evaluation.falsePositives == 0,
                "\(base): missed \(evaluation.missed), false \(evaluation.falseEvents)")
    }
}
