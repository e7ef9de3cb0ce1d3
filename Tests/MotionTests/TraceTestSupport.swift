@testable import Motion

/// What a trace text parses to: the description, every raw event and every assembled sample.
struct ParsedTrace {
    var summary: TraceSummary
    var header: EvemuReader.Header?
    var events: [InputEvent] = []
    var samples: [MotionSample] = []
}

func parseEvemu(_ text: String, file: String = "test.evemu") throws -> ParsedTrace {
    var bytes = Array(text.utf8)
    var header: EvemuReader.Header?
    var events: [InputEvent] = []
    try bytes.withUnsafeMutableBytes { raw in
        try EvemuReader(bytes: UnsafeRawBufferPointer(raw), file: file).read(header: { header = $0 }, event: { _, micros, type, code, value in
            events.append(InputEvent(micros: micros, type: type, code: code, value: value))
        })
    }
    var samples: [MotionSample] = []
    let summary = try bytes.withUnsafeBytes { raw in
        try TraceSource.read(bytes: raw, file: file, format: .evemu, axes: .identity) { samples.append($0) }
    }
    return ParsedTrace(summary: summary, header: header, events: events, samples: samples)
}

func parseCSV(_ text: String, file: String = "test.csv") throws -> ParsedTrace {
    let bytes = Array(text.utf8)
    var samples: [MotionSample] = []
    let summary = try bytes.withUnsafeBytes { raw in
        try TraceSource.read(bytes: raw, file: file, format: .csv) { samples.append($0) }
    }
    return ParsedTrace(summary: summary, header: nil, samples: samples)
}

/// The error a parse throws, or nil when it succeeds.
func traceError(_ body: () throws -> Void) -> TraceError? {
    do {
        try body()
        return nil
    } catch let e as TraceError {
        return e
    } catch {
        return TraceError(file: "?", "unexpected error type: \(error)")
    }
}

/// A minimal 1.3 description of a 6-axis motion node (accel 8192/g, gyro 1024 per deg/s).
let motionHeader = """
    # EVEMU 1.3
    N: Test Motion Sensors
    I: 0003 054c 0ce6 8111
    P: 40 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    B: 03 3f 00 00 00 00 00 00 00
    B: 04 20 00 00 00 00 00 00 00
    A: 00 -32768 32768 16 0 8192
    A: 01 -32768 32768 16 0 8192
    A: 02 -32768 32768 16 0 8192
    A: 03 -2097152 2097152 16 0 1024
    A: 04 -2097152 2097152 16 0 1024
    A: 05 -2097152 2097152 16 0 1024

    """
