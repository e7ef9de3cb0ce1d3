import Foundation
import Testing
import Glibc
import Platform
@testable import Motion

@Suite struct EvemuWriterTests {
    let device = MotionEventEncoder.dualSenseProfile()

    func line(_ e: InputEvent, writer: inout EvemuWriter) -> String {
        var s = ""
        writer.append(e, into: &s)
        return s
    }

    @Test func eventLinesMatchEvemuRecordByteForByte() {
        var w = EvemuWriter(device: device, kernel: nil, dmi: nil)
        #expect(line(InputEvent(micros: 1, type: 3, code: 3, value: -102), writer: &w)
                == "E: 0.000001 0003 0003 -102\t# EV_ABS / ABS_RX               -102\n")
        #expect(line(InputEvent(micros: 1, type: 3, code: 2, value: 131), writer: &w)
                == "E: 0.000001 0003 0002 0131\t# EV_ABS / ABS_Z                131\n")
        // %04d pads after the sign.
        #expect(line(InputEvent(micros: 1, type: 3, code: 0, value: -5), writer: &w)
                == "E: 0.000001 0003 0000 -005\t# EV_ABS / ABS_X                -5\n")
        #expect(line(InputEvent(micros: 1, type: 4, code: 5, value: Int32.min), writer: &w)
                == "E: 0.000001 0004 0005 -2147483648\t# EV_MSC / MSC_TIMESTAMP        -2147483648\n")
        #expect(line(InputEvent(micros: 1, type: 0, code: 0, value: 0), writer: &w)
                == "E: 0.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms\n")
        #expect(line(InputEvent(micros: 4001, type: 0, code: 0, value: 0), writer: &w)
                == "E: 0.004001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +4ms\n")
        #expect(line(InputEvent(micros: 3_600_012_345, type: 0, code: 3, value: 0), writer: &w)
                == "E: 3600.012345 0000 0003 0000\t# ------------ SYN_DROPPED (0) ---------- +3600008ms\n")
        #expect(line(InputEvent(micros: 3_600_012_345, type: 0, code: 2, value: 0), writer: &w)
                == "E: 3600.012345 0000 0002 0000\t# ++++++++++++ SYN_MT_REPORT (0) ++++++++++\n")
        // Codes libevdev has no name for print as (null), like evemu.
        #expect(line(InputEvent(micros: 5, type: 3, code: 0x0b, value: 7), writer: &w)
                == "E: 0.000005 0003 000b 0007\t# EV_ABS / (null)               7\n")
    }

    @Test func headerHasEvemuRecordsLayout() {
        var w = EvemuWriter(device: device, kernel: "6.1.0-test", dmi: "dmi:bvnTest:\n")
        w.currentValues = [1, 8192, -3, 0, 0, 0]
        let lines = w.header().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(5)) == [
            "# EVEMU 1.3",
            "# Kernel: 6.1.0-test",
            "# DMI: dmi:bvnTest:",
            "# Input device name: \"Sony Interactive Entertainment DualSense Wireless Controller Motion Sensors\"",
            "# Input device ID: bus 0x03 vendor 0x54c product 0xce6 version 0x8111",
        ])
        #expect(lines.contains("# Size in mm: 8x8"))
        #expect(lines.contains("#     Event code 15 (SYN_MAX)"))
        #expect(lines.contains("#     Event code 5 (MSC_TIMESTAMP)"))
        #expect(lines.contains("#   Property  type 6 (INPUT_PROP_ACCELEROMETER)"))
        let y = lines.firstIndex(of: "#     Event code 1 (ABS_Y)")!
        #expect(Array(lines[y + 1...y + 6]) == [
            "#       Value     8192", "#       Min     -32768", "#       Max      32768",
            "#       Fuzz        16", "#       Flat         0", "#       Resolution 8192",
        ])
        let body = Array(lines.drop { !$0.hasPrefix("N: ") })
        #expect(body.first == "N: Sony Interactive Entertainment DualSense Wireless Controller Motion Sensors")
        #expect(body[1] == "I: 0003 054c 0ce6 8111")
        #expect(body[2] == "P: 40 00 00 00 00 00 00 00")
        let masks = body.filter { $0.hasPrefix("B: ") }
        // EV_SYN's fixed line, 12 for EV_KEY, 2 for EV_FF, one each for REL ABS MSC SW LED SND REP.
        #expect(masks.count == 22)
        #expect(masks.first == "B: 00 0b 00 00 00 00 00 00 00")
        #expect(masks.filter { $0.hasPrefix("B: 01 ") }.count == 12)
        #expect(masks.contains("B: 03 3f 00 00 00 00 00 00 00"))
        #expect(masks.contains("B: 04 20 00 00 00 00 00 00 00"))
        #expect(body.filter { $0.hasPrefix("A: ") } == [
            "A: 00 -32768 32768 16 0 8192", "A: 01 -32768 32768 16 0 8192", "A: 02 -32768 32768 16 0 8192",
            "A: 03 -2097152 2097152 16 0 1024", "A: 04 -2097152 2097152 16 0 1024", "A: 05 -2097152 2097152 16 0 1024",
        ])
    }

    @Test func zeroIdsPrintAsEvemuDoes() {
        var d = MotionEventEncoder.dualSenseProfile(gyro: false, timestamp: false)
        (d.bus, d.vendor, d.product, d.version) = (0x19, 0, 0, 0)
        let h = EvemuWriter(device: d, kernel: nil, dmi: nil).header()
        #expect(h.contains("# Input device ID: bus 0x19 vendor 0000 product 0000 version 0000\n"))
        #expect(!h.contains("# Kernel:"))
        #expect(h.contains("B: 03 07 00 00 00 00 00 00 00\n"))
        #expect(h.contains("B: 04 00 00 00 00 00 00 00 00\n"))
        #expect(!h.contains("ABS_RX"))
    }

    @Test func writtenRecordingReadsBackToTheSameEventsAndDevice() throws {
        var events: [InputEvent] = []
        var enc = MotionEventEncoder(device: device)
        enc.timestampOffset = UInt32.max - 10_000  // wraps after 2.5 frames
        for i in 0..<50 {
            let t = 0.5 + Double(i) * 0.004
            enc.encode(MotionSample(time: t, stamp: DeviceTime(seconds: t), accel: SIMD3(0.01 * Double(i % 7), 1, -0.02),
                                    gyro: SIMD3(Double(i) * 3.5, -2, 0.25)), into: &events)
        }
        events.insert(InputEvent(micros: events[30].micros, type: 0, code: 3, value: 0), at: 30)
        var w = EvemuWriter(device: device, kernel: "k", dmi: nil)
        var text = w.header()
        for e in events { w.append(e, into: &text) }

        let parsed = try parseEvemu(text)
        #expect(parsed.events == events)
        #expect(parsed.header?.formatVersion == "1.3")
        #expect(parsed.header?.device.name == device.name)
        #expect(parsed.header?.device.axes == device.axes)
        #expect(parsed.header?.device.isAccelerometerProp == true)
        #expect(parsed.summary.assembler.dropped == 1)
    }

    @Test func encoderSendsOnlyChangedAxesQuantisedAndClamped() {
        var unknown = device  // ids no driver claims: the canonical frame goes out unchanged
        (unknown.vendor, unknown.product) = (0x1234, 0x5678)
        var enc = MotionEventEncoder(device: unknown)
        var first: [InputEvent] = []
        enc.encode(MotionSample(time: 1, stamp: 1, accel: SIMD3(0, 1, 0), gyro: .zero), into: &first)
        // hid-playstation order: gyro, accel, timestamp, SYN.
        #expect(first.map(\.code) == [3, 4, 5, 0, 1, 2, 5, 0])
        #expect(first[4].value == 8192)
        #expect(first[6] == InputEvent(micros: 1_000_000, type: EV.msc, code: EV.mscTimestamp, value: 1_000_000))

        var second: [InputEvent] = []
        enc.encode(MotionSample(time: 1.004, stamp: 1.004, accel: SIMD3(0, 9, 0.5 / 8192 + 1e-9), gyro: SIMD3(0, 0, -5000)),
                   into: &second)
        #expect(second.map { [Int($0.type), Int($0.code), Int($0.value)] } == [
            [3, 5, -2_097_152],  // -5000 deg/s clamps to the range
            [3, 1, 32768],       // 9 g clamps to 4 g
            [3, 2, 1],           // rounds to the nearest unit
            [4, 5, 1_004_000],
            [0, 0, 0],
        ])
    }

    @Test func aDualSenseRecordingIsWrittenInTheDriversFrameAndReadBackCanonical() throws {
        // hid-playstation: canonical (x, y, z) = kernel (x, -z, y), so canonical +Y (up) is kernel -Z.
        var enc = MotionEventEncoder(device: device)
        var events: [InputEvent] = []
        enc.encode(MotionSample(time: 1, stamp: 1, accel: SIMD3(0, 1, 0), gyro: SIMD3(10, 0, 0)), into: &events)
        #expect(events.first { $0.type == EV.abs && $0.code == 2 }?.value == -8192)
        #expect(events.first { $0.type == EV.abs && $0.code == 3 }.map { Int($0.value) } == 10_240)
        var w = EvemuWriter(device: device, kernel: nil, dmi: nil)
        var text = w.header()
        for e in events { w.append(e, into: &text) }
        var samples: [MotionSample] = []
        _ = try text.utf8CString.withUnsafeBytes { raw in
            try TraceSource.read(bytes: UnsafeRawBufferPointer(rebasing: raw.dropLast()), file: "ds.evemu", format: .evemu) { samples.append($0) }
        }
        #expect(samples.count == 1)
        #expect(samples[0].accel == SIMD3(0, 1, 0))
        #expect(samples[0].gyro == SIMD3(10, 0, 0))
    }

    @Test func kernelFuzzFilterHoldsSmallChanges() {
        #expect(KernelFuzzFilter.defuzz(105, old: 100, fuzz: 16) == 100)
        #expect(KernelFuzzFilter.defuzz(112, old: 100, fuzz: 16) == 103)
        #expect(KernelFuzzFilter.defuzz(120, old: 100, fuzz: 16) == 110)
        #expect(KernelFuzzFilter.defuzz(140, old: 100, fuzz: 16) == 140)
        #expect(KernelFuzzFilter.defuzz(140, old: 100, fuzz: 0) == 140)
    }

    /// evemu's own parser (libevemu, installed with evemu-tools) must accept what we write.
    @Test func libevemuReadsTheOutput() throws {
        guard let lib = dlopen("libevemu.so.3", RTLD_NOW) else {
            Issue.record("libevemu.so.3 not found: install evemu-tools (make deps does)")
            return
        }
        defer { dlclose(lib) }
        typealias New = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
        typealias Read = @convention(c) (OpaquePointer?, UnsafeMutablePointer<FILE>?) -> Int32
        typealias ReadEvent = @convention(c) (UnsafeMutablePointer<FILE>?, UnsafeMutableRawPointer?) -> Int32
        typealias AbsGetter = @convention(c) (OpaquePointer?, Int32) -> Int32
        typealias Name = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
        typealias Delete = @convention(c) (OpaquePointer?) -> Void
        func sym<T>(_ name: String, _: T.Type) -> T { unsafeBitCast(dlsym(lib, name)!, to: T.self) }

        var events: [InputEvent] = []
        var enc = MotionEventEncoder(device: device)
        for i in 0..<20 {
            let t = Double(i) * 0.004
            enc.encode(MotionSample(time: t, stamp: DeviceTime(seconds: t), accel: SIMD3(0.1 * Double(i), -1, 0), gyro: SIMD3(-Double(i), 0, 1)), into: &events)
        }
        var w = EvemuWriter(device: device, kernel: "6.1.0", dmi: "dmi:test:")
        var text = w.header()
        for e in events { w.append(e, into: &text) }
        let path = "/tmp/kape-libevemu-\(getpid()).evemu"
        let f = fopen(path, "w")!
        fputs(text, f)
        fclose(f)
        defer { unlink(path) }

        let dev = sym("evemu_new", New.self)(nil)
        defer { sym("evemu_delete", Delete.self)(dev) }
        let fp = fopen(path, "r")
        defer { fclose(fp) }
        #expect(sym("evemu_read", Read.self)(dev, fp) > 0)
        #expect(String(cString: sym("evemu_get_name", Name.self)(dev)!) == device.name)
        #expect(sym("evemu_get_abs_resolution", AbsGetter.self)(dev, 0) == 8192)
        #expect(sym("evemu_get_abs_maximum", AbsGetter.self)(dev, 5) == 2_097_152)
        #expect(sym("evemu_has_prop", AbsGetter.self)(dev, 6) == 1)

        // struct input_event: timeval (two longs), type, code, value.
        var read: [InputEvent] = []
        var raw = [UInt8](repeating: 0, count: 24)
        while raw.withUnsafeMutableBytes({ sym("evemu_read_event", ReadEvent.self)(fp, $0.baseAddress) }) > 0 {
            raw.withUnsafeBytes { b in
                let micros = b.load(fromByteOffset: 0, as: Int.self) * 1_000_000 + b.load(fromByteOffset: 8, as: Int.self)
                read.append(InputEvent(micros: Int64(micros), type: b.load(fromByteOffset: 16, as: UInt16.self),
                                       code: b.load(fromByteOffset: 18, as: UInt16.self), value: b.load(fromByteOffset: 20, as: Int32.self)))
            }
        }
        #expect(read == events)
    }

    @Test func bufferedWriterReplacesTheTargetOnlyOnCommit() throws {
        let path = "/tmp/kape-bfw-\(getpid()).txt"
        defer { unlink(path) }
        do {
            let w = try BufferedFileWriter(path: path, capacity: 8)
            try w.write("first version, longer than the buffer\n")
            try w.commit()
        }
        do {
            let w = try BufferedFileWriter(path: path, capacity: 8)
            try w.write("abandoned, never committed\n")
        }
        let f = try MappedFile(path: path, as: .trace)
        #expect(f.withBytes { String(decoding: $0, as: UTF8.self) } == "first version, longer than the buffer\n")
        // No temporary files left beside it.
        let dir = opendir("/tmp")!
        defer { closedir(dir) }
        var leftovers = 0
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name.hasPrefix(".kape-bfw-\(getpid()).txt.tmp-") { leftovers += 1 }
        }
        #expect(leftovers == 0)
    }
}

/// `trace convert` wrote a 2.4 GB evemu file that Kape then refused (over 1 GiB): a writer stops at the limit,
/// leaving nothing (issue 30). Here with a small limit; the real one is `InputFile.Kind.trace`'s 1 GiB.
@Suite struct TraceOutputLimitTests {
    @Test func aTraceOverTheLimitIsNotWritten() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kape-limit-\(getpid()).evemu").path
        defer { unlink(path) }
        try "old".write(toFile: path, atomically: true, encoding: .utf8)
        let w = try BufferedFileWriter(path: path, capacity: 1024, limit: 10_000)
        #expect {
            for _ in 0..<1000 { try w.write("E: 0.000000 0003 0000 0001\n") }
            try w.commit()
        } throws: { "\($0)".contains("would pass 10000 bytes, the most Kape reads of a trace, so nothing was written") }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        let dir = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".kape-limit-\(getpid()).evemu.tmp-") }.isEmpty)
    }
}
