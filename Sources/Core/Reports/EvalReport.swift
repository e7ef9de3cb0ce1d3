import Motion
import Plot
import TextFormat

/// `kape eval --report`: one self-contained page (no network, no scripts) with the misses one scroll away.
public enum EvalReport {
    /// One trace: its evaluation and, when plotted, its SVG.
    public struct Row {
        public var name: String
        public var evaluation: Evaluation
        public var svg: String?
        public init(name: String, evaluation: Evaluation, svg: String?) { self.name = name; self.evaluation = evaluation; self.svg = svg }
    }

    public static func html(rows: [Row], total: Evaluation, detector: String, directory: String) -> String {
        // Worst first: lowest F1, then most errors, then slowest.
        let sorted = rows.sorted {
            ($0.evaluation.f1, -($0.evaluation.falsePositives + $0.evaluation.falseNegatives), -nanToZero($0.evaluation.latencyP95))
                < ($1.evaluation.f1, -($1.evaluation.falsePositives + $1.evaluation.falseNegatives), -nanToZero($1.evaluation.latencyP95))
        }
        var h = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>kape eval \(esc(directory))</title>
            <style>
            body { background: #14161a; color: #e6e6e6; font: 14px/1.45 "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 24px; }
            h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 32px; }
            .cards { display: flex; gap: 16px; flex-wrap: wrap; }
            .card { background: #1d2026; padding: 12px 18px; border-radius: 8px; min-width: 130px; }
            .card b { display: block; font-size: 24px; color: #39ff14; }
            table { border-collapse: collapse; margin-top: 16px; }
            th, td { padding: 4px 12px; text-align: right; border-bottom: 1px solid #3a3f48; }
            th:first-child, td:first-child { text-align: left; }
            tr.bad td { color: #ff3b5c; }
            a { color: #4da3ff; }
            svg { max-width: 100%; height: auto; }
            </style></head><body>
            <h1>kape eval — \(esc(directory)) — detector \(esc(detector))</h1>
            <div class="cards">
            \(card("F1", fixed(total.f1, 4)))\(card("precision", fixed(total.precision, 4)))\(card("recall", fixed(total.recall, 4)))
            \(card("latency median", ms(total.latencyMedian)))\(card("latency p95", ms(total.latencyP95)))
            \(card("traces", "\(rows.count)"))\(card("missed / false", "\(total.falseNegatives) / \(total.falsePositives)"))
            </div>
            <p>Detections match truth of the same kind from 50 ms before to 350 ms after the true threshold crossing.</p>
            <table><tr><th>trace</th><th>TP</th><th>FP</th><th>FN</th><th>precision</th><th>recall</th><th>F1</th><th>median</th><th>p95</th></tr>

            """
        for (i, r) in sorted.enumerated() {
            let e = r.evaluation
            let bad = e.falsePositives + e.falseNegatives > 0
            h += "<tr\(bad ? " class=\"bad\"" : "")><td><a href=\"#t\(i)\">\(esc(r.name))</a></td><td>\(e.truePositives)</td><td>\(e.falsePositives)</td><td>\(e.falseNegatives)</td><td>\(fixed(e.precision, 4))</td><td>\(fixed(e.recall, 4))</td><td>\(fixed(e.f1, 4))</td><td>\(ms(e.latencyMedian))</td><td>\(ms(e.latencyP95))</td></tr>\n"
        }
        h += "</table>\n"
        for (i, r) in sorted.enumerated() {
            h += "<h2 id=\"t\(i)\">\(esc(r.name)) — F1 \(fixed(r.evaluation.f1, 4))</h2>\n"
            if let svg = r.svg { h += svg }
        }
        return h + "</body></html>\n"
    }

    private static func card(_ label: String, _ value: String) -> String {
        "<div class=\"card\">\(esc(label))<b>\(esc(value))</b></div>"
    }

    private static func ms(_ seconds: Double) -> String { seconds.isNaN ? "–" : fixed(seconds * 1000, 1) + " ms" }
    private static func nanToZero(_ v: Double) -> Double { v.isNaN ? 0 : v }

    static func esc(_ s: String) -> String { Plot.escape(s) }
}
