import Platform

/// A plotting area with linear x and y scales, ticks, grid and labels.
public struct Axes: Sendable {
    public var x: Double, y: Double, width: Double, height: Double
    public var xRange: ClosedRange<Double>
    public var yRange: ClosedRange<Double>

    public init(x: Double, y: Double, width: Double, height: Double, xRange: ClosedRange<Double>, yRange: ClosedRange<Double>) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.xRange = xRange.lowerBound < xRange.upperBound ? xRange : xRange.lowerBound...(xRange.lowerBound + 1)
        self.yRange = yRange.lowerBound < yRange.upperBound ? yRange : yRange.lowerBound...(yRange.lowerBound + 1)
    }

    public func px(_ v: Double) -> Double { x + (v - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * width }
    public func py(_ v: Double) -> Double { y + height - (v - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound) * height }
    public func contains(x v: Double) -> Bool { xRange.contains(v) }

    /// Panel, grid, tick labels and axis titles.
    public func draw(into svg: inout SVGDocument, xLabel: String, yLabel: String, title: String? = nil) {
        svg.rect(x: x, y: y, width: width, height: height, fill: Palette.panel)
        for t in Self.ticks(xRange, target: max(2, Int(saturating: width / 90))) {
            svg.line(x1: px(t), y1: y, x2: px(t), y2: y + height, stroke: Palette.grid, width: 0.6)
            svg.text(Self.label(t), x: px(t), y: y + height + 15, size: 11, anchor: .middle, fill: Palette.muted)
        }
        for t in Self.ticks(yRange, target: max(2, Int(saturating: height / 40))) {
            svg.line(x1: x, y1: py(t), x2: x + width, y2: py(t), stroke: Palette.grid, width: 0.6)
            svg.text(Self.label(t), x: x - 6, y: py(t) + 4, size: 11, anchor: .end, fill: Palette.muted)
        }
        svg.text(xLabel, x: x + width / 2, y: y + height + 32, size: 12, anchor: .middle, fill: Palette.muted)
        svg.text(yLabel, x: x - 40, y: y + height / 2, size: 12, anchor: .middle, fill: Palette.muted, rotate: -90)
        if let title { svg.text(title, x: x, y: y - 8, size: 13, fill: Palette.text, weight: "bold") }
    }

    /// "Nice" tick values (1, 2, 5 × 10^k) covering the range.
    public static func ticks(_ range: ClosedRange<Double>, target: Int) -> [Double] {
        let span = range.upperBound - range.lowerBound
        guard span > 0, span.isFinite else { return [range.lowerBound] }
        let raw = span / Double(max(1, target))
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw { magnitude /= 10 }
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? magnitude * 10
        var t = (range.lowerBound / step).rounded(.up) * step
        var out: [Double] = []
        while t <= range.upperBound + step * 1e-9, out.count < 200 {
            out.append(abs(t) < step * 1e-9 ? 0 : t)
            t += step
        }
        return out
    }

    public static func label(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e9 { return String(Int64(saturating: v)) }
        let s = String((v * 1000).rounded() / 1000)
        return s
    }
}

/// A legend: coloured swatches with labels, laid out left to right.
public struct Legend: Sendable {
    public var items: [(label: String, color: String, shape: SVGDocument.Shape?)] = []
    public init() {}

    /// Left to right from `x`, on as many rows (18 px apart) as `width` needs; returns the last row's baseline.
    @discardableResult
    public func draw(into svg: inout SVGDocument, x: Double, y: Double, width: Double = .infinity) -> Double {
        var cx = x, cy = y
        for item in items {
            let w = 17 + SVGDocument.textWidth(item.label, size: 11) + 14
            if cx > x && cx + w > x + width { cx = x; cy += 18 }
            if let shape = item.shape {
                svg.marker(shape, x: cx + 6, y: cy - 4, size: 5, fill: item.color)
            } else {
                svg.rect(x: cx, y: cy - 9, width: 12, height: 10, fill: item.color)
            }
            svg.text(item.label, x: cx + 17, y: cy, size: 11, fill: Palette.text)
            cx += w
        }
        return cy
    }
}

/// A plot's title and legend: the title on the first row (its middle elided to the width, so any file name fits),
/// the legend on the rows below. Returns where the plotting can start.
public enum PlotHeader {
    public static func draw(into svg: inout SVGDocument, title: String, legend: Legend, x: Double, width: Double) -> Double {
        svg.text(SVGDocument.fitting(title, size: 15, width: width, bold: true), x: x, y: 24, size: 15, weight: "bold")
        let last = legend.draw(into: &svg, x: x, y: 46, width: width)
        return last + 12
    }
}
