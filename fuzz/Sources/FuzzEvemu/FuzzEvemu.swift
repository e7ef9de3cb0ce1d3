import Motion

/// Any input: parse it as replay does (reader + frame assembler) without crashing. Input that parses: write it
/// back with EvemuWriter and parse that again; the events and the axes must come back unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    _ = try? TraceSource.read(bytes: bytes, file: "fuzz", format: .evemu) { s in
        precondition(s.time.isFinite && s.stamp.seconds.isFinite, "non-finite sample time")
    }
    guard let first = try? parse(bytes) else { return 0 }

    var writer = EvemuWriter(device: first.device, kernel: "fuzz", dmi: nil)
    var out = Array(writer.header().utf8)
    for e in first.events { writer.append(e, to: &out) }
    let second: Parsed
    do {
        second = try out.withUnsafeBytes { try parse($0) }
    } catch {
        fatalError("EvemuWriter output does not parse: \(error)")
    }
    precondition(second.events == first.events, "events changed in a write/read round trip")
    precondition(second.device.name == first.device.name, "device name changed in a round trip")
    for i in 0..<6 where first.device.axes[i] != nil {
        precondition(second.device.axes[i] == first.device.axes[i], "axis \(i) changed in a round trip")
    }
    return 0
}

struct Parsed {
    var device = MotionDeviceInfo(name: "")
    var events: [InputEvent] = []
}

func parse(_ bytes: UnsafeRawBufferPointer) throws -> Parsed {
    var p = Parsed()
    try EvemuReader(bytes: bytes, file: "fuzz").read(header: { p.device = $0.device }, event: { _, micros, type, code, value in
        p.events.append(InputEvent(micros: micros, type: type, code: code, value: value))
    })
    return p
}
