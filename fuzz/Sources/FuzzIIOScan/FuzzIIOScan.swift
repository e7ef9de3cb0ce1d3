import Motion

/// Input: up to eight lines of `scan_elements/*_type` text (or a mount matrix, a line starting with `M`; a
/// `*_available` rate list or range, `A`; a scale or offset, `S`), a NUL,
/// then the bytes read from /dev/iio:deviceN. Every type that parses must print back to itself; the layout of the
/// parsed channels must keep every element aligned, inside the scan and apart; every scan cut from the bytes (in
/// reads sized by the input) decodes to values within each channel's bits; a mount matrix that parses is a
/// rotation; a rate chosen from an offer is one it makes, above 0 and at most 1 kHz; a scale accepted is within
/// 10⁻⁹…10⁶, an offset within an int; the frames of the first three channels reach the assembler as finite samples.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIIOScan(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let split = bytes.firstIndex(of: 0) ?? size
    let text = String(decoding: bytes[0..<split], as: UTF8.self)
    var channels: [(name: String, index: Int, type: IIOScanType)] = []
    for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(8).enumerated() {
        if line.hasPrefix("M") {
            if case .success(let m) = MountMatrix.parse(String(line.dropFirst())) {
                precondition(m.rotationProblem == nil, "a mount matrix that is not a rotation was accepted")
            }
            continue
        }
        if line.hasPrefix("A") {
            // The rate asked of the sensor is one it offers, above 0 and at most 1 kHz, or none (the buffer writes
            // it as an integer when it is one).
            if let offer = IIOValues.available(String(line.dropFirst())), let rate = IIOValues.choose(100, from: offer) {
                precondition(rate.isFinite && rate > 0 && rate <= IIOValues.maximumRate, "rate \(rate) chosen from \(offer)")
                switch offer {
                case .list(let values): precondition(values.contains(rate), "rate \(rate) not in \(values)")
                case .range(let lo, _, let hi): precondition(rate >= lo && rate <= hi, "rate \(rate) outside \(lo)…\(hi)")
                }
            }
            continue
        }
        if line.hasPrefix("S") {
            let text = String(line.dropFirst())
            if IIOValues.scaleProblem(text) == nil, let v = IIOValues.number(text) {
                precondition(v >= 1e-9 && v < 1e6, "scale \(v) accepted")
            }
            if IIOValues.offsetProblem(text) == nil, let v = IIOValues.number(text) {
                precondition(abs(v) <= Double(Int32.max), "offset \(v) accepted")
            }
            continue
        }
        guard let t = try? IIOScanType(parsing: String(line)) else { continue }
        precondition(t.storageBits % 8 == 0 && t.bits + t.shift <= t.storageBits && t.repeats >= 1, "bad type accepted: \(t)")
        precondition((try? IIOScanType(parsing: t.description)) == t, "\(t) does not print back to itself")
        channels.append(("c\(i)", i, t))
    }
    guard let layout = try? IIOScanLayout(channels: channels) else { return 0 }
    var end = 0
    for e in layout.elements {
        precondition(e.offset % e.type.storageBytes == 0 && e.offset >= end, "element \(e.name) misplaced")
        end = e.offset + e.type.storageBytes
    }
    precondition(end <= layout.scanBytes && layout.scanBytes > 0, "scan too short")
    let stream = IIOScanStream(scanBytes: layout.scanBytes, capacityScans: 4)
    var encoder: IIOFrameEncoder?
    var assembler: FrameAssembler?
    if layout.elements.count >= 3 {
        let e = IIOFrameEncoder(accel: .init(scale: SIMD3(repeating: 0.000598)), gyro: nil, hasTimestamp: true)
        encoder = e
        assembler = FrameAssembler(device: e.device)
    }
    var rest = bytes[min(split + 1, size)...]
    var scans = 0
    while !rest.isEmpty {
        let n = min(rest.count, Int(rest.first! % 61) + 1)
        let chunk = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: rest.prefix(n)))
        rest = rest.dropFirst(n)
        stream.feed(chunk) { scan in
            scans += 1
            var values: [Int64] = []
            for e in layout.elements {
                for r in 0..<e.type.repeats {
                    let v = e.type.value(in: scan, at: e.offset, element: r)
                    if e.type.bits < 64 {
                        let range: ClosedRange<Int64> = e.type.signed ? -(1 << (e.type.bits - 1))...((1 << (e.type.bits - 1)) - 1) : 0...((1 << e.type.bits) - 1)
                        precondition(range.contains(v), "\(v) outside \(e.type)")
                    }
                    values.append(v)
                }
            }
            if let encoder, var a = assembler {
                var closed = false
                encoder.encode(accelRaw: SIMD3(Double(values[0]), Double(values[1]), Double(values[2])), gyroRaw: .zero,
                               micros: Int64(scans), sensorMicros: UInt32(truncatingIfNeeded: values[0])) { ev in
                    closed = a.push(ev)
                }
                precondition(closed && a.sample.accel.x.isFinite && a.sample.accel.z.isFinite, "frame not closed or not finite")
                assembler = a
            }
        }
    }
    precondition(stream.partialBytes < layout.scanBytes, "a whole scan was kept back")
    return 0
}
