import Platform
/// The two trace formats.
public enum TraceFormat: String, Sendable, CaseIterable {
    case evemu, csv

    /// From the file name: `.csv` is CSV, anything else (`.evemu`, `.events`, `.txt`) is evemu.
    public static func guess(path: String) -> TraceFormat {
        path.lowercased().hasSuffix(".csv") ? .csv : .evemu
    }
}

/// What a trace said about itself while it was read.
public struct TraceSummary: Sendable {
    public var format: TraceFormat
    public var device: MotionDeviceInfo?
    public var hasGyro = false
    /// The device reported gyro axes without a resolution: they were ignored.
    public var gyroIgnored = false
    /// The accelerometer reported no resolution: the scale comes from the still neutral period.
    public var accelScaleDerived = false
    public var samples = 0
    public var firstStamp = Double.nan
    public var lastStamp = Double.nan
    public var assembler = FrameAssembler.Counters()
    /// How the device's axes were turned onto the canonical frame, and why.
    public var axes = AxisMap.identity
    public var axesSource = "identity"
}

/// Reads a trace file of either format and hands out samples, one at a time, in the canonical frame.
public enum TraceSource {
    /// `axes` overrides the device's frame (evemu only; CSV is canonical already).
    public static func read(path: String, format: TraceFormat? = nil, axes: AxisMap? = nil,
                            header: (TraceSummary) throws -> Void = { _ in },
                            sample: (MotionSample) throws -> Void) throws -> TraceSummary {
        let file = try MappedFile.trace(path)
        return try file.traceBytes {
            try read(bytes: $0, file: path, format: format ?? .guess(path: path), axes: axes, header: header, sample: sample)
        }
    }

    public static func read(bytes: UnsafeRawBufferPointer, file: String, format: TraceFormat, axes: AxisMap? = nil,
                            header: (TraceSummary) throws -> Void = { _ in },
                            sample: (MotionSample) throws -> Void) throws -> TraceSummary {
        var summary = TraceSummary(format: format)
        switch format {
        case .evemu:
            var assembler: FrameAssembler?
            try EvemuReader(bytes: bytes, file: file).read(header: { h in
                summary.device = h.device
                summary.hasGyro = h.device.hasGyro
                summary.gyroIgnored = !h.device.hasGyro && (3..<6).allSatisfy { h.device.axes[$0] != nil }
                summary.accelScaleDerived = !h.device.accelScaleKnown
                // Recordings are in the driver's frame: turn them onto the canonical one as live input does.
                if let axes {
                    summary.axes = axes
                    summary.axesSource = "--axes"
                } else if let driver = h.device.knownDriver {
                    summary.axes = driver.axes
                    summary.axesSource = driver.name
                }
                assembler = FrameAssembler(device: h.device, axes: summary.axes)
                try header(summary)
            }, event: { _, micros, type, code, value in
                if assembler!.push(stamp: DeviceTime(seconds: Double(micros) / 1_000_000), type: type, code: code, value: value) {
                    let s = assembler!.sample
                    if summary.samples == 0 { summary.firstStamp = s.stamp.seconds }
                    summary.samples += 1
                    summary.lastStamp = s.stamp.seconds
                    try sample(s)
                }
            })
            summary.assembler = assembler?.counters ?? .init()
        case .csv:
            try CSVTraceReader(bytes: bytes, file: file).read(header: { hasGyro in
                summary.hasGyro = hasGyro
                try header(summary)
            }, sample: { _, s in
                if summary.samples == 0 { summary.firstStamp = s.stamp.seconds }
                summary.samples += 1
                summary.lastStamp = s.stamp.seconds
                try sample(s)
            })
        }
        return summary
    }
}

/// Replays a trace through the detector: the events `kape replay` prints.
public enum TraceReplay {
    public struct Result: Sendable {
        public var events: [TiltEvent]
        public var summary: TraceSummary
        public var neutral: NeutralCalibrator.Neutral?
    }

    public static func run(path: String, format: TraceFormat? = nil, settings: TiltSettings = TiltSettings(),
                           axes: AxisMap? = nil, baseline: DetectorKind = .kape,
                           onSample: ((MotionSample, Double) -> Void)? = nil) throws -> Result {
        var detector: GestureDetector?
        var other: (any TiltDetecting)?
        var events: [TiltEvent] = []
        var ticks = SilenceTicks(interval: settings.tickSeconds)
        let summary = try TraceSource.read(path: path, format: format, axes: axes, header: { h in
            detector = GestureDetector(hasGyro: h.hasGyro, settings: settings)
            switch baseline {
            case .kape: other = nil
            case .naive: other = NaiveAccelDetector(settings: settings)
            case .complementary: other = h.hasGyro ? ComplementaryDetector(settings: settings) : nil
            }
        }, sample: { s in
            // The engine's detector always runs: it owns calibration checks and the tilt for plots.
            ticks.before(s.stamp) { t in
                let e = detector!.tick(stamp: t)
                if other == nil {
                    if let e { events.append(e) }
                } else if let b = other!.tick(stamp: t) {
                    events.append(b)
                }
            }
            let e = detector!.process(s)
            if other == nil {
                if let e { events.append(e) }
            } else if let b = other!.process(s) {
                events.append(b)
            }
            onSample?(s, detector!.tilt)
        })
        guard summary.samples > 0 else { throw TraceError(file: path, "no samples: expected at least one frame closed by SYN_REPORT") }
        guard let neutral = detector?.estimator.neutral else {
            if detector?.estimator.calibrationFailure == .screenNotVertical {
                throw TraceError(file: path, "the still period has the screen facing the floor or the ceiling: expected the device held in landscape against the forehead")
            }
            throw TraceError(file: path, "no still period of \(settings.calibrationSeconds) s: every trace must start with the device held still in the neutral pose")
        }
        return Result(events: events, summary: summary, neutral: neutral)
    }
}
