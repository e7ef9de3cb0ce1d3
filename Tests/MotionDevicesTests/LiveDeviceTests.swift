import Foundation
import Motion
import XCTest

/// `kape devices/live/record/rumble` against emulated devices (see Tests/Fixtures/umockdev/gen.py).
final class LiveDeviceTests: XCTestCase {
    private let imu = Umockdev.Node(number: 5, ioctl: "imu6.ioctl", events: "imu6.evemu")

    func testDiscoveryDescribesDevicesDriversAndSiblings() throws {
        let out = try Umockdev.run(
            testbeds: ["dualsense", "imu6", "accel"],
            nodes: [.init(number: 3, ioctl: "dualsense-event3.ioctl"), .init(number: 4, ioctl: "dualsense-event4.ioctl", events: "dualsense.evemu"),
                    imu, .init(number: 6, ioctl: "accel.ioctl", events: "accel.evemu")],
            kapeArgs: ["devices", "--json", "--probe", "0.5"])
        XCTAssertEqual(out.status, 0, out.stderr)
        let byPath = Dictionary(uniqueKeysWithValues: out.objects.map { ($0["path"] as! String, $0) })
        XCTAssertEqual(Set(byPath.keys), ["/dev/input/event4", "/dev/input/event5", "/dev/input/event6"], "the gamepad node is not a motion node")

        let ds = try XCTUnwrap(byPath["/dev/input/event4"])
        XCTAssertEqual(ds["driver"] as? String, "hid-playstation (DualSense)")
        XCTAssertEqual(ds["axis_map"] as? String, "x,-z,y")
        XCTAssertEqual(ds["vendor"] as? String, "054c")
        XCTAssertEqual(ds["gyro"] as? Bool, true)
        XCTAssertEqual(ds["msc_timestamp"] as? Bool, true)
        XCTAssertEqual(ds["rate_source"] as? String, "MSC_TIMESTAMP")
        XCTAssertEqual(try XCTUnwrap(ds["rate_hz"] as? Double), 250, accuracy: 0.5)
        let sibling = try XCTUnwrap(ds["sibling"] as? [String: Any])
        XCTAssertEqual(sibling["path"] as? String, "/dev/input/event3")
        XCTAssertEqual(sibling["rumble"] as? Bool, true)
        XCTAssertEqual(ds["rumble"] as? String, "/dev/input/event3")
        let axes = try XCTUnwrap(ds["axes"] as? [[String: Any]])
        XCTAssertEqual(axes.map { $0["resolution"] as? Int }, [8192, 8192, 8192, 1024, 1024, 1024])

        let generic = try XCTUnwrap(byPath["/dev/input/event5"])
        XCTAssertTrue(generic["driver"] is NSNull)
        XCTAssertEqual(generic["axis_map_source"] as? String, "identity")
        XCTAssertTrue(generic["sibling"] is NSNull)

        let accel = try XCTUnwrap(byPath["/dev/input/event6"])
        XCTAssertEqual(accel["rule"] as? String, "ABS_X/Y/Z without keys")
        XCTAssertEqual(accel["gyro"] as? Bool, false)
        XCTAssertEqual(accel["msc_timestamp"] as? Bool, false)
        XCTAssertEqual(accel["rate_source"] as? String, "event time")
        XCTAssertEqual(try XCTUnwrap(accel["rate_hz"] as? Double), 100, accuracy: 0.5)
    }

