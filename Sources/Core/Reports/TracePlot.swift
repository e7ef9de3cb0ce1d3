import Motion
import Platform
import Plot
import TextFormat

/// `kape replay --plot`: tilt over time with the thresholds, neutral band, calibration, detections, truth, gaps,
/// and a second lane with the accelerometer magnitude (where head acceleration shows).
public struct TracePlot {
    public var stamps: [Double] = []
    public var tilts: [Double] = []
    public var magnitudes: [Double] = []
    public var gaps: [Double] = []

    public init() {}

    public mutating func add(_ s: MotionSample, tilt: Double) {
        stamps.append(s.stamp.seconds)
        tilts.append(tilt)
        magnitudes.append((s.accel * s.accel).sum().squareRoot())
        if s.afterGap { gaps.append(s.stamp.seconds) }
    }

    public func render(result: TraceReplay.Result, truth: [TruthEvent]?, settings: TiltSettings, title: String,
                from: Double?, to: Double?, width: Double = 1400) -> SVGDocument {
        let start = from ?? stamps.first ?? 0
        let end = to ?? stamps.last ?? 1
        let left = 70.0, plotWidth = width - left - 30
        var legend = Legend()
        legend.items = [("tilt", Palette.series, nil), ("correct", Palette.correct, .triangleDown), ("pass", Palette.pass, .triangleUp)]
        if truth != nil { legend.items += [("truth", Palette.truth, .circle), ("missed / false", Palette.miss, .diamond)] }
        legend.items += [("±\(fixed(settings.rearmDegrees, 0))° neutral band", Palette.band, nil)]
        var measure = SVGDocument(width: width, height: 0)
        let top = PlotHeader.draw(into: &measure, title: title, legend: legend, x: left, width: plotWidth)
        var svg = SVGDocument(width: width, height: top + 500)
        _ = PlotHeader.draw(into: &svg, title: title, legend: legend, x: left, width: plotWidth)
        // A trace read in raw counts (no resolution given) is drawn in g through the scale its still period gave.
        let gScale = result.summary.accelScaleDerived ? (result.neutral?.accelScale ?? 1) : 1
        let accel = magnitudes.map { $0 * gScale }
        let tiltAxes = Axes(x: left, y: top + 6, width: plotWidth, height: 300, xRange: start...max(end, start + 0.1), yRange: -90...90)
        let accelAxes = Axes(x: left, y: top + 356, width: plotWidth, height: 100, xRange: tiltAxes.xRange, yRange: 0...max(2, (accel.max() ?? 1) * 1.05))
        tiltAxes.draw(into: &svg, xLabel: "", yLabel: "tilt (°)")

        // Neutral band, fire thresholds, calibration period.
        svg.rect(x: tiltAxes.x, y: tiltAxes.py(settings.rearmDegrees), width: tiltAxes.width,
                 height: tiltAxes.py(-settings.rearmDegrees) - tiltAxes.py(settings.rearmDegrees), fill: Palette.band, opacity: 0.25)
        for (v, color) in [(-settings.fireDegrees, Palette.correct), (settings.fireDegrees, Palette.pass)] {
            svg.line(x1: tiltAxes.x, y1: tiltAxes.py(v), x2: tiltAxes.x + tiltAxes.width, y2: tiltAxes.py(v), stroke: color, width: 1, dash: "6 4")
        }
        if let n = result.neutral {
            let a = max(start, n.stamp.seconds - settings.calibrationSeconds), b = min(end, n.stamp.seconds)
            if b > a {
                svg.rect(x: tiltAxes.px(a), y: tiltAxes.y, width: tiltAxes.px(b) - tiltAxes.px(a), height: tiltAxes.height, fill: Palette.secondary, opacity: 0.18)
                svg.text("calibration", x: tiltAxes.px(a) + 3, y: tiltAxes.y + 14, size: 11, fill: Palette.secondary, data: true)
            }
        }
        for g in gaps where tiltAxes.contains(x: g) {
            svg.line(x1: tiltAxes.px(g), y1: tiltAxes.y, x2: tiltAxes.px(g), y2: tiltAxes.y + tiltAxes.height, stroke: Palette.miss, width: 1.5, dash: "2 3")
            svg.text("gap", x: tiltAxes.px(g) + 2, y: tiltAxes.y + tiltAxes.height - 4, size: 10, fill: Palette.miss, data: true)
        }
        let tiltClip = svg.clip(x: tiltAxes.x, y: tiltAxes.y, width: tiltAxes.width, height: tiltAxes.height)
        svg.polyline(decimated(tilts, axes: tiltAxes), stroke: Palette.series, clip: tiltClip)

        // Detections, and truth when there is one.
        let evaluation = truth.map { Evaluation(detections: result.events, truth: $0) }
        let falseStamps = Set((evaluation?.falseEvents ?? []).map(\.stamp))
        for e in result.events where tiltAxes.contains(x: e.stamp.seconds) {
            let isFalse = falseStamps.contains(e.stamp)
            let color = isFalse ? Palette.miss : (e.kind == .correct ? Palette.correct : Palette.pass)
            let y = tiltAxes.py(max(-88, min(88, e.tilt)))
            svg.marker(isFalse ? .cross : (e.kind == .correct ? .triangleDown : .triangleUp), x: tiltAxes.px(e.stamp.seconds), y: y, size: 6, fill: color,
                       title: "\(e.kind.rawValue) at \(fixed(e.stamp.seconds, 3)) s, \(fixed(e.tilt, 1))°\(isFalse ? " (false)" : "")")
            svg.text(isFalse ? "false \(e.kind.rawValue)" : e.kind.rawValue, x: tiltAxes.px(e.stamp.seconds) + 7, y: y + (e.kind == .correct ? 14 : -8), size: 10, fill: color, data: true)
        }
        if let truth {
            let missed = Set((evaluation?.missed ?? []).map(\.t))
            for t in truth where tiltAxes.contains(x: t.t) {
                let isMiss = missed.contains(t.t)
                let y = tiltAxes.py(t.kind == .correct ? -settings.fireDegrees : settings.fireDegrees)
                svg.marker(isMiss ? .diamond : .circle, x: tiltAxes.px(t.t), y: y, size: isMiss ? 7 : 3, fill: isMiss ? Palette.miss : Palette.truth,
                           title: "truth \(t.kind.rawValue) at \(fixed(t.t, 3)) s\(isMiss ? " (missed)" : "")")
                if isMiss { svg.text("missed", x: tiltAxes.px(t.t) + 8, y: y + 4, size: 10, fill: Palette.miss, data: true) }
            }
        }

        accelAxes.draw(into: &svg, xLabel: "trace time (s)", yLabel: "|a| (g)")
        svg.line(x1: accelAxes.x, y1: accelAxes.py(1), x2: accelAxes.x + accelAxes.width, y2: accelAxes.py(1), stroke: Palette.muted, width: 0.8, dash: "4 4")
        let accelClip = svg.clip(x: accelAxes.x, y: accelAxes.y, width: accelAxes.width, height: accelAxes.height)
        svg.polyline(decimated(accel, axes: accelAxes), stroke: Palette.secondary, width: 1, clip: accelClip)
        return svg
    }

    /// At most two points (min and max) per horizontal pixel: exact-looking, small files.
    private func decimated(_ values: [Double], axes: Axes) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        var bucket = -1
        var lo = 0.0, hi = 0.0, loT = 0.0, hiT = 0.0
        func flush() {
            guard bucket >= 0 else { return }
            if loT <= hiT { out.append((axes.px(loT), axes.py(lo))); out.append((axes.px(hiT), axes.py(hi))) } else { out.append((axes.px(hiT), axes.py(hi))); out.append((axes.px(loT), axes.py(lo))) }
        }
        for (i, t) in stamps.enumerated() where axes.contains(x: t) {
            let v = max(axes.yRange.lowerBound, min(axes.yRange.upperBound, values[i]))
            let b = Int(saturating: axes.px(t))
            if b != bucket {
                flush()
                bucket = b
                lo = v; hi = v; loT = t; hiT = t
            } else {
                if v < lo { lo = v; loT = t }
                if v > hi { hi = v; hiT = t }
            }
        }
        flush()
        return out
    }
}
