/// Converts traces between the two formats. evemu → evemu keeps every event; CSV → evemu goes through a
/// DualSense-like device (`MotionEventEncoder`); evemu → CSV writes the samples `kape replay` would see.
public enum TraceConversion {
    public struct Result: Sendable, Equatable {
        public var samples = 0
        public var events = 0
    }

    /// Writes `output` atomically; on any error the target is left as it was.
    @discardableResult
    public static func convert(input: String, from: TraceFormat? = nil, output: String, to: TraceFormat? = nil,
                               kernel: String?, dmi: String?) throws -> Result {
        let from = from ?? .guess(path: input)
        let to = to ?? .guess(path: output)
        let file = try MappedFile(path: input)
        let out = try BufferedFileWriter(path: output)
        var result = Result()
        try file.withBytes { bytes in
            switch (from, to) {
            case (.evemu, .evemu):
                var writer: EvemuWriter?
                // The description shows the axes' state when recording began: hold the first frame back for it.
                var firstFrame: [InputEvent]? = []
                func writeFirstFrame() throws {
                    guard let frame = firstFrame else { return }
                    for e in frame where e.type == EV.abs && e.code <= EV.absRZ { writer!.currentValues[Int(e.code)] = e.value }
                    try out.write(writer!.header())
                    for e in frame { writer!.append(e, to: &out.buffer) }
                    firstFrame = nil
                }
                try EvemuReader(bytes: bytes, file: input).read(header: { h in
                    writer = EvemuWriter(device: h.device, kernel: kernel, dmi: dmi)
                }, event: { _, micros, type, code, value in
                    let e = InputEvent(micros: micros, type: type, code: code, value: value)
                    result.events += 1
                    if type == EV.syn && code == EV.synReport { result.samples += 1 }
                    if firstFrame != nil {
                        firstFrame!.append(e)
                        if result.samples > 0 { try writeFirstFrame() }
                        return
                    }
                    writer!.append(e, to: &out.buffer)
                    try out.flushIfFull()
                })
                try writeFirstFrame()
            case (.evemu, .csv), (.csv, .csv):
                var writer: CSVTraceWriter?
                _ = try TraceSource.read(bytes: bytes, file: input, format: from, header: { h in
                    if h.accelScaleDerived {
                        throw TraceError(file: input, "the accelerometer reports resolution 0 (units per g unknown): converting it to CSV is not supported yet")
                    }
                    writer = CSVTraceWriter(hasGyro: h.hasGyro)
                    try out.write(writer!.header())
                }, sample: { s in
                    writer!.append(s, to: &out.buffer)
                    result.samples += 1
                    try out.flushIfFull()
                })
            case (.csv, .evemu):
                var encoder: MotionEventEncoder?
                var writer: EvemuWriter?
                _ = try TraceSource.read(bytes: bytes, file: input, format: .csv, header: { h in
                    encoder = MotionEventEncoder(device: MotionEventEncoder.dualSenseProfile(gyro: h.hasGyro))
                    writer = EvemuWriter(device: encoder!.device, kernel: kernel, dmi: dmi)
                }, sample: { s in
                    if result.samples == 0 {
                        // The description shows the device's state when recording began, as evemu-record's does.
                        for i in 0..<6 where encoder!.device.axes[i] != nil {
                            writer!.currentValues[i] = encoder!.quantise(i < 3 ? s.accel[i] : s.gyro[i - 3], axis: i)
                        }
                        try out.write(writer!.header())
                    }
                    encoder!.encode(s) { e in
                        writer!.append(e, to: &out.buffer)
                        result.events += 1
                    }
                    result.samples += 1
                    try out.flushIfFull()
                })
                if result.samples == 0 { try out.write(writer!.header()) }
            }
        }
        try out.commit()
        return result
    }
}
