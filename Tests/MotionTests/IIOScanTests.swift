import Testing
@testable import Motion

/// The IIO formats Kape reads without a device: `*_type`, the kernel's scan layout, scans cut across reads, mount
/// matrices, `*_available`, scales, and the evdev-shaped frames the IIO driver sends.
@Suite struct IIOScanTests {
    @Test func scanTypesParseAsTheKernelPrintsThem() throws {
        #expect(try IIOScanType(parsing: "be:s16/16>>0\n") == IIOScanType(bigEndian: true, signed: true, bits: 16, storageBits: 16))
        #expect(try IIOScanType(parsing: "le:u12/16>>4") == IIOScanType(bigEndian: false, signed: false, bits: 12, storageBits: 16, shift: 4))
        #expect(try IIOScanType(parsing: "le:s16/16X4>>0").repeats == 4)
        #expect(try IIOScanType(parsing: "le:s64/64>>0") == .timestamp)
        #expect(try IIOScanType(parsing: "le:s16/32>>0").storageBytes == 4)
        for text in ["", "xe:s16/16>>0", "le:f32/32>>0", "le:s16/16", "le:s16/12>>0", "le:s17/16>>0", "le:s16/16>>1",
                     "le:s0/16>>0", "le:s16/16X0>>0", "le:s16/16X65>>0", "le:s99999/16>>0", "le:s16/16>>0 junk", "be:s16/24>>0"] {
            #expect(throws: IIOScanType.ParseError.self, "\(text)") { try IIOScanType(parsing: text) }
        }
        let error = try #require(throws: IIOScanType.ParseError.self) { try IIOScanType(parsing: "le:q16/16>>0") }
        #expect(error.description.contains("le:q16/16>>0") && error.description.contains("[be|le]"))
    }

    @Test func valuesAreShiftedMaskedAndSignExtended() throws {
        let be = try IIOScanType(parsing: "be:s16/16>>0")
        let le12 = try IIOScanType(parsing: "le:s12/16>>4")
        let u = try IIOScanType(parsing: "le:u16/32>>0")
        let bytes: [UInt8] = [0xFF, 0xFE, 0x30, 0xFF, 0xFF, 0xFF, 0x00, 0x00]
        bytes.withUnsafeBytes { b in
            #expect(be.value(in: b, at: 0) == -2)
            #expect(le12.value(in: b, at: 2) == -13)  // 0xFF30 >> 4 = 0xFF3 (12 bits) = -13
            #expect(u.value(in: b, at: 4) == 0xFFFF)
            #expect(IIOScanType.timestamp.value(in: b, at: 0) == Int64(bitPattern: 0x0000_FFFF_FF30_FEFF))
        }
    }

    /// inv_mpu6050 with its temperature left on: 7 × s16 (14 bytes), the timestamp aligned to 8: 24 bytes.
    @Test func layoutsFollowTheKernelsAlignmentRule() throws {
        let s16 = try IIOScanType(parsing: "be:s16/16>>0")
        let mpu = try IIOScanLayout(channels: [("accel_x", 0, s16), ("accel_y", 1, s16), ("accel_z", 2, s16), ("temp", 3, s16),
                                               ("anglvel_x", 4, s16), ("anglvel_y", 5, s16), ("anglvel_z", 6, s16),
                                               ("timestamp", 7, .timestamp)])
        #expect(mpu.scanBytes == 24)
        #expect(mpu.element("anglvel_x")?.offset == 8)
        #expect(mpu.element("timestamp")?.offset == 16)
        // hid-sensor-accel-3d: three s16 in 32-bit storage, 4 bytes of padding, the timestamp.
        let s32 = try IIOScanType(parsing: "le:s16/32>>0")
        let hid = try IIOScanLayout(channels: [("timestamp", 3, .timestamp), ("accel_z", 2, s32), ("accel_x", 0, s32), ("accel_y", 1, s32)])
        #expect(hid.scanBytes == 24)
        #expect(hid.elements.map(\.offset) == [0, 4, 8, 16])
        // No timestamp: padded to the largest element only.
        let odd = try IIOScanLayout(channels: [("a", 0, try IIOScanType(parsing: "le:u8/8>>0")), ("b", 1, s16), ("c", 2, s32)])
        #expect(odd.elements.map(\.offset) == [0, 2, 4])
        #expect(odd.scanBytes == 8)
        #expect(throws: IIOScanLayout.LayoutError.self) { try IIOScanLayout(channels: []) }
        #expect(throws: IIOScanLayout.LayoutError.self) { try IIOScanLayout(channels: [("a", 0, s16), ("b", 0, s16)]) }
    }

