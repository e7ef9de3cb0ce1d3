import Foundation
import Plot
import Reports
import Testing

/// The plots' text never overlaps, whatever the file name: every text box (a generous estimate from DejaVu Sans's
/// widest glyphs, independent of the layout code's own) is inside the picture, meets no other and no line; data
/// labels (class="data") are exempt from meeting each other. Curves are clipped to their chart; the |a| lane is in g.
@Suite struct PlotLayoutTests {
    struct Box { var x0, y0, x1, y1: Double; var text: String }

    /// Widest glyphs per class in DejaVu Sans (em): what the test assumes text may take.
    static func estimate(_ s: String, size: Double, bold: Bool) -> Double {
        let em = s.reduce(0.0) { w, c in
            if "mwMW@%…—".contains(c) || c.unicodeScalars.first!.value > 0x2E80 { return w + 1.0 }
            return w + (c.isUppercase ? 0.78 : 0.62)
        }
        return em * size * (bold ? 1.15 : 1)
    }

    static func attribute(_ name: String, _ tag: Substring) -> String? {
        guard let r = tag.range(of: " \(name)=\"") else { return nil }
        return String(tag[r.upperBound...].prefix { $0 != "\"" })
    }

    static func unescape(_ s: String) -> String {
        s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// (layout boxes, data boxes, line segments, document width) from the SVG text.
    static func parse(_ svg: String) -> (layout: [Box], data: [Box], lines: [(Double, Double, Double, Double)], width: Double) {
        var layout: [Box] = [], data: [Box] = [], lines: [(Double, Double, Double, Double)] = []
        let width = Double(attribute("width", svg[svg.range(of: "<svg")!.lowerBound...].prefix { $0 != ">" }) ?? "0") ?? 0
        for element in svg.components(separatedBy: "\n") {
            let e = Substring(element)
            if e.hasPrefix("<line") {
                let v = ["x1", "y1", "x2", "y2"].map { Double(attribute($0, e) ?? "0") ?? 0 }
                lines.append((v[0], v[1], v[2], v[3]))
            }
            guard e.hasPrefix("<text"), let close = e.firstIndex(of: ">"), let end = e.range(of: "</text>") else { continue }
            let text = unescape(String(e[e.index(after: close)..<end.lowerBound]))
            let x = Double(attribute("x", e)!)!, y = Double(attribute("y", e)!)!, size = Double(attribute("font-size", e)!)!
            let w = estimate(text, size: size, bold: attribute("font-weight", e) == "bold")
            let box: Box
            if e.contains("rotate(-90") {
                box = Box(x0: x - size, y0: y - w / 2, x1: x + 0.25 * size, y1: y + w / 2, text: text)
            } else {
                let anchor = attribute("text-anchor", e) ?? "start"
                let start: Double = anchor == "end" ? x - w : anchor == "middle" ? x - w / 2 : x
                box = Box(x0: start, y0: y - 0.8 * size, x1: start + w, y1: y + 0.25 * size, text: text)
            }
            if attribute("class", e) == "data" { data.append(box) } else { layout.append(box) }
        }
        return (layout, data, lines, width)
    }

    static func overlap(_ a: Box, _ b: Box) -> Bool { a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 }

    static func crosses(_ l: (Double, Double, Double, Double), _ b: Box) -> Bool {
        // Lines in the plots are horizontal or vertical.
        let (x1, y1, x2, y2) = l
        return min(x1, x2) < b.x1 && max(x1, x2) > b.x0 && min(y1, y2) < b.y1 && max(y1, y2) > b.y0
    }

    static func checkLayout(_ svg: String, _ what: String) {
        let (layout, data, lines, width) = parse(svg)
        #expect(!layout.isEmpty)
        for (i, a) in layout.enumerated() {
            #expect(a.x0 >= 0 && a.x1 <= width, "\(what): '\(a.text)' leaves the picture (\(a.x0)…\(a.x1) of \(width))")
            for b in layout[(i + 1)...] where overlap(a, b) { Issue.record("\(what): '\(a.text)' overlaps '\(b.text)'") }
            for b in data where overlap(a, b) { Issue.record("\(what): '\(a.text)' overlaps the data label '\(b.text)'") }
            for l in lines where crosses(l, a) { Issue.record("\(what): a line crosses '\(a.text)'") }
        }
    }

    @Test(arguments: ["r.evemu", String(repeating: "Wm", count: 90) + ".evemu", "kape-" + String(repeating: "x", count: 40) + ".evemu"])
    func replayPlotTextNeverOverlaps(name: String) throws {
        let tmp = try TemporaryDirectory()
        // A trace without resolution: its |a| lane must still be in g.
        let trace = tmp.path(name)
        let synth = try KapeRun.run(["trace", "synth", "--seed", "3", "--seconds", "20", "--unknown-resolution", "-o", trace])
        #expect(synth.status == 0, "\(synth.stderr)")
        let svgPath = tmp.path("p.svg")
        let r = try KapeRun.run(["replay", trace, "--plot", svgPath])
        #expect(r.status == 0, "\(r.stderr)")
        let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
        Self.checkLayout(svg, "replay \(name.prefix(12))")
        // Every curve is clipped to its chart.
        for path in svg.components(separatedBy: "\n") where path.hasPrefix("<path") && path.contains("fill=\"none\" stroke=") && path.contains("stroke-linejoin") {
            #expect(path.contains("clip-path=\"url(#"), "an unclipped curve")
        }
        // The |a| lane's ticks: g, not raw counts.
        let panels = svg.components(separatedBy: "\n").filter { $0.hasPrefix("<rect") && $0.contains("fill=\"\(Palette.panel)\"") }
        let lane = Substring(panels.last ?? "")
        let top = Double(Self.attribute("y", lane) ?? "") ?? 0
        let bottom = top + (Double(Self.attribute("height", lane) ?? "") ?? 0)
        let inLane = Self.parse(svg).layout.filter { box in box.y0 > top - 6 && box.y1 < bottom + 6 && box.x1 <= 70 }
        let ticks = inLane.compactMap { Double($0.text) }
        #expect(!ticks.isEmpty && ticks.max()! <= 5, "|a| ticks \(ticks)")
    }

    @Test func latencyPlotLabelsMeetNoHeadingAndNoLine() {
        // p99 near the right edge, p50 and p99 of both series close together: where the old labels collided.
        var triggers: [LatencyPlot.Trigger] = []
        for i in 0..<200 {
            let internalMs = 1 + Double(i % 7) * 0.1
            let audibleMs: Double = i >= 196 ? 20 : 6 + Double(i % 5) * 0.2
            triggers.append(LatencyPlot.Trigger(traceTime: Double(i) * 0.3, internalMs: internalMs, audibleMs: audibleMs))
        }
        for title in ["kape bench latency demo.evemu", "kape bench latency " + String(repeating: "M", count: 150)] {
            let svg = LatencyPlot.render(triggers: triggers, xrunTraceTimes: [10, 20], duration: 60, title: title).text
            Self.checkLayout(svg, "latency")
            #expect(svg.contains("audible: p50") && svg.contains("p99 20 ms"))
        }
    }
}

/// A title of 150 000 characters (a stretch with 12 000 speed changes) fits in one pass: taking characters out
/// of the middle one by one, measuring again each time, took minutes.
@Suite struct LongTitleTests {
    @Test func aVeryLongTitleKeepsItsEndsAndFits() {
        let title = "start " + String(repeating: "0.005:1.5, ", count: 14_000) + " end"
        let fitted = SVGDocument.fitting(title, size: 15, width: 1090, bold: true)
        #expect(SVGDocument.textWidth(fitted, size: 15, bold: true) <= 1090)
        #expect(fitted.hasPrefix("start ") && fitted.hasSuffix(" end") && fitted.contains("…"))
        #expect(SVGDocument.fitting("short", size: 15, width: 1090) == "short")
    }
}
