import AudioDSP
import Plot

/// `kape stretch --plot`: the input and output waveforms (min/max per 10 ms) and the output→input time map, which
/// is straight for a constant speed and bends where the speed changed.
public struct StretchPlot {
    public let rate: Int
    private let bucket: Int
    private var input: [(Float, Float)] = []
    private var output: [(Float, Float)] = []
    private var inputFill = 0, outputFill = 0
    private var map: [(Double, Double)] = []

    public init(rate: Int) {
        self.rate = rate
        bucket = max(1, rate / 100)
    }

    public mutating func addInput(_ p: UnsafePointer<Float>, frames: Int, channels: Int) {
        Self.accumulate(p, frames: frames, channels: channels, bucket: bucket, into: &input, fill: &inputFill)
    }

    public mutating func addOutput(_ p: UnsafePointer<Float>, frames: Int, channels: Int, firstFrame: Int, map stretcher: WSOLAStretcher) {
        Self.accumulate(p, frames: frames, channels: channels, bucket: bucket, into: &output, fill: &outputFill)
        var o = (firstFrame / bucket + 1) * bucket
        while o < firstFrame + frames {
            map.append((Double(o) / Double(rate), stretcher.inputFrame(atOutput: Double(o)) / Double(rate)))
            o += bucket
        }
    }

    private static func accumulate(_ p: UnsafePointer<Float>, frames: Int, channels: Int, bucket: Int,
                                   into list: inout [(Float, Float)], fill: inout Int) {
        for f in 0..<frames {
            var v: Float = 0
            for c in 0..<channels { v += p[f * channels + c] }
            v /= Float(channels)
            if fill == 0 { list.append((v, v)) } else {
                let last = list[list.count - 1]
                list[list.count - 1] = (min(last.0, v), max(last.1, v))
            }
            fill = (fill + 1) % bucket
        }
    }

    public func render(title: String) -> SVGDocument {
        var svg = SVGDocument(width: 1200, height: 760)
        svg.text(SVGDocument.fitting(title, size: 15, width: 1090, bold: true), x: 70, y: 26, size: 15, weight: "bold")
        let step = Double(bucket) / Double(rate)
        let inSeconds = Double(input.count) * step, outSeconds = Double(output.count) * step
        func lane(_ data: [(Float, Float)], y: Double, seconds: Double, title: String, color: String) {
            let axes = Axes(x: 70, y: y, width: 1090, height: 130, xRange: 0...max(seconds, 0.01), yRange: -1...1)
            axes.draw(into: &svg, xLabel: "", yLabel: "", title: title)
            var points: [(Double, Double)] = []
            points.reserveCapacity(data.count * 2)
            for (i, (lo, hi)) in data.enumerated() {
                let x = axes.px(Double(i) * step)
                points.append((x, axes.py(Double(lo))))
                points.append((x, axes.py(Double(hi))))
            }
            svg.polyline(points, stroke: color, width: 0.8)
        }
        lane(input, y: 60, seconds: inSeconds, title: "Input (\(Axes.label((inSeconds * 10).rounded() / 10)) s)", color: Palette.series)
        lane(output, y: 240, seconds: outSeconds, title: "Output (\(Axes.label((outSeconds * 10).rounded() / 10)) s)", color: Palette.pass)
        let axes = Axes(x: 70, y: 420, width: 1090, height: 280, xRange: 0...max(outSeconds, 0.01), yRange: 0...max(inSeconds, 0.01))
        axes.draw(into: &svg, xLabel: "output time (s)", yLabel: "input time (s)", title: "Time map: output → input")
        svg.polyline(map.map { (axes.px($0.0), axes.py($0.1)) }, stroke: Palette.correct, width: 2)
        return svg
    }
}
