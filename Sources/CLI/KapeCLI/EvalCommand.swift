import ArgumentParser
import Foundation
import Motion
import Reports
import Platform
import TextFormat

struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Score detections against the truth files in a directory.",
        discussion: """
            Replays every *.evemu / *.csv in DIR that has a *.truth.json beside it, matches detections of the same \
            kind from 50 ms before to 350 ms after each true threshold crossing, and prints precision, recall, F1 \
            and detection latency (median, p95) per trace and overall. Exit status: 0, 1 bad input, 2 usage.
            """)

    @Argument(help: "Directory with traces and *.truth.json files.")
    var dir: String

    @Flag(help: "Print one JSON summary line instead of the table.")
    var json = false

    @Option(help: "Detector: kape (the engine), naive (accelerometer angle + 1 s cooldown) or complementary (single-axis 0.98/0.02).")
    var detector: String = "kape"

    @OptionGroup var tuning: TiltOptions

    @Option(help: "Also write a self-contained HTML report: summary, traces worst first, each trace's plot inline.")
    var report: String?

    func validate() throws {
        // Every file of the folder is an input: the report must not replace a trace or a truth file.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        try OptionCheck.outputs([("--report", report)], inputs: names.map { (dir as NSString).appendingPathComponent($0) })
    }

    func run() throws {
        guard let kind = DetectorKind(rawValue: detector) else {
            throw ValidationError("--detector must be kape, naive or complementary")
        }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
            throw InputError("\(dir): not a directory")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        var rows: [EvalReport.Row] = []
        for name in names where name.hasSuffix(".evemu") || name.hasSuffix(".csv") {
            let path = (dir as NSString).appendingPathComponent(name)
            let truthPath = TruthFile.path(forTrace: path)
            guard FileManager.default.fileExists(atPath: truthPath) else { continue }
            let truth = try TruthFile.load(truthPath)
            var drawing = TracePlot()
            let result = try TraceReplay.run(path: path, settings: tuning.settings, baseline: kind,
                                             onSample: report == nil ? nil : { drawing.add($0, tilt: $1) })
            let svg = report == nil ? nil : drawing.render(result: result, truth: truth, settings: tuning.settings,
                                                           title: name, from: nil, to: nil, width: 1200).inlineText
            rows.append(EvalReport.Row(name: name, evaluation: Evaluation(detections: result.events, truth: truth), svg: svg))
        }
        guard !rows.isEmpty else { throw InputError("\(dir): no *.evemu or *.csv trace with a *.truth.json beside it") }
        let total = rows.reduce(Evaluation()) { $0 + $1.evaluation }
        if let report {
            try OutputFile.write(EvalReport.html(rows: rows, total: total, detector: kind.rawValue, directory: dir), to: report)
        }
        if json {
            var line = JSONLine()
            line.add("detector", kind.rawValue)
            line.add("traces", rows.count)
            line.add("truth", total.truePositives + total.falseNegatives)
            line.add("detected", total.truePositives + total.falsePositives)
            line.add("tp", total.truePositives)
            line.add("fp", total.falsePositives)
            line.add("fn", total.falseNegatives)
            line.add("precision", total.precision, decimals: 4)
            line.add("recall", total.recall, decimals: 4)
            line.add("f1", total.f1, decimals: 4)
            var latency = JSONLine()
            latency.add("median", total.latencyMedian * 1000, decimals: 1)
            latency.add("p95", total.latencyP95 * 1000, decimals: 1)
            line.addRaw("latency_ms", latency.text)
            Console.out(line.text + "\n")
            return
        }
        let width = max(5, rows.map(\.name.count).max() ?? 0)
        var out = pad("trace", width) + "   tp   fp   fn  precision  recall      F1  median ms  p95 ms\n"
        for r in rows { out += format(r.name, r.evaluation, width) }
        out += format("overall", total, width)
        Console.out(out)
    }

    private func format(_ name: String, _ e: Evaluation, _ width: Int) -> String {
        pad(name, width) + " " + lpad("\(e.truePositives)", 4) + " " + lpad("\(e.falsePositives)", 4) + " "
            + lpad("\(e.falseNegatives)", 4) + " " + lpad(fixed(e.precision, 4), 10) + " " + lpad(fixed(e.recall, 4), 7)
            + " " + lpad(fixed(e.f1, 4), 7) + " " + lpad(e.latencies.isEmpty ? "-" : fixed(e.latencyMedian * 1000, 1), 10)
            + " " + lpad(e.latencies.isEmpty ? "-" : fixed(e.latencyP95 * 1000, 1), 7) + "\n"
    }
}

func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
func lpad(_ s: String, _ n: Int) -> String { String(repeating: " ", count: max(0, n - s.count)) + s }
