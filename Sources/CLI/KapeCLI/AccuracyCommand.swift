import ArgumentParser
import Motion
import MotionSynthesis
import Platform
import TextFormat

/// Synthetic rounds through a detector in-process, per device profile: the accuracy benchmark and tuning loop.
struct Accuracy: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Score a detector on freshly synthesised rounds (no files), per device profile.")

    @Option(help: "Rounds per profile and orientation, 1 to 100000 (a 60-second round takes about 0.1 s; memory stays flat).")
    var rounds = 10

    @Option(help: "First seed; rounds use consecutive seeds.")
    var seed: UInt64 = 1000

    @Option(help: "kape, naive or complementary.")
    var detector: String = "kape"

    @Option(help: "Override a setting: name=value (fusionSeconds, rejectDegrees, rejectMagnitudeG, accelOnlySeconds, accelOnlyDwellSeconds, accelOnlySteadyG, accelOnlyVetoG, accelOnlyKnockG, accelOnlyObserver (0/1), observer*, vibration*, rest*, mirrorPassMarginDegrees, mirrorDwellFromMidInterval (0/1), dwellEndsOnSample (0/1), observerBetweenSamples (0/1), slowLowPassNeedsTwoSamples (0/1), driftedPassAgreementDegrees, tickPeriods: see TiltSettings).")
    var set: [String] = []

    @Option(help: "Profiles to run (repeatable; default: all).")
    var profile: [DeviceProfile] = []

    @OptionGroup var distractors: DistractorOptions

    @Option(help: "Accelerometer noise: each round draws its own from 0.002 g to this (g rms per axis).")
    var noise: Double?

    @Option(help: "Round length in seconds after the countdown, 5 to 3600.")
    var seconds: Double = 60

    @Flag(help: "Print every miss, false event and detection later than 150 ms.")
    var verbose = false

    @Flag(help: "Also score each profile's rounds by the device's report rate: 10–20, 20–50 and 50–100 Hz (iio-laptop draws its own per round).")
    var byRate = false

    /// Report-rate bands for `--by-rate`: a laptop's sensor hub may grant 10 Hz where 100 Hz was asked for.
    private static let rateBands: [(name: String, below: Double)] = [("10–20 Hz", 20), ("20–50 Hz", 50), ("50–100 Hz", .infinity)]

    func validate() throws {
        try OptionCheck.number(rounds, "--rounds", 1...100_000)
        try OptionCheck.number(seconds, "--seconds", 5...3600, " s")
        try OptionCheck.number(noise, "--noise", 0.002...0.2, " g")
        guard DetectorKind(rawValue: detector) != nil else { throw ValidationError("--detector must be kape, naive or complementary, got '\(printable(detector))'") }
        _ = try settings()
    }

    func run() throws {
        let kind = DetectorKind(rawValue: detector)!
        let tuning = try settings()
        var total = Evaluation()
        for profile in profile.isEmpty ? DeviceProfile.allCases : profile {
            var sum = Evaluation()
            var byBand = [Evaluation](repeating: Evaluation(), count: Self.rateBands.count)
            var causes: [String: Int] = [:]
            var calibration: [Double] = []
            var uncalibrated = 0
            for flipped in [false, true] {
                for i in 0..<rounds {
                    var options = SyntheticTrace.Options()
                    options.profile = profile
                    options.flipped = flipped
                    options.hardDistractors = distractors.hard
                    options.mashing = distractors.mashing
                    options.roundSeconds = seconds
                    let s = seed &+ UInt64(i) &* 2 &+ (flipped ? 1 : 0)
                    if let noise {
                        // Its own stream, so the round itself is the one the seed names without --noise.
                        var r = SeededGenerator(seed: s ^ 0x6e6f_6973_65)
                        options.accelNoise = r.uniform(0.002...noise)
                    }
                    let trace = SyntheticTrace.generate(seed: s, options: options)
                    let (e, _) = SyntheticEvaluation.evaluate(trace, detector: kind, settings: tuning)
                    if let d = SyntheticEvaluation.calibrationDelay(trace, settings: tuning) { calibration.append(d) } else { uncalibrated += 1 }
                    for f in e.falseEvents { causes[SyntheticEvaluation.cause(of: f, in: trace), default: 0] += 1 }
                    if verbose {
                        for (m, l) in zip(e.matched, e.latencies) where l > 0.15 {
                            Console.out("  late seed \(s) \(profile.rawValue) \(fixed(trace.reportRate, 0)) Hz flipped=\(flipped) t=\(fixed(m.t, 3)) \(m.kind) \(fixed(l * 1000, 1)) ms\n")
                        }
                        for m in e.missed { Console.out("  miss seed \(s) \(profile.rawValue) \(fixed(trace.reportRate, 0)) Hz flipped=\(flipped) t=\(fixed(m.t, 3)) \(m.kind)\n") }
                        for f in e.falseEvents { Console.out("  false seed \(s) \(profile.rawValue) \(fixed(trace.reportRate, 0)) Hz flipped=\(flipped) t=\(fixed(f.stamp.seconds, 3)) \(f.kind) \(fixed(f.tilt, 1)) (\(SyntheticEvaluation.cause(of: f, in: trace)))\n") }
                    }
                    sum = sum + e
                    if let band = Self.rateBands.firstIndex(where: { trace.reportRate < $0.below }) { byBand[band] = byBand[band] + e }
                }
            }
            total = total + sum
            Console.out(line(profile.rawValue, sum))
            calibration.sort()
            let median = calibration.isEmpty ? "-" : fixed(calibration[calibration.count / 2], 2)
            let worst = calibration.last.map { fixed($0, 2) } ?? "-"
            let why = causes.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
                .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            Console.out("             calibrated after s: median \(median) max \(worst)\(uncalibrated > 0 ? ", never in \(uncalibrated) rounds" : ""); false events: \(why.isEmpty ? "none" : why)\n")
            Console.out("             latency p95: passes \(kindP95(sum, .pass)) ms, tilts down \(kindP95(sum, .correct)) ms\n")
            if byRate {
                for (band, e) in zip(Self.rateBands, byBand) where e.truePositives + e.falsePositives + e.falseNegatives > 0 {
                    Console.out(line("  " + band.name, e))
                    Console.out("             latency p95: passes \(kindP95(e, .pass)) ms, tilts down \(kindP95(e, .correct)) ms\n")
                }
            }
        }
        Console.out(line("overall", total))
    }

    private func settings() throws -> TiltSettings {
        var s = TiltSettings()
        for item in set {
            let parts = item.split(separator: "=")
            guard parts.count == 2, let v = Double(parts[1]) else { throw ValidationError("--set takes name=value, got '\(printable(item))'") }
            // A switch is 0 or 1: 2 or 0.5 meaning "on" would hide a typo.
            func on(_ v: Double) throws -> Bool {
                guard v == 0 || v == 1 else { throw ValidationError("--set \(parts[0]) is a switch: 0 or 1, got \(printable(String(parts[1])))") }
                return v == 1
            }
            // The name first: an unknown one is that, whatever its value.
            switch parts[0] {
            case "fusionSeconds": s.fusionSeconds = v
            case "rejectDegrees": s.rejectDegrees = v
            case "rejectMagnitudeG": s.rejectMagnitudeG = v
            case "accelOnlySeconds": s.accelOnlySeconds = v
            case "accelOnlyDwellSeconds": s.accelOnlyDwellSeconds = v
            case "accelOnlySteadyG": s.accelOnlySteadyG = v
            case "accelOnlyObserver": s.accelOnlyObserver = try on(v)
            case "observerLeverMetres": s.observerLeverMetres = v
            case "observerLeanDegrees": s.observerLeanDegrees = v
            case "observerJerk": s.observerJerk = v
            case "observerNoiseG": s.observerNoiseG = v
            case "observerCalmG": s.observerCalmG = v
            case "observerShakeG": s.observerShakeG = v
            case "vibrationSeconds": s.vibrationSeconds = v
            case "observerDwellSeconds": s.observerDwellSeconds = v
            case "observerPassSteadyG": s.observerPassSteadyG = v
            case "observerPassDwellSeconds": s.observerPassDwellSeconds = v
            case "observerPassMarginDegrees": s.observerPassMarginDegrees = v
            case "observerDragSeconds": s.observerDragSeconds = v
            case "observerPassDragDps": s.observerPassDragDps = v
            case "observerDriftDps": s.observerDriftDps = v
            case "observerShakeLatchSeconds": s.observerShakeLatchSeconds = v
            case "observerMisfitSeconds": s.observerMisfitSeconds = v
            case "observerMisfitMax": s.observerMisfitMax = v
            case "observerOutlierSurprise": s.observerOutlierSurprise = v
            case "accelOnlyVetoG": s.accelOnlyVetoG = v
            case "accelOnlyKnockG": s.accelOnlyKnockG = v
            case "vibrationLagSeconds": s.vibrationLagSeconds = v
            case "vibrationClipG": s.vibrationClipG = v
            case "tickPeriods": s.tickPeriods = v
            case "driftedPassAgreementDegrees": s.driftedPassAgreementDegrees = v
            case "mirrorDwellFromMidInterval": s.mirrorDwellFromMidInterval = try on(v)
            case "dwellEndsOnSample": s.dwellEndsOnSample = try on(v)
            case "observerBetweenSamples": s.observerBetweenSamples = try on(v)
            case "slowLowPassNeedsTwoSamples": s.slowLowPassNeedsTwoSamples = try on(v)
            case "restSeconds": s.restSeconds = v
            case "restSpreadG": s.restSpreadG = v
            case "restReseedDegrees": s.restReseedDegrees = v
            case "mirrorPassMarginDegrees": s.mirrorPassMarginDegrees = v
            default: throw ValidationError("unknown setting \(printable(String(parts[0]))) (see --help for the names)")
            }
            try OptionCheck.number(v, "--set \(parts[0])", 0...(parts[0] == "observerJerk" ? 1e9 : 1000))
        }
        return s
    }

    private func kindP95(_ e: Evaluation, _ kind: GestureKind) -> String {
        fixed(percentile(zip(e.matched, e.latencies).filter { $0.0.kind == kind }.map(\.1), 0.95) * 1000, 1)
    }

    private func line(_ name: String, _ e: Evaluation) -> String {
        let pad = String(repeating: " ", count: max(0, 12 - name.count))
        return "\(name)\(pad) tp \(e.truePositives) fp \(e.falsePositives) fn \(e.falseNegatives) P \(fixed(e.precision, 4)) R \(fixed(e.recall, 4)) F1 \(fixed(e.f1, 4)) latency median \(fixed(e.latencyMedian * 1000, 1)) ms p95 \(fixed(e.latencyP95 * 1000, 1)) ms\n"
    }
}
