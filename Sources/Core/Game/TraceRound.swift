import Motion

/// Plays a whole round from motion samples on their own clock: the headless game and its tests.
/// The round clock is 0 at the first sample; the detector is recalibrated whenever a buffer starts.
public struct TraceRound {
    public private(set) var machine: RoundMachine
    private var detector: GestureDetector
    private var ticks = SilenceTicks(interval: TiltSettings().tickSeconds)
    private var first: DeviceTime?
    private var last = 0.0
    public private(set) var events: [RoundMachine.Timed] = []

    public init(cards: [String], hasGyro: Bool, roundSeconds: Double = RoundMachine.defaultRoundSeconds) {
        machine = RoundMachine(cards: cards, roundSeconds: roundSeconds)
        detector = GestureDetector(hasGyro: hasGyro)
    }

    public mutating func feed(_ s: MotionSample) {
        let t: Double
        if let first { t = s.stamp - first } else {
            first = s.stamp
            t = 0
            take(machine.start(at: 0))
        }
        last = t
        take(machine.advance(to: t))
        guard machine.state != .finished else { return }
        let origin = first!
        var fired: [TiltEvent] = []
        detector.process(s, ticks: &ticks) { fired.append($0) }
        for e in fired { take(machine.gesture(e.kind, at: e.stamp - origin)) }
    }

    /// The trace is over: a round still running is paused there (its result is what was played).
    public mutating func end() {
        if machine.state == .buffer || machine.state == .playing {
            take(machine.pause(at: last, reason: .traceEnded))
        }
    }

    private mutating func take(_ timed: [RoundMachine.Timed]) {
        for e in timed where e.event == .recalibrate { detector.recalibrate() }
        events += timed
    }
}
