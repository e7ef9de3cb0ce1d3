import Foundation
import Testing

@Suite struct ReplayCLITests {
    @Test func usageErrorsExitTwo() throws {
        #expect(try KapeRun.run(["replay"]).status == 2)
        #expect(try KapeRun.run(["replay", "x.evemu", "--format", "wav"]).status == 2)
        #expect(try KapeRun.run(["replay", "x.evemu", "--fire", "120"]).status == 2)
        #expect(try KapeRun.run(["no-such-command"]).status == 2)
    }

    @Test func missingFileIsBadInputNamingTheFile() throws {
        let r = try KapeRun.run(["replay", "/nonexistent/trace.evemu"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("/nonexistent/trace.evemu"))
    }

    @Test func malformedLineNamesFileAndLine() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("bad.evemu")
        try "# EVEMU 1.3\nN: x\nI: 0003 0001 0002 0001\nA: 00 -10 10 0 0 1\nA: 01 -10 10 0 0 1\nA: 02 -10 10 0 0 1\nE: 0.000001 0003 0000 zz\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let r = try KapeRun.run(["replay", path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(path):7:"))
    }

    @Test func traceWithoutStillPeriodIsRejectedClearly() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("shaky.csv")
        var text = "# kape-trace 1\nt,ax,ay,az,gx,gy,gz\n"
        for i in 0..<500 {
            let t = Double(i) * 0.01
            text += "\(t),0,\(i % 2 == 0 ? 1.5 : 0.5),0,\(i % 2 == 0 ? 90 : -90),0,0\n"
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try KapeRun.run(["replay", path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("still"))
    }

    @Test func demoReplayPrintsJSONLines() throws {
        let demo = CorpusRegressionTests.traces.appendingPathComponent("demo-round.evemu").path
        let r = try KapeRun.run(["replay", demo])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count >= 2)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["t"] is Double)
            #expect(["correct", "pass"].contains(object?["event"] as? String))
            #expect(object?["tilt"] is Double)
        }
    }
}