    @Test func scansSplitOrMergedAcrossReadsComeOutWhole() {
        let stream = IIOScanStream(scanBytes: 16, capacityScans: 4)
        let bytes = (0..<(16 * 7 + 5)).map { UInt8($0 & 0xFF) }
        var seen: [[UInt8]] = []
        // Reads of 1, 7, 33 and 40 bytes: scans are cut and merged every way.
        var offset = 0
        for size in [1, 7, 33, 40, 36] {
            let chunk = Array(bytes[offset..<min(offset + size, bytes.count)])
            offset += chunk.count
            chunk.withUnsafeBytes { stream.feed($0) { seen.append(Array($0)) } }
        }
        #expect(seen.count == 7)
        for (i, scan) in seen.enumerated() { #expect(scan == Array(bytes[(i * 16)..<((i + 1) * 16)])) }
        #expect(stream.partialBytes == 5, "the cut scan is kept, never decoded")
    }

    @Test func mountMatricesMustBeRotations() throws {
        let m = try MountMatrix.parse("0, 1, 0; -1, 0, 0; 0, 0, 1").get()
        #expect(m.apply(SIMD3(1, 2, 3)) == SIMD3(2, -1, 3))
        #expect(!m.isMirror)
        #expect(try MountMatrix.parse("-1, 0, 0; 0, 1, 0; 0, 0, 1").get().isMirror)
        #expect(try MountMatrix.parse("0.7071, 0.7071, 0; -0.7071, 0.7071, 0; 0, 0, 1").get().rotationProblem == nil)
        for text in ["2, 0, 0; 0, 1, 0; 0, 0, 1", "1, 1, 0; 0, 1, 0; 0, 0, 1", "0, 0, 0; 0, 0, 0; 0, 0, 0"] {
            guard case .failure(.notRotation) = MountMatrix.parse(text) else { Issue.record("\(text) accepted"); continue }
        }
        for text in ["", "1, 0, 0; 0, 1, 0", "1, 0; 0, 1; 0, 0", "nan, 0, 0; 0, 1, 0; 0, 0, 1", "a, b, c; d, e, f; g, h, i"] {
            guard case .failure(.unreadable) = MountMatrix.parse(text) else { Issue.record("\(text) accepted"); continue }
        }
    }

    @Test func availableRatesAndScales() {
        #expect(IIOValues.available("10 20 50 100 200 500") == .list([10, 20, 50, 100, 200, 500]))
        #expect(IIOValues.available("[0.5 0.5 200]") == .range(min: 0.5, step: 0.5, max: 200))
        #expect(IIOValues.choose(100, from: .list([12.5, 26, 52, 104, 208])) == 104)
        #expect(IIOValues.choose(100, from: .range(min: 1, step: 3, max: 50)) == 49)
        #expect(IIOValues.scaleProblem("0.000598") == nil)
        for absurd in ["0", "nan", "-0.01", "inf", "1e9", "abc"] { #expect(IIOValues.scaleProblem(absurd) != nil, "\(absurd)") }
        #expect(IIOValues.scaleProblem(nil) == "missing")
    }

    /// What a broken or hostile driver may offer: the rate asked for is always one the sensor lists, above 0 and
    /// at most 1 kHz, or none at all; never infinite or out of an integer's range (the buffer writes it as one).
    @Test func chosenRatesStayWithinWhatTheSensorOffers() {
        let hostile: [IIOValues.Available] = [
            .range(min: 0, step: .leastNonzeroMagnitude, max: 200), .range(min: -1e30, step: 3e29, max: 1e30), .range(min: -100, step: 1, max: -50),
            .range(min: 2000, step: 10, max: 5000), .range(min: -1e308, step: 1e-308, max: 1e308), .range(min: 0, step: 1e300, max: 1e308),
            .range(min: 1, step: -3, max: 50), .list([-5, 0, 2000, 1e308]), .list([0.001]),
        ]
        for a in hostile {
            guard let rate = IIOValues.choose(100, from: a) else { continue }
            #expect(rate.isFinite && rate > 0 && rate <= 1000, "\(a) gave \(rate)")
            if case .range(let lo, _, let hi) = a { #expect(rate >= lo && rate <= hi, "\(a) gave \(rate)") }
            if case .list(let v) = a { #expect(v.contains(rate), "\(a) gave \(rate)") }
        }
        #expect(IIOValues.choose(100, from: .range(min: -100, step: 1, max: -50)) == nil)
        #expect(IIOValues.choose(100, from: .list([-5, 0, 2000])) == nil)
        #expect(IIOValues.choose(100, from: .range(min: 0, step: .leastNonzeroMagnitude, max: 200)) == 100)
        #expect(IIOValues.choose(100, from: .list([0.001])) == 0.001)
        // Below the kernel's nine decimals: not a scale any driver prints.
        #expect(IIOValues.scaleProblem("1e-300") != nil)
        #expect(IIOValues.scaleProblem("0.000000001") == nil)
    }

    /// An offset of 1e308 saturated every frame (the device never calibrated, nothing said): refused, as a scale is.
    @Test func absurdOffsetsAreRefusedWithTheReason() {
        for fine in [nil, "0", "-11000", "2147483647", "0.5\n"] { #expect(IIOValues.offsetProblem(fine) == nil, "\(fine ?? "nil")") }
        for absurd in ["1e308", "-1e308", "nan", "inf", "abc", "4294967296"] { #expect(IIOValues.offsetProblem(absurd) != nil, "\(absurd)") }
    }

    /// 1 g along the sensor's x, mounted so it is the device's -y, reaches the assembler as -1 g on ABS_Y, and
    /// 90 °/s comes out at 90 °/s: the frames carry the same physical units as an evdev node's.
    @Test func framesCarryPhysicalUnitsThroughTheMountMatrix() throws {
        let mount = try MountMatrix.parse("0, 0, 1; -1, 0, 0; 0, 1, 0").get()
        let accelScale = 9.80665 / 16384, gyroScale = Double.pi / 180 / 16.4
        let encoder = IIOFrameEncoder(accel: .init(scale: SIMD3(repeating: accelScale), mount: mount),
                                      gyro: .init(scale: SIMD3(repeating: gyroScale), offset: SIMD3(2, 0, 0), mount: .identity),
                                      hasTimestamp: true)
        var assembler = FrameAssembler(device: encoder.device)
        var events: [InputEvent] = []
        encoder.encode(accelRaw: SIMD3(16384, 0, 0), gyroRaw: SIMD3(90 * 16.4 - 2, 0, 0), micros: 10, sensorMicros: 7) { events.append($0) }
        #expect(events.last == InputEvent(micros: 10, type: EV.syn, code: EV.synReport, value: 0))
        #expect(events.contains(InputEvent(micros: 10, type: EV.msc, code: EV.mscTimestamp, value: 7)))
        var closed = false
        for e in events { closed = assembler.push(e) }
        #expect(closed)
        #expect(abs(assembler.sample.accel.y + 1) < 1e-6 && abs(assembler.sample.accel.x) < 1e-6)
        #expect(abs(assembler.sample.gyro.x - 90) < 1e-3)
        // No usable scale: raw counts under resolution 0, for the calibration to scale.
        let unscaled = IIOFrameEncoder(accel: .init(scale: nil), gyro: nil, hasTimestamp: false)
        #expect(unscaled.device.axes[0]?.resolution == 0 && !unscaled.device.hasGyro)
    }

    /// An accelerometer and a gyro read from two nodes: the frames depend on the timestamps, never on which node
    /// was read first or how their bursts interleave.
    @Test func pairedStreamsJoinOnTimestampsWhateverTheReadOrder() {
        let accel = (0..<50).map { (Int64($0) * 10_000_000, SIMD3<Double>(Double($0), 0, 0)) }
        let gyro = (0..<50).map { (Int64($0) * 10_000_000 + 3_000_000, SIMD3<Double>(0, Double($0), 0)) }
        func frames(_ order: [(isAccel: Bool, index: Int)]) -> [[Double]] {
            var merger = SensorPairMerger()
            var out: [[Double]] = []
            let emit: SensorPairMerger.Emit = { t, a, g in out.append([Double(t), a.x, g.y]) }
            for step in order {
                if step.isAccel { merger.accel(accel[step.index].0, accel[step.index].1, arrival: 0, emit: emit) }
                else { merger.gyro(gyro[step.index].0, gyro[step.index].1, emit: emit) }
            }
            merger.releaseAll(emit: emit)
            return out
        }
        let accels: [(isAccel: Bool, index: Int)] = (0..<50).map { (true, $0) }
        let gyros: [(isAccel: Bool, index: Int)] = (0..<50).map { (false, $0) }
        let accelFirst = frames(accels + gyros)
        let gyroFirst = frames(gyros + accels)
        var burstOrder: [(isAccel: Bool, index: Int)] = []
        for b in 0..<10 {
            for k in 0..<5 { burstOrder.append((true, b * 5 + k)) }
            for k in 0..<5 { burstOrder.append((false, b * 5 + k)) }
        }
        let bursts = frames(burstOrder)
        #expect(accelFirst.count == 50)
        #expect(accelFirst == gyroFirst)
        #expect(accelFirst == bursts)
        // The gyro that held at each accelerometer time: sample k-1 (it came 3 ms after the previous accel).
        #expect(accelFirst[10] == [100_000_000, 10, 9])
        #expect(accelFirst[0][2] == 0, "before the first gyro sample, the oldest one there is")
    }
}
