import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Plots render with a real SVG renderer into a PNG that is not blank, and the report opens in a real browser.
@Suite(.serialized) struct PlotTests {
    static func tool(_ name: String) -> String? {
        for dir in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
            return "\(dir)/\(name)"
        }
        return nil
    }

    @discardableResult
    static func run(_ path: String, _ args: [String]) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }

    /// Width, height and the number of distinct colours of a PNG, read by Python's zlib (no image library needed).
    static func pngStats(_ path: String) throws -> (width: Int, height: Int, colours: Int) {
        let script = """
            import sys, zlib, struct
            d = open(sys.argv[1], 'rb').read()
            assert d[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
            pos, idat, w, h, ct = 8, b'', 0, 0, 0
            while pos < len(d):
                n, t = struct.unpack('>I4s', d[pos:pos+8]); body = d[pos+8:pos+8+n]; pos += 12 + n
                if t == b'IHDR': w, h, bd, ct = struct.unpack('>IIBB', body[:10])
                if t == b'IDAT': idat += body
            raw = zlib.decompress(idat); bpp = {2: 3, 6: 4}[ct]; stride = w * bpp + 1
            colours = set()
            for y in range(0, h, max(1, h // 60)):
                row = raw[y*stride+1:(y+1)*stride]
                for x in range(0, w * bpp, bpp * max(1, w // 80)): colours.add(row[x:x+3])
            print(w, h, len(colours))
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script, path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let parts = String(decoding: data, as: UTF8.self).split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard parts.count == 3 else { return (0, 0, 0) }
        return (parts[0], parts[1], parts[2])
    }

    @Test func replayPlotIsWellFormedAndRendersNotBlank() throws {
        let dir = try TemporaryDirectory()
        let svg = dir.path("dropped.svg")
        let trace = CorpusRegressionTests.traces.appendingPathComponent("dropped.evemu").path
        #expect(try KapeRun.run(["replay", trace, "--plot", svg]).status == 0)
        let doc = try XMLDocument(contentsOf: URL(fileURLWithPath: svg))
        #expect(doc.rootElement()?.name == "svg")
        #expect(try doc.nodes(forXPath: "//*[local-name()='text']").count > 10)
        let rsvg = try #require(Self.tool("rsvg-convert"), "rsvg-convert (librsvg2-bin) is required")
        let png = dir.path("dropped.png")
        #expect(try Self.run(rsvg, [svg, "-o", png]) == 0)
        let stats = try Self.pngStats(png)
        #expect(stats.width == 1400 && stats.height >= 540 && stats.height <= 600)
        #expect(stats.colours > 5, "the plot rendered blank")
    }

    @Test func zoomedPlotKeepsOnlyTheWindow() throws {
        let dir = try TemporaryDirectory()
        let svg = dir.path("zoom.svg")
        let trace = CorpusRegressionTests.traces.appendingPathComponent("demo-round.evemu").path
        #expect(try KapeRun.run(["replay", trace, "--plot", svg, "--from", "3.5", "--to", "5"]).status == 0)
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains("<title>correct at 4."))
        #expect(!text.contains("<title>pass at"), "the pass at 7.1 s lies outside the window")
        #expect(try KapeRun.run(["replay", trace, "--plot", svg, "--from", "5", "--to", "3"]).status == 2)
    }

    @Test func evalReportIsSelfContainedAndOpensInABrowser() throws {
        let dir = try TemporaryDirectory()
        let html = dir.path("report.html")
        #expect(try KapeRun.run(["eval", CorpusRegressionTests.traces.path, "--report", html]).status == 0)
        let text = try String(contentsOfFile: html, encoding: .utf8)
        #expect(!text.contains("<script"))
        #expect(!text.contains("http://") || text.components(separatedBy: "http://").dropFirst().allSatisfy { $0.hasPrefix("www.w3.org/2000/svg") })
        #expect(text.components(separatedBy: "<svg").count - 1 == CorpusRegressionTests.expectedFiles.count)
        let chromium = try #require(Self.tool("chromium"), "chromium is required")
        let png = dir.path("report.png")
        let status = try Self.run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=1280,900",
                                             "--screenshot=\(png)", "file://\(html)"])
        #expect(status == 0)
        let stats = try Self.pngStats(png)
        #expect(stats.width == 1280)
        #expect(stats.colours > 5, "the report screenshot is blank")
    }
}

@Suite struct LatencyPlotTests {
    @Test func benchLatencyPlotRendersDistributionAndTimeline() throws {
        let dir = try TemporaryDirectory()
        let svg = dir.path("latency.svg")
        let trace = CorpusRegressionTests.traces.appendingPathComponent("demo-round.evemu").path
        let r = try KapeRun.run(["bench", "latency", trace, "--device", "wav:\(dir.path("out.wav"))", "--plot", svg, "--verbose"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("real-time priority"))
        #expect(r.stderr.contains("xruns:"))
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains("internal: p50") && text.contains("audible: p50") && text.contains(", p99"))
        #expect(text.components(separatedBy: "<title>audible").count - 1 == 2, "one audible marker per trigger")
        let rsvg = try #require(PlotTests.tool("rsvg-convert"))
        let png = dir.path("latency.png")
        #expect(try PlotTests.run(rsvg, [svg, "-o", png]) == 0)
        let stats = try PlotTests.pngStats(png)
        #expect(stats.width == 1200 && stats.height >= 760 && stats.height <= 840 && stats.colours > 5)
    }
}

@Suite struct StretchPlotTests {
    @Test func stretchPlotShowsBothWaveformsAndABentTimeMap() throws {
        let dir = try TemporaryDirectory()
        let svg = dir.path("stretch.svg")
        let lesson = CorpusRegressionTests.root.appendingPathComponent("lessons/cafe-bestellen/audio.ogg").path
        let r = try KapeRun.run(["stretch", lesson, dir.path("out.wav"), "--speed", "0.75", "--speed-change", "20:1.5", "--plot", svg])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains("Time map") && text.contains(">Input (") && text.contains(">Output ("))
        #expect(try KapeRun.run(["stretch", lesson, dir.path("x.wav"), "--speed-change", "5:3"]).status == 2)
        let rsvg = try #require(PlotTests.tool("rsvg-convert"))
        let png = dir.path("stretch.png")
        #expect(try PlotTests.run(rsvg, [svg, "-o", png]) == 0)
        let stats = try PlotTests.pngStats(png)
        #expect(stats.width == 1200 && stats.height == 760 && stats.colours > 5)
    }
}
