import ArgumentParser
import Foundation
import Motion
import Platform
import TextFormat
import Reports

extension TraceFormat: ExpressibleByArgument {}

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a recorded motion trace and print every tilt gesture it contains.",
        discussion: """
            Prints one JSON object per gesture: {"t": <trace seconds>, "event": "correct"|"pass", "tilt": <degrees>}.
            Exit status: 0 success, 1 bad input, 2 usage error.
            """)

    @Argument(help: "An evemu recording (evemu-record) or a kape CSV trace.")
    var trace: String

    @Option(help: "Trace format (default: from the file name, .csv is CSV, anything else evemu).")
    var format: TraceFormat?

    @Flag(help: "One JSON object per line (the default; kept for symmetry with other commands).")
    var json = false

    @Flag(name: .shortAndLong, help: "Say how the trace was read and calibrated, on stderr.")
    var verbose = false

    @OptionGroup var tuning: TiltOptions

    @Option(help: "How the recording's axes map onto the canonical frame, e.g. x,-z,y (default: the driver's table, else identity).")
    var axes: String?

    @Option(help: "Also draw the replay as an SVG: tilt, thresholds, calibration, gestures, truth, gaps, |a|.")
    var plot: String?

    @Option(help: "Plot from this trace time (s).")
    var from: Double?

    @Option(help: "Plot up to this trace time (s).")
    var to: Double?

    func validate() throws {
        try OptionCheck.number(from, "--from", -1e10...1e10, " s")
        try OptionCheck.number(to, "--to", -1e10...1e10, " s")
        if let from, let to, to <= from { throw ValidationError("--to must be after --from") }
        try OptionCheck.outputs([("--plot", plot)], inputs: [trace, TruthFile.path(forTrace: trace)])
        if plot == nil && (from != nil || to != nil) { throw ValidationError("--from and --to apply to --plot") }
    }

    func run() throws {
        var drawing = TracePlot()
        let wantsPlot = plot != nil
        let map: AxisMap?
        do { map = try axes.map { try AxisMap(parsing: $0) } } catch { throw ValidationError("\(error)") }
        let result = try TraceReplay.run(path: trace, format: format, settings: tuning.settings, axes: map,
                                         onSample: wantsPlot ? { drawing.add($0, tilt: $1) } : nil)
        if let plot {
            let truthPath = TruthFile.path(forTrace: trace)
            let truth = FileManager.default.fileExists(atPath: truthPath) ? try TruthFile.load(truthPath) : nil
            let name = (trace as NSString).lastPathComponent
            let svg = drawing.render(result: result, truth: truth, settings: tuning.settings, title: "kape replay \(name)", from: from, to: to)
            try OutputFile.write(svg.text, to: plot)
        }
        var out = ""
        out.reserveCapacity(result.events.count * 48)
        for e in result.events {
            var line = JSONLine()
            line.add("t", e.stamp.seconds, decimals: 6)
            line.add("event", e.kind.rawValue)
            line.add("tilt", e.tilt, decimals: 1)
            out += line.text + "\n"
        }
        Console.out(out)
        if verbose { Console.err(describe(result)) }
    }

    private func describe(_ r: TraceReplay.Result) -> String {
        let s = r.summary
        var lines: [String] = []
        if let d = s.device {
            lines.append("device: \(d.name) (bus \(hex4(d.bus)) vendor \(hex4(d.vendor)) product \(hex4(d.product)))")
        }
        lines.append("format: \(s.format.rawValue), \(s.samples) samples from \(fixed(s.firstStamp, 3)) s to \(fixed(s.lastStamp, 3)) s")
        if s.format == .evemu { lines.append("axes: \(s.axes) (\(s.axesSource))") }
        lines.append(s.hasGyro ? "estimator: gyro + accelerometer fusion" : "estimator: accelerometer only (no gyro)")
        if s.gyroIgnored { lines.append("gyro axes have no resolution (deg/s unknown): ignored, accelerometer only") }
        if s.accelScaleDerived, let n = r.neutral {
            lines.append("accelerometer resolution is 0 (unknown): scale derived from the still neutral period, 1 g = \(fixed(1 / n.accelScale, 1)) units")
        }
        if let n = r.neutral {
            lines.append("calibrated at \(fixed(n.stamp.seconds, 3)) s: up = (\(fixed(n.up.x, 3)), \(fixed(n.up.y, 3)), \(fixed(n.up.z, 3)))\(n.up.y < 0 ? " (landscape flipped)" : ""), gyro bias = (\(fixed(n.gyroBias.x, 2)), \(fixed(n.gyroBias.y, 2)), \(fixed(n.gyroBias.z, 2))) deg/s")
        }
        let c = s.assembler
        if c.dropped > 0 { lines.append("SYN_DROPPED: \(c.dropped), \(c.discardedEvents) events discarded until the next SYN_REPORT") }
        if c.ignoredEvents > 0 { lines.append("ignored \(c.ignoredEvents) events a motion node does not use (other types or codes)") }
        if c.clockResets > 0 { lines.append("MSC_TIMESTAMP jumped \(c.clockResets) times: event time used for those samples") }
        lines.append("events: \(r.events.count)")
        return lines.map { "kape: " + $0 }.joined(separator: "\n") + "\n"
    }
}

func hex4(_ v: UInt16) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: 4 - s.count) + s
}

/// Gate thresholds as options; defaults are the game's.
struct TiltOptions: ParsableArguments {
    @Option(help: "Degrees past neutral at which a gesture fires.")
    var fire: Double = TiltSettings().fireDegrees

    @Option(help: "Degrees from neutral within which the gate re-arms.")
    var rearm: Double = TiltSettings().rearmDegrees

    func validate() throws {
        try OptionCheck.number(fire, "--fire", 1...89, " degrees")
        try OptionCheck.number(rearm, "--rearm", 0...89, " degrees")
        guard rearm < fire else { throw ValidationError("--rearm must be below --fire") }
    }

    var settings: TiltSettings {
        var s = TiltSettings()
        s.fireDegrees = fire
        s.rearmDegrees = rearm
        return s
    }
}
