import Motion
@testable import MotionDevices
import XCTest

final class AxisMapTests: XCTestCase {
    func testParsesAndApplies() throws {
        let map = try AxisMap(parsing: "x, -Z ,y")
        XCTAssertEqual(map.description, "x,-z,y")
        XCTAssertEqual(map.apply(SIMD3(1, 2, 3)), SIMD3(1, -3, 2))
        XCTAssertFalse(map.isMirror)
        XCTAssertTrue(try AxisMap(parsing: "y,x,z").isMirror)
        XCTAssertTrue(try AxisMap(parsing: "-x,y,z").isMirror)
        XCTAssertFalse(try AxisMap(parsing: "-y,x,z").isMirror)
    }

    func testRejectsBadMaps() {
        for bad in ["x,y", "x,x,z", "x,y,w", "x,,z", "xy,z,y", "x,y,z,x"] {
            XCTAssertThrowsError(try AxisMap(parsing: bad), bad)
        }
    }

    /// A DualSense held against the forehead, face out, triggers up: gravity points along the kernel's -Z
    /// (the driver's Z runs toward the player, i.e. the grips, which now point down).
    func testDriverFramesPutGravityOnCanonicalY() throws {
        let ds = try XCTUnwrap(DriverTable.guess(vendor: 0x054c, product: 0x0ce6, name: ""))
        XCTAssertEqual(ds.axes.apply(SIMD3(0, 0, -1)), SIMD3(0, 1, 0))
        XCTAssertEqual(ds.axes.apply(SIMD3(0, 1, 0)), SIMD3(0, 0, 1))  // out of the face → out of the "screen"
        let deck = try XCTUnwrap(DriverTable.guess(vendor: 0x28de, product: 0x1205, name: "Steam Deck Motion Sensors"))
        XCTAssertEqual(deck.axes, ds.axes)
        let joycon = try XCTUnwrap(DriverTable.guess(vendor: 0x057e, product: 0x2009, name: "Nintendo Switch Pro Controller IMU"))
        XCTAssertEqual(joycon.axes.apply(SIMD3(1, 0, 0)), SIMD3(0, 1, 0))   // toward the triggers → up
        XCTAssertEqual(joycon.axes.apply(SIMD3(0, 1, 0)), SIMD3(-1, 0, 0))  // left → -X
        XCTAssertEqual(DriverTable.guess(vendor: 0x054c, product: 0x0268, name: "")?.timestamp, KnownDriver.TimestampKind.none)
        XCTAssertNil(DriverTable.guess(vendor: 0x1209, product: 0x4b50, name: "Kape Test IMU Motion Sensors"))
    }

    func testConfigStoreRemembersAtomically() throws {
        let dir = "/tmp/kape-axes-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { _ = try? FileManager.default.removeItem(atPath: dir) }
        let store = AxisConfigStore(path: dir + "/kape/axes.conf")
        XCTAssertTrue(store.load().isEmpty)
        try store.save(try AxisMap(parsing: "x,-z,y"), for: "0003:054c:0ce6:Pad Motion Sensors")
        try store.save(try AxisMap(parsing: "-y,x,z"), for: "0005:057e:2009:Other")
        XCTAssertEqual(store.override(for: "0003:054c:0ce6:Pad Motion Sensors")?.description, "x,-z,y")
        try store.save(nil, for: "0005:057e:2009:Other")
        XCTAssertEqual(store.load().count, 1)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir + "/kape")
        XCTAssertEqual(leftovers, ["axes.conf"])
    }

    /// A device clock that steps back goes on from the last time written: the recording's times never go
    /// backwards (they were flattened to 0, and `kape replay` refused the file).
    func testRecorderKeepsTimesGoingForwardWhenTheClockStepsBack() throws {
        let path = "/tmp/kape-rec-back-\(getpid()).evemu"
        defer { unlink(path) }
        var info = MotionDeviceInfo(name: "Test IMU")
        info.properties[0] = 0x40
        for i in 0..<3 { info.axes[i] = AxisInfo(minimum: -100, maximum: 100, resolution: 10) }
        info.eventBits = [0: [0x0b, 0, 0, 0, 0, 0, 0, 0], 3: [0x07, 0, 0, 0, 0, 0, 0, 0]]
        let rec = try TraceRecorders.evemu(path: path)
        try rec.begin(device: info)
        for (micros, z) in [(60_000_000, 10), (60_004_000, 20), (4_000, 30), (8_000, 40)] as [(Int64, Int32)] {
            try rec.write(InputEvent(micros: micros, type: 3, code: 2, value: z))
            try rec.write(InputEvent(micros: micros, type: 0, code: 0, value: 0))
        }
        try rec.finish()
        var samples: [MotionSample] = []
        _ = try TraceSource.read(path: path) { samples.append($0) }
        XCTAssertEqual(samples.count, 4)
        XCTAssertEqual(samples.map(\.stamp), samples.map(\.stamp).sorted(), "times go forward")
        XCTAssertEqual(samples[3].stamp - samples[2].stamp, 0.004, accuracy: 1e-9, "the steps after the jump are kept")
    }

    func testRecorderWritesEvemuRecordFormat() throws {
        let path = "/tmp/kape-rec-\(getpid()).evemu"
        defer { unlink(path) }
        var info = MotionDeviceInfo(name: "Test IMU")
        (info.bus, info.vendor, info.product, info.version) = (3, 0x1209, 0x4b50, 1)
        info.properties[0] = 0x40
        for i in 0..<3 { info.axes[i] = AxisInfo(minimum: -100, maximum: 100, resolution: 10) }
        info.eventBits = [0: [0x0b, 0, 0, 0, 0, 0, 0, 0], 3: [0x07, 0, 0, 0, 0, 0, 0, 0]]
        let rec = try TraceRecorders.evemu(path: path)
        try rec.begin(device: info)
        try rec.write(InputEvent(micros: 5_000_000, type: 3, code: 1, value: 7))
        try rec.write(InputEvent(micros: 5_000_000, type: 3, code: 2, value: -12))
        try rec.write(InputEvent(micros: 5_000_000, type: 0, code: 0, value: 0))
        try rec.write(InputEvent(micros: 5_004_000, type: 3, code: 1, value: 12345))
        try rec.write(InputEvent(micros: 5_004_000, type: 0, code: 0, value: 0))
        try rec.finish()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.first, "# EVEMU 1.3")
        XCTAssertTrue(lines.contains("P: 40 00 00 00 00 00 00 00"))
        XCTAssertTrue(lines.contains("A: 00 -100 100 0 0 10"))
        let events = lines.filter { $0.hasPrefix("E: ") }
        XCTAssertEqual(events[0], "E: 0.000001 0003 0001 0007\t# EV_ABS / ABS_Y                7")
        XCTAssertEqual(events[1], "E: 0.000001 0003 0002 -012\t# EV_ABS / ABS_Z                -12")
        XCTAssertEqual(events[4], "E: 0.004001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +4ms")
        // And the project's reader takes it back.
        var samples: [MotionSample] = []
        _ = try TraceSource.read(path: path) { samples.append($0) }
        XCTAssertEqual(samples.count, 2)
        XCTAssertEqual(samples.first?.accel.y ?? 0, 0.7, accuracy: 1e-12)
        XCTAssertEqual(samples.last?.accel.y ?? 0, 1234.5, accuracy: 1e-12)
    }
}
