import Foundation
import XCTest

/// A Wii Remote with Motion Plus as hid-wiimote exposes it (Tests/Fixtures/umockdev/gen.py, testbed 12): two
/// remotes whose nodes interleave, remote A's accelerometer (event14) and Motion Plus (event17) streaming one nod
/// down and one up, each report's Motion Plus frame 5 µs after its accelerometer frame.
final class WiimoteDeviceTests: XCTestCase {
    static let nodes = [13, 14, 15, 16, 17, 18].map { n in
        Umockdev.Node(number: n, ioctl: "wiimote-mp-event\(n).ioctl",
                      events: n == 14 ? "wiimote-mp-accel.evemu" : n == 17 ? "wiimote-mp-gyro.evemu" : nil)
    }

    func testEachRemoteIsOneSixAxisDeviceWithItsOwnMotionPlus() throws {
        let out = try Umockdev.run(testbeds: ["wiimote-mp"], nodes: Self.nodes, kapeArgs: ["devices", "--json", "--probe", "0"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(out.objects.map { $0["path"] as? String }, ["/dev/input/event14", "/dev/input/event18"],
                       "one motion device per remote: buttons and Motion Plus nodes are parts of it")
        for (device, gyro, pad) in [(0, "/dev/input/event17", "/dev/input/event13"), (1, "/dev/input/event15", "/dev/input/event16")] {
            let wii = out.objects[device]
            XCTAssertEqual(wii["gyro"] as? Bool, true)
            let node = try XCTUnwrap(wii["gyro_node"] as? [String: Any], "\(wii)")
            XCTAssertEqual(node["path"] as? String, gyro, "the Motion Plus of the same HID device, not the next number")
            XCTAssertEqual(node["name"] as? String, "Nintendo Wii Remote Motion Plus")
            XCTAssertEqual(node["paired"] as? Bool, true)
            XCTAssertEqual((wii["sibling"] as? [String: Any])?["path"] as? String, pad)
        }
        let text = try Umockdev.run(testbeds: ["wiimote-mp"], nodes: Self.nodes, kapeArgs: ["devices", "--probe", "0"])
        XCTAssertTrue(text.stdout.contains("gyro node: /dev/input/event17 Nintendo Wii Remote Motion Plus (fused"), text.stdout)
        // Named by its Motion Plus node, a remote is still the device it is fused into (rumble goes to its buttons node).
        let rumble = try Umockdev.run(testbeds: ["wiimote-mp"], nodes: Self.nodes, kapeArgs: ["rumble", "event15", "--ms", "10"])
        XCTAssertTrue((rumble.stdout + rumble.stderr).contains("/dev/input/event16"), rumble.stdout + rumble.stderr)
    }

    func testMotionPlusIsFusedLiveAndTheRecordingReplaysToTheSameGestures() throws {
        let live = try Umockdev.run(testbeds: ["wiimote-mp"], nodes: Self.nodes,
                                    kapeArgs: ["live", "event14", "--json", "--duration", "4.3", "-v"])
        XCTAssertEqual(live.status, 0, live.stderr)
        XCTAssertTrue(live.stderr.contains("gyro + accelerometer"), live.stderr)
        XCTAssertTrue(live.stderr.contains("Motion Plus /dev/input/event17 fused with /dev/input/event14"), live.stderr)
        let gestures = Umockdev.gestures(live.objects)
        XCTAssertEqual(gestures.map(\.event), ["correct", "pass"], live.stdout)
        // The nod crosses -35° at 101.775 s and +35° at 103.025 s: with the gyro there is no accelerometer lag.
        XCTAssertEqual(gestures.first?.t ?? 0, 101.775, accuracy: 0.021, live.stdout)
        XCTAssertEqual(gestures.last?.t ?? 0, 103.025, accuracy: 0.021, live.stdout)

        let dir = NSTemporaryDirectory() + "kape-wiimote-mp-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let trace = dir + "/wii.evemu"
        let record = try Umockdev.run(testbeds: ["wiimote-mp"], nodes: Self.nodes,
                                      kapeArgs: ["record", "event14", "-o", trace, "--duration", "4.3"])
        XCTAssertEqual(record.status, 0, record.stderr)
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        XCTAssertTrue(text.contains("N: Nintendo Wii Remote Accelerometer"), "the remote's identity: its driver table entry")
        XCTAssertTrue(text.contains("A: 03 ") && text.contains("A: 05 "), "six axes: the gyro is in the trace")
        // The recording's times start at 0.000001 (evemu-record's rule) where the stream's start at 100.
        let replayed = Umockdev.gestures(try Umockdev.replay(trace)).map { Umockdev.Gesture(t: $0.t + 99.999999, event: $0.event, tilt: $0.tilt) }
        XCTAssertEqual(replayed.map(\.event), gestures.map(\.event), "live ≡ replay")
        XCTAssertEqual(replayed.map(\.tilt), gestures.map(\.tilt), "live ≡ replay")
        for (r, l) in zip(replayed, gestures) { XCTAssertEqual(r.t, l.t, accuracy: 1e-5, "live ≡ replay") }
    }

    func testMotionPlusThatGoesOrComesMidRound() throws {
        try Umockdev.requireTools()
        let python = "/usr/bin/python3"
        let probe = try Umockdev.spawn(python, ["-c", "import gi; gi.require_version('UMockdev', '1.0')"])
        guard probe.status == 0 else { throw XCTSkip("python3-gi and gir1.2-umockdev-1.0 are needed for the hot-plug test") }
        for (mode, change) in [("vanish", "gyroLost"), ("late", "gyroBack")] {
            let out = try Umockdev.spawn(python, ["\(Umockdev.fixtures)/wiimote-mp.py", mode, "--", try Umockdev.kape(),
                                                  "live", "event14", "--json", "--duration", "5.4"])
            XCTAssertEqual(out.status, 0, out.stderr)
            let events = out.objects.compactMap { $0["event"] as? String }
            // Accelerometer only before (late) or after (vanish) the change, from a fresh calibration. (The late stream
            // is paced from when it is added, so it may run a few tens of ms ahead of the accelerometer's.)
            XCTAssertEqual(events, ["calibrated", "correct", change, "calibrated", "correct"], "\(mode): \(out.stdout)")
            let last = try XCTUnwrap(Umockdev.gestures(out.objects).last)
            XCTAssertEqual(last.t, 104.225, accuracy: 0.1, "the second nod, not an echo of the first: \(out.stdout)")
            let note = out.objects.first { $0["event"] as? String == change }?["note"] as? String
            XCTAssertTrue(note?.contains("/dev/input/event17") ?? false, "\(mode): \(out.stdout)")
        }
    }
}
