import Motion
/// Runs synthetic rounds straight through a detector, with no files: for tuning and for the accuracy benchmark.
public enum SyntheticEvaluation {
    /// Why a false event fired: the distractor it fell in, "gesture" when it came with a real gesture (late, a
    /// second time, the wrong way), else "other".
    public static func cause(of e: TiltEvent, in trace: SyntheticTrace) -> String {
        let t = e.stamp.seconds  // the trace is written on its own timeline: truth and distractors in its seconds
        if let d = trace.distractors.first(where: { t >= $0.start - 0.1 && t <= $0.end + 0.5 }) { return d.name }
        if trace.truth.contains(where: { t >= $0.t - 0.5 && t <= $0.t + 2 }) { return "gesture" }
        return "other"
    }

    /// The engine's detector on a trace: seconds from the first sample to calibration (nil: never).
    public static func calibrationDelay(_ trace: SyntheticTrace, settings: TiltSettings = TiltSettings()) -> Double? {
        var d = GestureDetector(hasGyro: trace.device.hasGyro, settings: settings)
        var assembler = FrameAssembler(device: trace.device, axes: trace.device.driverFrame)
        var ticks = SilenceTicks(interval: settings.tickSeconds)
        var first: DeviceTime?
        for e in trace.events where assembler.push(e) {
            let s = assembler.sample
            if first == nil { first = s.stamp }
            d.process(s, ticks: &ticks) { _ in }
            if let n = d.estimator.neutral { return n.stamp - first! }
        }
        return nil
    }

    public static func evaluate(_ trace: SyntheticTrace, detector kind: DetectorKind, settings: TiltSettings = TiltSettings()) -> (Evaluation, [TiltEvent]) {
        switch kind {
        case .kape: return run(trace, GestureDetector(hasGyro: trace.device.hasGyro, settings: settings), settings: settings)
        case .naive: return run(trace, NaiveAccelDetector(settings: settings), settings: settings)
        case .complementary:
            if trace.device.hasGyro { return run(trace, ComplementaryDetector(settings: settings), settings: settings) }
            return run(trace, GestureDetector(hasGyro: false, settings: settings), settings: settings)
        }
    }

    static func run<D: TiltDetecting>(_ trace: SyntheticTrace, _ detector: D, settings: TiltSettings) -> (Evaluation, [TiltEvent]) {
        var d = detector
        var assembler = FrameAssembler(device: trace.device, axes: trace.device.driverFrame)
        var events: [TiltEvent] = []
        var ticks = SilenceTicks(interval: settings.tickSeconds)
        for e in trace.events where assembler.push(e) {
            ticks.before(assembler.sample.stamp) { t in if let event = d.tick(stamp: t) { events.append(event) } }
            if let event = d.process(assembler.sample) { events.append(event) }
        }
        return (Evaluation(detections: events, truth: trace.truth), events)
    }
}
