import Foundation
import Testing

/// `stretch --speed-change` with 12 000 changes took 8 s, and over ten minutes with `--plot` (issue 30).
@Suite struct StretchManyChangesTests {
    static func input(_ dir: TemporaryDirectory) throws -> String {
        let path = dir.path("in.wav")
        try soxSine(path, seconds: 60)
        return path
    }

    static func changes(_ n: Int) -> [String] { (0..<n).map { "\(Double($0) * 0.005):\($0 % 2 == 0 ? "0.75" : "1.5")" } }

    /// As comma-separated lists of 3 000 (one argument may hold at most 128 KiB).
    static func lists(_ n: Int) -> [String] {
        let all = changes(n)
        return stride(from: 0, to: n, by: 3_000).flatMap { ["--speed-change", all[$0..<min(n, $0 + 3_000)].joined(separator: ",")] }
    }

    @Test func twelveThousandChangesAsAListWithAPlot() throws {
        let dir = try TemporaryDirectory()
        let r = try KapeRun.run(["stretch", try Self.input(dir), dir.path("out.wav"), "--json", "--plot", dir.path("p.svg"),
                                ] + Self.lists(12_000))
        #expect(r.status == 0, "\(r.stderr)")
        let svg = try String(contentsOfFile: dir.path("p.svg"), encoding: .utf8)
        #expect(svg.contains("and 11992 more"))
    }

    @Test func tooManyOptionsAreAUsageErrorBeforeParsing() throws {
        let dir = try TemporaryDirectory()
        let r = try KapeRun.run(["stretch", dir.path("missing.wav"), dir.path("out.wav")]
                                + Self.changes(1_001).flatMap { ["--speed-change", $0] })
        #expect(r.status == 2)
        #expect(r.stderr.contains("--speed-change is given 1001 times, at most 1000") && r.stderr.contains("comma-separated"), "\(r.stderr)")
        let tooMany = try KapeRun.run(["stretch", dir.path("missing.wav"), dir.path("out.wav")] + Self.lists(20_001))
        #expect(tooMany.status == 2 && tooMany.stderr.contains("20001 changes, at most 20000"), "\(tooMany.stderr)")
    }
}
