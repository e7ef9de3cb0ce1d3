import Motion

/// The per-frame work of live input, from one kernel event to the gate's decision: the same FrameAssembler,
/// estimator and gate as trace replay, with the device's axes turned onto the canonical frame in between.
public struct MotionPipeline: Sendable {
    public struct Frame: Sendable {
        public var sample: MotionSample
        public var tilt: Double
        public var gesture: TiltEvent?
    }

    public private(set) var assembler: FrameAssembler
    public private(set) var detector: GestureDetector
    public let axes: AxisMap

    public init(device: MotionDeviceInfo, axes: AxisMap, settings: TiltSettings = TiltSettings()) {
        assembler = FrameAssembler(device: device)
        detector = GestureDetector(hasGyro: device.hasGyro, settings: settings)
        self.axes = axes
    }

    public var isCalibrated: Bool { detector.estimator.isCalibrated }

    /// Feeds one event; returns the frame when it completed one.
    @inline(__always)
    public mutating func push(_ e: InputEvent) -> Frame? {
        // Not `assembler.push(e)`: through that wrapper the read → gate benchmark took 30–50 ns more per frame.
        guard assembler.push(stamp: DeviceTime(micros: e.micros), type: e.type, code: e.code, value: e.value) else { return nil }
        let sample = axes.apply(assembler.sample)
        let gesture = detector.process(sample)
        return Frame(sample: sample, tilt: detector.tilt, gesture: gesture)
    }

    /// Time passed and the device sent nothing (it holds its values): `stamp` on the event clock.
    @inline(__always)
    public mutating func tick(stamp: DeviceTime) -> TiltEvent? { detector.tick(stamp: stamp) }

    /// Whether silence matters to the detector: calibrating, or accelerometer-only (a held tilt must fire).
    public var wantsTicks: Bool { !isCalibrated || detector.estimator.mode == .accelerometerOnly }

    /// The next sample follows a gap (state re-read after SYN_DROPPED): filters re-seed, the gate holds.
    public mutating func markGap() { assembler.markGap() }

    /// New neutral pose wanted (reconnect, or the game's countdown).
    public mutating func recalibrate() { detector.recalibrate() }
}