    func testSilentAccelerometerCalibratesOnSilence() throws {
        // A DualShock 3 accelerometer sends one frame, then nothing for 3 s (the kernel drops unchanged values and
        // empty frames), then a nod held still. Silence is stillness: calibration must come from it, within 1.5 s
        // of the last frame on the event clock, and the held nod must fire as in replay.
        let node = Umockdev.Node(number: 6, ioctl: "silent.ioctl", events: "silent.evemu")
        let out = try Umockdev.run(testbeds: ["silent"], nodes: [node], kapeArgs: ["live", "--json", "--duration", "4.5"])
        XCTAssertEqual(out.status, 0, out.stderr)
        let objects = out.objects
        let calibrated = try XCTUnwrap(objects.first { $0["event"] as? String == "calibrated" }, out.stdout)
        let t = try XCTUnwrap(calibrated["t"] as? Double)
        XCTAssertGreaterThanOrEqual(t, 101.0 - 1e-6, "a second of stillness is needed")
        XCTAssertLessThanOrEqual(t, 101.5, "calibrated within 1.5 s of stillness (the next frame comes at 103.0)")
        let replay = Umockdev.gestures(try Umockdev.replay("\(Umockdev.fixtures)/silent.evemu"))
        XCTAssertEqual(replay.map(\.event), ["correct"])
        XCTAssertEqual(Umockdev.gestures(objects).map(\.event), ["correct"], out.stdout)
    }

