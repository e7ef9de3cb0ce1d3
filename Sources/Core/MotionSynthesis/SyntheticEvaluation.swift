import Motion
/// Runs synthetic rounds straight through a detector, with no files: for tuning and for the accuracy benchmark.
public enum SyntheticEvaluation {
    public static func evaluate(_ trace: SyntheticTrace, detector kind: DetectorKind, settings: TiltSettings = TiltSettings()) -> (Evaluation, [TiltEvent]) {
        switch kind {
        case .kape: return run(trace, GestureDetector(hasGyro: trace.device.hasGyro, settings: settings))
        case .naive: return run(trace, NaiveAccelDetector(settings: settings))
        case .complementary:
            if trace.device.hasGyro { return run(trace, ComplementaryDetector(settings: settings)) }
            return run(trace, GestureDetector(hasGyro: false, settings: settings))
        }
    }

    static func run<D: TiltDetecting>(_ trace: SyntheticTrace, _ detector: D) -> (Evaluation, [TiltEvent]) {
        var d = detector
        var assembler = FrameAssembler(device: trace.device, axes: trace.device.driverFrame)
        var events: [TiltEvent] = []
        for e in trace.events where assembler.push(stamp: Double(e.micros) * 1e-6, type: e.type, code: e.code, value: e.value) {
            if let event = d.process(assembler.sample) { events.append(event) }
        }
        return (Evaluation(detections: events, truth: trace.truth), events)
    }
}
