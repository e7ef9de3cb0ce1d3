import Motion

/// Any input: the CSV reader must not crash. Input that parses: CSVTraceWriter's output must read back to the
/// very same samples (the writer promises round-trip digits).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    guard let first = try? parse(bytes) else { return 0 }
    let writer = CSVTraceWriter(hasGyro: first.hasGyro)
    var out = Array(writer.header().utf8)
    for s in first.samples { writer.append(s, to: &out) }
    let second: (hasGyro: Bool, samples: [MotionSample])
    do {
        second = try out.withUnsafeBytes { try parse($0) }
    } catch {
        fatalError("CSVTraceWriter output does not parse: \(error)")
    }
    precondition(second.hasGyro == first.hasGyro, "gyro columns changed in a round trip")
    precondition(second.samples == first.samples, "samples changed in a write/read round trip")
    return 0
}

func parse(_ bytes: UnsafeRawBufferPointer) throws -> (hasGyro: Bool, samples: [MotionSample]) {
    var hasGyro = false
    var samples: [MotionSample] = []
    try CSVTraceReader(bytes: bytes, file: "fuzz").read(header: { hasGyro = $0 }, sample: { _, s in
        precondition(s.time.isFinite && s.accel.x.isFinite && s.gyro.z.isFinite, "non-finite value accepted")
        samples.append(s)
    })
    return (hasGyro, samples)
}
