import Platform
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
        let file = try MappedFile.trace(input)
        let out = try BufferedFileWriter(path: output)
        var result = Result()
        try file.traceBytes { bytes in
            switch (from, to) {
            case (.evemu, .evemu):
                var writer = AfterHeader<EvemuWriter>(file: input)
                // The description shows the axes' state when recording began: hold the first frame back for it.
                var firstFrame: [InputEvent]? = []
                func writeFirstFrame() throws {
                    guard let frame = firstFrame else { return }
                    try writer.with { w in
                        for e in frame where e.type == EV.abs && e.code <= EV.absRZ { w.currentValues[Int(e.code)] = e.value }
                        try out.write(w.header())
                        for e in frame { w.append(e, to: &out.buffer) }
                    }
                    firstFrame = nil
                }
                try EvemuReader(bytes: bytes, file: input).read(header: { h in
                    writer.value = EvemuWriter(device: h.device, kernel: kernel, dmi: dmi)
                }, event: { _, micros, type, code, value in
                    let e = InputEvent(micros: micros, type: type, code: code, value: value)
                    result.events += 1
                    if type == EV.syn && code == EV.synReport { result.samples += 1 }
                    if firstFrame != nil {
                        firstFrame?.append(e)
                        if result.samples > 0 { try writeFirstFrame() }
                        return
                    }
                    try writer.with { $0.append(e, to: &out.buffer) }
                    try out.flushIfFull()
                })
                try writeFirstFrame()
            case (.evemu, .csv), (.csv, .csv):
                var writer = AfterHeader<CSVTraceWriter>(file: input)
                _ = try TraceSource.read(bytes: bytes, file: input, format: from, header: { h in
                    if h.accelScaleDerived {
                        throw TraceError(file: input, "the accelerometer reports resolution 0 (units per g unknown): converting it to CSV is not supported yet")
                    }
                    let w = CSVTraceWriter(hasGyro: h.hasGyro)
                    writer.value = w
                    try out.write(w.header())
                }, sample: { s in
                    try writer.with { $0.append(s, to: &out.buffer) }
                    result.samples += 1
                    try out.flushIfFull()
                })
            case (.csv, .evemu):
                var state = AfterHeader<(encoder: MotionEventEncoder, writer: EvemuWriter)>(file: input)
                _ = try TraceSource.read(bytes: bytes, file: input, format: .csv, header: { h in
                    let encoder = MotionEventEncoder(device: MotionEventEncoder.dualSenseProfile(gyro: h.hasGyro))
                    state.value = (encoder, EvemuWriter(device: encoder.device, kernel: kernel, dmi: dmi))
                }, sample: { s in
                    try state.with { st in
                        if result.samples == 0 {
                            // The description shows the device's state when recording began, as evemu-record's does.
                            for i in 0..<6 where st.encoder.device.axes[i] != nil {
                                st.writer.currentValues[i] = st.encoder.quantise(i < 3 ? s.accel[i] : s.gyro[i - 3], axis: i)
                            }
                            try out.write(st.writer.header())
                        }
                        st.encoder.encode(s) { e in
                            st.writer.append(e, to: &out.buffer)
                            result.events += 1
                        }
                    }
                    result.samples += 1
                    try out.flushIfFull()
                })
                if result.samples == 0 { try state.with { try out.write($0.writer.header()) } }
            }
        }
        try out.commit()
        return result
    }
}

/// What a reader's header callback sets up for the callbacks after it. Used before it is set is a reader bug,
/// reported as the file's error instead of a trap.
struct AfterHeader<T> {
    let file: String
    var value: T?

    init(file: String) { self.file = file }

    @inline(__always)
    mutating func with<R>(_ body: (inout T) throws -> R) throws -> R {
        guard value != nil else { throw TraceError(file: file, "data before the header") }
        return try body(&value!)  // checked just above
    }
}
