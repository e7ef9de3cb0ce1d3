import ArgumentParser
import Motion
import MotionSynthesis
import Platform
import TextFormat

/// Synthetic rounds through a detector in-process, per device profile: the accuracy benchmark and tuning loop.
struct Accuracy: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Score a detector on freshly synthesised rounds (no files), per device profile.")

    @Option(help: "Rounds per profile and orientation.")
    var rounds = 10

    @Option(help: "First seed; rounds use consecutive seeds.")
    var seed: UInt64 = 1000

    @Option(help: "kape, naive or complementary.")
    var detector: String = "kape"

    @Option(help: "Override a setting: name=value (fusionSeconds, rejectDegrees, rejectMagnitudeG, accelOnlySeconds, accelOnlyDwellSeconds, accelOnlySteadyG).")
    var set: [String] = []

    @Flag(help: "Print every miss and false event.")
    var verbose = false

    func validate() throws {
        try OptionCheck.number(rounds, "--rounds", 1...100_000)
        _ = try settings()
    }

    func run() throws {
        guard let kind = DetectorKind(rawValue: detector) else { throw ValidationError("--detector must be kape, naive or complementary") }
        var total = Evaluation()
        for profile in DeviceProfile.allCases {
            var sum = Evaluation()
            for flipped in [false, true] {
                for i in 0..<rounds {
                    var options = SyntheticTrace.Options()
                    options.profile = profile
                    options.flipped = flipped
                    let s = seed &+ UInt64(i) &* 2 &+ (flipped ? 1 : 0)
                    let trace = SyntheticTrace.generate(seed: s, options: options)
                    let (e, _) = SyntheticEvaluation.evaluate(trace, detector: kind, settings: try settings())
                    if verbose {
                        for m in e.missed { Console.out("  miss seed \(s) \(profile.rawValue) flipped=\(flipped) t=\(fixed(m.t, 3)) \(m.kind)\n") }
                        for f in e.falseEvents { Console.out("  false seed \(s) \(profile.rawValue) flipped=\(flipped) t=\(fixed(f.stamp, 3)) \(f.kind) \(fixed(f.tilt, 1))\n") }
                    }
                    sum = sum + e
                }
            }
            total = total + sum
            Console.out(line(profile.rawValue, sum))
        }
        Console.out(line("overall", total))
    }

    private func settings() throws -> TiltSettings {
        var s = TiltSettings()
        for item in set {
            let parts = item.split(separator: "=")
            guard parts.count == 2, let v = Double(parts[1]) else { throw ValidationError("--set takes name=value") }
            try OptionCheck.number(v, "--set \(parts[0])", 0...1000)
            switch parts[0] {
            case "fusionSeconds": s.fusionSeconds = v
            case "rejectDegrees": s.rejectDegrees = v
            case "rejectMagnitudeG": s.rejectMagnitudeG = v
            case "accelOnlySeconds": s.accelOnlySeconds = v
            case "accelOnlyDwellSeconds": s.accelOnlyDwellSeconds = v
            case "accelOnlySteadyG": s.accelOnlySteadyG = v
            default: throw ValidationError("unknown setting \(parts[0])")
            }
        }
        return s
    }

    private func line(_ name: String, _ e: Evaluation) -> String {
        let pad = String(repeating: " ", count: max(0, 12 - name.count))
        return "\(name)\(pad) tp \(e.truePositives) fp \(e.falsePositives) fn \(e.falseNegatives) P \(fixed(e.precision, 4)) R \(fixed(e.recall, 4)) F1 \(fixed(e.f1, 4)) latency median \(fixed(e.latencyMedian * 1000, 1)) ms p95 \(fixed(e.latencyP95 * 1000, 1)) ms\n"
    }
}
