import Platform
import Plot

/// `kape bench latency --plot`: histogram and CDF of internal and audible latency with p50 / p99 marked, and a
/// timeline of the triggers with the xruns marked.
public enum LatencyPlot {
    public struct Trigger {
        var traceTime: Double
        var internalMs: Double
        var audibleMs: Double

        public init(traceTime: Double, internalMs: Double, audibleMs: Double) {
            self.traceTime = traceTime
            self.internalMs = internalMs
            self.audibleMs = audibleMs
        }
    }

    public static func render(triggers: [Trigger], xrunTraceTimes: [Double], duration: Double, title: String) -> SVGDocument {
        var legend = Legend()
        legend.items = [("internal", Palette.series, .circle), ("audible", Palette.pass, .diamond), ("xrun", Palette.miss, nil),
                        ("p50 and p99: dashed lines, values below the CDF", Palette.muted, nil)]
        var measure = SVGDocument(width: 1200, height: 0)
        let head = PlotHeader.draw(into: &measure, title: title, legend: legend, x: 70, width: 1090)
        var svg = SVGDocument(width: 1200, height: head + 750)
        _ = PlotHeader.draw(into: &svg, title: title, legend: legend, x: 70, width: 1090)
        let top = head + 24  // room for the panels' own titles
        let internalMs = triggers.map(\.internalMs), audibleMs = triggers.map(\.audibleMs)
        let topMs = max(1, (audibleMs + internalMs).max() ?? 1) * 1.1

        // Histograms side by side.
        let bins = 40
        let histogram = Axes(x: 70, y: top, width: 500, height: 250, xRange: 0...topMs,
                             yRange: 0...Double(max(1, maxBinCount(internalMs, topMs, bins), maxBinCount(audibleMs, topMs, bins))))
        histogram.draw(into: &svg, xLabel: "latency (ms)", yLabel: "triggers", title: "Histogram")
        for (values, color) in [(internalMs, Palette.series), (audibleMs, Palette.pass)] {
            let width = topMs / Double(bins)
            for (i, c) in counts(values, topMs, bins).enumerated() where c > 0 {
                let x0 = histogram.px(Double(i) * width), x1 = histogram.px(Double(i + 1) * width)
                svg.rect(x: x0, y: histogram.py(Double(c)), width: x1 - x0 - 1, height: histogram.py(0) - histogram.py(Double(c)), fill: color, opacity: 0.75)
            }
        }
        // CDFs.
        let cdf = Axes(x: 660, y: top, width: 500, height: 250, xRange: 0...topMs, yRange: 0...1)
        cdf.draw(into: &svg, xLabel: "latency (ms)", yLabel: "fraction of triggers", title: "CDF")
        for (values, color, name) in [(internalMs, Palette.series, "internal"), (audibleMs, Palette.pass, "audible")] {
            let sorted = values.sorted()
            var points: [(Double, Double)] = [(cdf.px(0), cdf.py(0))]
            for (i, v) in sorted.enumerated() {
                points.append((cdf.px(v), cdf.py(Double(i) / Double(sorted.count))))
                points.append((cdf.px(v), cdf.py(Double(i + 1) / Double(sorted.count))))
            }
            svg.polyline(points, stroke: color, width: 2)
            // The values go in a row of their own under the panels: beside the lines they met headings and lines.
            var values: [String] = []
            for (p, label) in [(0.5, "p50"), (0.99, "p99")] where !sorted.isEmpty {
                let v = sorted[min(sorted.count - 1, max(0, Int(saturating: (p * Double(sorted.count)).rounded(.up)) - 1))]
                for axes in [histogram, cdf] {
                    svg.line(x1: axes.px(v), y1: axes.y, x2: axes.px(v), y2: axes.y + axes.height, stroke: color, width: 1, dash: "4 3")
                }
                values.append("\(label) \(Axes.label((v * 100).rounded() / 100)) ms")
            }
            let row = top + 298 + (name == "internal" ? 0 : 18)
            svg.text("\(name): " + (values.isEmpty ? "no triggers" : values.joined(separator: ", ")), x: cdf.x, y: row, size: 12, fill: color)
        }
        // Timeline.
        let timeline = Axes(x: 70, y: top + 366, width: 1090, height: 300, xRange: 0...max(duration, 1), yRange: 0...topMs)
        timeline.draw(into: &svg, xLabel: "trace time (s)", yLabel: "latency (ms)", title: "Triggers over the replay")
        for t in xrunTraceTimes where timeline.contains(x: t) {
            svg.line(x1: timeline.px(t), y1: timeline.y, x2: timeline.px(t), y2: timeline.y + timeline.height, stroke: Palette.miss, width: 1.5)
        }
        for t in triggers {
            svg.marker(.circle, x: timeline.px(t.traceTime), y: timeline.py(t.internalMs), size: 4, fill: Palette.series,
                       title: "internal \(t.internalMs) ms at \(t.traceTime) s")
            svg.marker(.diamond, x: timeline.px(t.traceTime), y: timeline.py(t.audibleMs), size: 5, fill: Palette.pass,
                       title: "audible \(t.audibleMs) ms at \(t.traceTime) s")
        }
        return svg
    }

    private static func counts(_ values: [Double], _ top: Double, _ bins: Int) -> [Int] {
        var c = [Int](repeating: 0, count: bins)
        for v in values { c[min(bins - 1, max(0, Int(saturating: v / top * Double(bins))))] += 1 }
        return c
    }

    private static func maxBinCount(_ values: [Double], _ top: Double, _ bins: Int) -> Int { counts(values, top, bins).max() ?? 0 }
}