    func testWiiRemoteWithoutMotionPlusUsesItsAccelerometerAlone() throws {
        let nodes = [Umockdev.Node(number: 13, ioctl: "wiimote-event13.ioctl"),
                     Umockdev.Node(number: 14, ioctl: "wiimote-event14.ioctl", events: "wiimote.evemu")]
        let out = try Umockdev.run(testbeds: ["wiimote"], nodes: nodes, kapeArgs: ["devices", "--json", "--probe", "0"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(out.objects.map { $0["path"] as? String }, ["/dev/input/event14"], "buttons are not an accelerometer")
        let wii = try XCTUnwrap(out.objects.first)
        XCTAssertEqual(wii["driver"] as? String, "hid-wiimote (Wii Remote)")
        XCTAssertEqual(wii["rule"] as? String, "accelerometer on ABS_RX/RY/RZ (hid-wiimote)")
        XCTAssertEqual(wii["axis_map"] as? String, "y,-x,z")
        XCTAssertEqual(wii["gyro"] as? Bool, false)
        XCTAssertTrue(wii["gyro_node"] is NSNull, "no Motion Plus node")
        XCTAssertEqual((wii["sibling"] as? [String: Any])?["path"] as? String, "/dev/input/event13")
        XCTAssertEqual(wii["rumble"] as? String, "/dev/input/event13")

        let live = try Umockdev.run(testbeds: ["wiimote"], nodes: nodes, kapeArgs: ["live", "--json", "--duration", "2.6", "-v"])
        XCTAssertEqual(live.status, 0, live.stderr)
        XCTAssertTrue(live.stderr.contains("accelerometer only"), live.stderr)
        let replay = Umockdev.gestures(try Umockdev.replay("\(Umockdev.fixtures)/wiimote.evemu"))
        XCTAssertEqual(replay.map(\.event), ["correct"], "the accelerometer is read from ABS_RX/RY/RZ, the right way up")
        XCTAssertEqual(Umockdev.gestures(live.objects), replay, "the Wii Remote driver's frames are the node's")
    }

    func testUnreadableNodeIsListedWithTheFix() throws {
        // Root reads everything, so the node is made unreadable for an unprivileged user running the testbed.
        let f = Umockdev.fixtures
        let out = try Umockdev.runUnprivileged([
            "-d", "\(f)/noperm.umockdev",
            "-i", "/dev/input/event8=\(f)/noperm-event8.ioctl", "-i", "/dev/input/event9=\(f)/noperm-event9.ioctl", "--",
            "/bin/sh", "-c", "chmod 000 \"$UMOCKDEV_DIR/dev/input/event9\" && exec \"$0\" devices --json --probe 0", try Umockdev.kape(),
        ])
        XCTAssertEqual(out.status, 0, out.stderr)
        let objects = out.objects
        XCTAssertEqual(objects.map { $0["path"] as? String }, ["/dev/input/event8", "/dev/input/event9"])
        let denied = objects[1]
        XCTAssertEqual(denied["status"] as? String, "permission-denied")
        XCTAssertEqual(denied["name"] as? String, "Sony Interactive Entertainment DualSense Wireless Controller Motion Sensors", "named from sysfs")
        XCTAssertEqual(denied["vendor"] as? String, "054c")
        let fix = try XCTUnwrap(denied["fix"] as? [String])
        XCTAssertTrue(fix.last?.contains("ATTRS{name}==\"Sony Interactive Entertainment DualSense Wireless Controller Motion Sensors\", MODE=\"0660\", TAG+=\"uaccess\"") == true, "\(fix)")
        XCTAssertTrue(fix.last?.contains("/etc/udev/rules.d/") == true)
    }

    func testLiveYieldsTheSameGesturesAsReplay() throws {
        for (node, file) in [(imu, "imu6.evemu"), (Umockdev.Node(number: 6, ioctl: "accel.ioctl", events: "accel.evemu"), "accel.evemu")] {
            let name = String(file.dropLast(6))
            let out = try Umockdev.run(testbeds: [name], nodes: [node], kapeArgs: ["live", "--json", "--duration", "4.1"])
            XCTAssertEqual(out.status, 0, out.stderr)
            let live = Umockdev.gestures(out.objects)
            let replay = Umockdev.gestures(try Umockdev.replay("\(Umockdev.fixtures)/\(file)"))
            XCTAssertEqual(replay.map(\.event), ["correct", "pass"], file)
            // Same frames, same times, same kinds. The accelerometer-only observer's tilt at the firing sample may
            // differ by a fraction of a degree (its state is sensitive to the exact calibration history).
            XCTAssertEqual(live.map(\.event), replay.map(\.event), file)
            XCTAssertEqual(live.map(\.t), replay.map(\.t), file)
            for (l, r) in zip(live, replay) { XCTAssertEqual(l.tilt, r.tilt, accuracy: 1.0, file) }
            XCTAssertEqual(out.objects.first?["event"] as? String, "calibrated")
            for o in out.objects { XCTAssertNotNil(o["mono"] as? Double, "every live line carries mono") }
        }
    }

    /// The DualSense stream is the imu6 nod in the driver's frame: the axis table must make it the same nod.
    func testDualSenseFrameIsMappedOntoTheCanonicalOne() throws {
        let out = try Umockdev.run(testbeds: ["dualsense"],
                                   nodes: [.init(number: 3, ioctl: "dualsense-event3.ioctl"), .init(number: 4, ioctl: "dualsense-event4.ioctl", events: "dualsense.evemu")],
                                   kapeArgs: ["live", "event4", "--json", "--duration", "4.1"])
        XCTAssertEqual(out.status, 0, out.stderr)
        let live = Umockdev.gestures(out.objects)
        let twin = Umockdev.gestures(try Umockdev.replay("\(Umockdev.fixtures)/imu6.evemu"))
        XCTAssertEqual(live.map(\.event), twin.map(\.event))
        for (a, b) in zip(live, twin) {
            XCTAssertEqual(a.t, b.t, accuracy: 0.0081, "within two samples")
            XCTAssertEqual(a.tilt, b.tilt, accuracy: 2)
        }
    }

    func testSynDroppedResyncsAndTheGateHoldsOnTheJump() throws {
        let out = try Umockdev.run(testbeds: ["dropped"], nodes: [.init(number: 7, ioctl: "dropped.ioctl", events: "dropped.evemu")],
                                   kapeArgs: ["live", "--json", "--duration", "3.8"])
        XCTAssertEqual(out.status, 0, out.stderr)
        let resyncs = out.objects.filter { $0["event"] as? String == "resync" }
        XCTAssertEqual(resyncs.count, 1)
        XCTAssertEqual(try XCTUnwrap(resyncs.first?["t"] as? Double), 101.7, accuracy: 1e-6, "recovery ends at the SYN_REPORT after SYN_DROPPED")
        let live = Umockdev.gestures(out.objects)
        // The jump arrives with the first frame after the drop (101.704): nothing may fire on it.
        XCTAssertFalse(live.contains { abs($0.t - 101.704) < 1e-6 }, "\(live)")
        XCTAssertFalse(live.contains { $0.t > 101.6 && $0.t < 101.704 + 0.05 - 1e-6 }, "nothing fires while the estimator settles: \(live)")
        XCTAssertEqual(live, Umockdev.gestures(try Umockdev.replay("\(Umockdev.fixtures)/dropped.evemu")), "same as replay")
        XCTAssertEqual(live.last?.event, "correct")
        XCTAssertEqual(try XCTUnwrap(live.last?.t), 103.15, accuracy: 0.05, "the real nod after the drop fires")
    }

    func testRecordingRoundTrips() throws {
        let path = NSTemporaryDirectory() + "kape-record-\(getpid()).evemu"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let out = try Umockdev.run(testbeds: ["imu6"], nodes: [imu], kapeArgs: ["record", "-o", path, "--duration", "4.1"])
        XCTAssertEqual(out.status, 0, out.stderr)
        var recorded: [MotionSample] = []
        var original: [MotionSample] = []
        _ = try TraceSource.read(path: path) { recorded.append($0) }
        _ = try TraceSource.read(path: "\(Umockdev.fixtures)/imu6.evemu") { original.append($0) }
        XCTAssertGreaterThanOrEqual(recorded.count, 1025, "every frame up to 4.1 s")
        XCTAssertLessThanOrEqual(recorded.count, original.count)
        let offset = original[0].stamp - recorded[0].stamp
        for (r, o) in zip(recorded, original) {
            XCTAssertEqual(r.accel, o.accel)
            XCTAssertEqual(r.gyro, o.gyro)
            XCTAssertEqual(r.stamp.seconds + offset, o.stamp.seconds, accuracy: 1e-6)
            XCTAssertEqual(r.time - recorded[0].time, o.time - original[0].time, accuracy: 1e-6)
        }
        // `kape replay` reads the recording and finds the same gestures, on the recording's own timeline.
        let fromRecording = Umockdev.gestures(try Umockdev.replay(path))
        let fromOriginal = Umockdev.gestures(try Umockdev.replay("\(Umockdev.fixtures)/imu6.evemu"))
        XCTAssertEqual(fromRecording.map(\.event), fromOriginal.map(\.event))
        for (a, b) in zip(fromRecording, fromOriginal) { XCTAssertEqual(a.t + offset, b.t, accuracy: 1e-6) }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("# EVEMU 1.3\n"))
        XCTAssertTrue(text.contains("\nE: 0.000001 "), "times start at 0.000001 as evemu-record writes them")
    }

    /// A recording that crashes (here a SIGSEGV from `timeout`, handled as a fault would be) keeps what was flushed
    /// under the name asked for; it used to leave only a hidden `.F.tmp-…`. SIGHUP ends it as Ctrl-C does, complete
    /// (it used to kill it, and the temporary file went with it).
    func testACrashedOrHungUpRecordingKeepsWhatItRecorded() throws {
        for (signal, status) in [("SEGV", SIGSEGV), ("HUP", 0)] {
            let dir = NSTemporaryDirectory() + "kape-record-crash-\(getpid())-\(signal)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let path = dir + "/rec.evemu"
            let out = try Umockdev.run(testbeds: ["imu6"], nodes: [imu], prefix: ["/usr/bin/timeout", "--foreground", "--preserve-status", "-s", signal, "2"],
                                       kapeArgs: ["record", "-o", path, "--duration", "30"])
            // --foreground: the signal goes to kape once (without it timeout also signals its whole group, and a second
            // SIGHUP rightly kills a recording that is finishing). --preserve-status gives kape's status: 128 + the signal.
            XCTAssertEqual(out.status, status == 0 ? 0 : 128 + status, out.stderr)
            let left = try FileManager.default.contentsOfDirectory(atPath: dir)
            XCTAssertEqual(left, ["rec.evemu"], "no hidden temporary file instead of the recording")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertTrue(text.hasPrefix("# EVEMU 1.3\n"))
            XCTAssertTrue(text.hasSuffix("\n"), "whole lines only")
            var samples = 0
            _ = try TraceSource.read(path: path) { _ in samples += 1 }
            XCTAssertGreaterThan(samples, 0, "the frames recorded before the \(signal)")
        }
    }

    /// Ctrl-C twice (the second while the first is finishing the file) ends the run at once: the file named keeps
    /// what it held, and no hidden `.rec.evemu.tmp-…` is left beside it (the second signal used to go straight to
    /// the default action, past the temporary-file cleanup).
    func testASecondInterruptLeavesTheOldFileAndNoTemporary() throws {
        let dir = NSTemporaryDirectory() + "kape-record-twice-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/rec.evemu"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        // Both signals once the recording's temporary file exists (a bounded wait), one right after the other.
        let shell = """
            "$0" "$@" & p=$!
            i=0; while ! ls -A \(dir) | grep -q tmp && [ $i -lt 500 ]; do sleep 0.01; i=$((i+1)); done
            sleep 0.2; kill -INT $p; kill -INT $p; wait $p; echo "status=$?"
            """
        let out = try Umockdev.run(testbeds: ["imu6"], nodes: [imu], prefix: ["/bin/sh", "-c", shell],
                                   kapeArgs: ["record", "-o", path, "--duration", "30"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["rec.evemu"], out.stdout + out.stderr)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        if out.stdout.contains("status=0") {
            XCTAssertTrue(text.hasPrefix("# EVEMU 1.3\n"), "finished before the second signal: the whole recording")
        } else {
            XCTAssertTrue(out.stdout.contains("status=130"), out.stdout + out.stderr)
            XCTAssertEqual(text, "old\n", "ended mid-write: the file as it was")
        }
    }

    func testUnpluggedDeviceIsReportedAndResumesWhenBack() throws {
        try Umockdev.requireTools()
        let python = "/usr/bin/python3"
        let probe = try Umockdev.spawn(python, ["-c", "import gi; gi.require_version('UMockdev', '1.0')"])
        guard probe.status == 0 else { throw XCTSkip("python3-gi and gir1.2-umockdev-1.0 are needed for the hot-plug test") }
        let out = try Umockdev.spawn(python, ["\(Umockdev.fixtures)/hotplug.py", "hotplug", "--", try Umockdev.kape(),
                                              "live", "--json", "--duration", "30"])
        XCTAssertEqual(out.status, 0, out.stderr)
        let events = out.objects.compactMap { $0["event"] as? String }
        XCTAssertEqual(events, ["calibrated", "correct", "deviceLost", "deviceBack", "calibrated", "correct"], out.stdout)
        let lost = try XCTUnwrap(out.objects.first { $0["event"] as? String == "deviceLost" })
        XCTAssertGreaterThan(try XCTUnwrap(lost["t"] as? Double), 101.7, "lost after the first nod, with the last sample's time")
    }

    func testRumbleUsesTheSiblingAndReportsDevicesWithout() throws {
        let none = try Umockdev.run(testbeds: ["imu6"], nodes: [imu], kapeArgs: ["rumble", "--strong", "0.8", "--ms", "120"])
        XCTAssertEqual(none.status, 0, "no force feedback is not an error: \(none.stderr)")
        XCTAssertTrue(none.stdout.contains("no force feedback"), none.stdout)
        // umockdev does not emulate EVIOCSFF: the upload fails, but on the gamepad sibling, and says so.
        let ds = try Umockdev.run(testbeds: ["dualsense"],
                                  nodes: [.init(number: 3, ioctl: "dualsense-event3.ioctl"), .init(number: 4, ioctl: "dualsense-event4.ioctl")],
                                  kapeArgs: ["rumble", "DualSense", "--ms", "50"])
        XCTAssertTrue(ds.stdout.contains("/dev/input/event3") || ds.stderr.contains("/dev/input/event3"), ds.stdout + ds.stderr)
    }
}
