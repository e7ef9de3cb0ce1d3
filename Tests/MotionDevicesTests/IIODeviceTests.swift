import Foundation
import Motion
import XCTest

/// `kape devices/live/record` against IIO sensors emulated by umockdev (Tests/Fixtures/umockdev/iio.py): the
/// drivers' own attribute sets and scan formats, played in real time.
final class IIODeviceTests: XCTestCase {
    /// A buffered fixture: its testbed and the scripts feeding its nodes.
    struct Shape {
        var testbed: String
        var nodes: [Int]
        /// The scripts' name before `-deviceN.script`: the testbed's own unless another stream feeds it.
        var scripts: String? = nil
        var folders: [Int] { nodes }
    }

    static let mpu = Shape(testbed: "iio-mpu6050", nodes: [0])
    static let lsm = Shape(testbed: "iio-lsm6dso", nodes: [1, 2])
    static let hid = Shape(testbed: "iio-hid", nodes: [3])
    /// The same hub granting 12.5 Hz: the slow-rate rules (a dwell ended on its sample, the second sample of the
    /// low-pass path) with the live reader's ticks, which must give what replay's give.
    static let hidSlow = Shape(testbed: "iio-hid", nodes: [3], scripts: "iio-hid-slow")

    /// `umockdev-run -d TESTBED --script … -- sh -c SCRIPT kape`: the shell runs inside the emulation, so it can
    /// change attributes before Kape starts and read them after it ends. `$0` is kape.
    func run(_ shape: Shape, shell: String) throws -> Umockdev.Output {
        try Umockdev.requireTools()
        let f = Umockdev.fixtures
        var args = ["-d", "\(f)/\(shape.testbed).umockdev"]
        for n in shape.nodes { args += ["--script", "/dev/iio:device\(n)=\(f)/\(shape.scripts ?? shape.testbed)-device\(n).script"] }
        args += ["--", "/bin/sh", "-c", shell, try Umockdev.kape()]
        return try Umockdev.spawn("/usr/bin/umockdev-run", args)
    }

    func testDiscoveryListsEveryShapeWithItsAttributes() throws {
        let f = Umockdev.fixtures
        let args = ["-d", "\(f)/iio-mpu6050.umockdev", "-d", "\(f)/iio-lsm6dso.umockdev", "-d", "\(f)/iio-hid.umockdev",
                    "-d", "\(f)/iio-polled.umockdev", "--", try Umockdev.kape(), "devices", "--json", "--probe", "0"]
        try Umockdev.requireTools()
        let out = try Umockdev.spawn("/usr/bin/umockdev-run", args)
        XCTAssertEqual(out.status, 0, out.stderr)
        let objects = out.objects
        XCTAssertEqual(objects.map { $0["path"] as? String },
                       ["/dev/iio:device0", "/dev/iio:device1", "/dev/iio:device3", "/sys/bus/iio/devices/iio:device5", "/dev/iio:device4"],
                       "the LSM6DSO's gyro is paired into its accelerometer; the base's accelerometer comes after the display's")
        func iio(_ i: Int) throws -> [String: Any] { try XCTUnwrap(objects[i]["iio"] as? [String: Any]) }
        func parts(_ i: Int) throws -> [[String: Any]] { try XCTUnwrap(try iio(i)["parts"] as? [[String: Any]]) }

        let mpu = try parts(0)[0]
        XCTAssertEqual(objects[0]["name"] as? String, "mpu6050 (IIO)")
        XCTAssertEqual(objects[0]["gyro"] as? Bool, true)
        XCTAssertEqual(objects[0]["axis_map"] as? String, "-y,x,z")
        XCTAssertEqual(try iio(0)["read"] as? String, "buffered")
        XCTAssertEqual(mpu["channels"] as? [String], ["accel_x", "accel_y", "accel_z", "anglvel_x", "anglvel_y", "anglvel_z", "temp", "timestamp"])
        XCTAssertEqual(mpu["available_frequencies"] as? [Double], [10, 20, 50, 100, 200, 500])
        XCTAssertEqual(mpu["sampling_frequency"] as? Double, 50)
        XCTAssertEqual((mpu["trigger"] as? [String: Any])?["state"] as? String, "own")
        XCTAssertEqual((mpu["trigger"] as? [String: Any])?["name"] as? String, "mpu6050-dev0")
        let accel = try XCTUnwrap(mpu["accel"] as? [String: Any])
        XCTAssertEqual(accel["scale"] as? [Double], [0.000598, 0.000598, 0.000598])
        XCTAssertEqual(accel["mount_matrix_source"] as? String, "in_mount_matrix")
        XCTAssertEqual(accel["mount_matrix"] as? [[Double]], [[0, 1, 0], [-1, 0, 0], [0, 0, 1]])

        let lsm = try parts(1)
        XCTAssertEqual(lsm.map { $0["name"] as? String }, ["lsm6dso_accel", "lsm6dso_gyro"])
        XCTAssertEqual(objects[1]["name"] as? String, "lsm6dso (IIO)")
        XCTAssertEqual(objects[1]["gyro"] as? Bool, true)
        XCTAssertEqual((lsm[0]["trigger"] as? [String: Any])?["state"] as? String, "not-needed")
        XCTAssertEqual((lsm[1]["anglvel"] as? [String: Any])?["mount_matrix_source"] as? String, "mount_matrix")

        let display = try parts(2)[0]
        XCTAssertEqual(display["label"] as? String, "accel-display")
        XCTAssertEqual(objects[2]["gyro"] as? Bool, false)
        XCTAssertEqual(display["rate_attribute"] as? String, "in_accel_sampling_frequency")
        XCTAssertEqual((display["accel"] as? [String: Any])?["mount_matrix_source"] as? String, "udev ACCEL_MOUNT_MATRIX")
        XCTAssertEqual((display["trigger"] as? [String: Any])?["state"] as? String, "current")

        XCTAssertEqual(try iio(3)["read"] as? String, "polled")
        XCTAssertTrue((try iio(3)["reason"] as? String)?.contains("no /dev/iio:device5") == true)
        XCTAssertTrue(try parts(3)[0]["node"] is NSNull)
        XCTAssertEqual((try parts(3)[0]["accel"] as? [String: Any])?["mount_matrix_source"] as? String, "in_accel_mount_matrix")
        XCTAssertEqual(objects[4]["name"] as? String, "accel_3d accel-base (IIO)")
    }

    /// Each buffered shape: live gestures, and the recording of the same stream replays to the same gestures at
    /// the same times on the sensor's timeline (live ≡ replay, as for evdev). Every attribute is put back.
    func testEveryBufferedShapeLivesRecordsAndReplaysTheSameGestures() throws {
        for shape in [Self.mpu, Self.lsm, Self.hid, Self.hidSlow] {
            let path = NSTemporaryDirectory() + "kape-iio-\(getpid())-\(shape.scripts ?? shape.testbed).evemu"
            defer { try? FileManager.default.removeItem(atPath: path) }
            let folder = "/sys/bus/iio/devices/iio:device\(shape.nodes[0])"
            let snapshot = "cd \(folder) && for f in buffer/* scan_elements/*_en trigger/current_trigger current_timestamp_clock *sampling_frequency; do [ -f \"$f\" ] && echo \"$f=$(cat $f)\"; done"
            let live = try run(shape, shell: "\(snapshot) > /tmp/before-$$; \"$0\" live --json --duration 4.1 || exit 9; \(snapshot) | diff /tmp/before-$$ - >&2 || exit 8")
            XCTAssertEqual(live.status, 0, "\(shape.testbed): \(live.stderr)")
            let gestures = Umockdev.gestures(live.objects)
            XCTAssertEqual(gestures.map(\.event), ["correct", "pass"], shape.testbed)
            XCTAssertEqual(live.objects.first?["event"] as? String, "calibrated", shape.testbed)
            // At 12.5 Hz a sample comes every 80 ms: the gesture may wait for the next one.
            XCTAssertEqual(try XCTUnwrap(gestures.first?.t), 1.78, accuracy: shape.scripts == nil ? 0.06 : 0.14,
                           "t is the sensor's timeline, 0 at the first sample")

            let record = try run(shape, shell: "\"$0\" record -o \(path) --duration 4.1")
            XCTAssertEqual(record.status, 0, record.stderr)
            let replayed = Umockdev.gestures(try Umockdev.replay(path))
            XCTAssertEqual(replayed.map(\.event), gestures.map(\.event), shape.testbed)
            for (r, l) in zip(replayed, gestures) {
                XCTAssertEqual(r.t, l.t + 1e-6, accuracy: 1e-6, "\(shape.testbed): a recording starts at 0.000001")
                XCTAssertEqual(r.tilt, l.tilt, accuracy: 1.0)
            }
        }
    }

    func testInterruptAndTerminateLeaveNoAttributeChanged() throws {
        for signal in ["INT", "TERM"] {
            // Wait (bounded) for the buffer to be on, then signal; afterwards everything must be as it was.
            let shell = """
                cd /sys/bus/iio/devices/iio:device0
                snapshot() { for f in buffer/enable trigger/current_trigger scan_elements/*_en sampling_frequency current_timestamp_clock; do echo "$f=$(cat $f)"; done; }
                before=$(snapshot)
                "$0" live --json > /dev/null & pid=$!
                i=0; while [ "$(cat buffer/enable)" != 1 ] && [ $i -lt 400 ]; do sleep 0.01; i=$((i+1)); done
                echo "enabled=$(cat buffer/enable) trigger=$(cat trigger/current_trigger)"
                kill -\(signal) $pid; wait $pid; echo "status=$?"
                after=$(snapshot)
                [ "$before" = "$after" ] && echo restored || { echo "before: $before"; echo "after: $after"; }
                """
            let out = try run(Self.mpu, shell: shell)
            XCTAssertTrue(out.stdout.contains("enabled=1 trigger=mpu6050-dev0"), out.stdout + out.stderr)
            XCTAssertTrue(out.stdout.contains("status=0"), "\(signal) ends the run cleanly: \(out.stdout)")
            XCTAssertTrue(out.stdout.contains("restored"), "\(signal): \(out.stdout)")
        }
    }

    func testPolledSensorPlaysAndIsChosenByNameOrFolder() throws {
        try Umockdev.requireTools()
        let probe = try Umockdev.spawn("/usr/bin/python3", ["-c", "import gi; gi.require_version('UMockdev', '1.0')"])
        guard probe.status == 0 else { throw XCTSkip("python3-gi and gir1.2-umockdev-1.0 are needed for the polled sensor") }
        for selector in ["mxc6655", "/sys/bus/iio/devices/iio:device5", "iio:device5"] {
            let out = try Umockdev.spawn("/usr/bin/python3", ["\(Umockdev.fixtures)/iio-poll.py", "--", try Umockdev.kape(),
                                                              "live", selector, "--json", "-v", "--duration", "4.6"])
            XCTAssertEqual(out.status, 0, out.stderr)
            XCTAssertTrue(out.stderr.contains("IIO: polling sysfs at 100 Hz: no /dev/iio:device5"), out.stderr)
            XCTAssertEqual(Umockdev.gestures(out.objects).map(\.event), ["correct", "pass"], "\(selector): \(out.stdout)")
        }
    }
}

/// Bad input from IIO sensors: each gives a clear message or the documented fallback, never a trap, and never a
/// device left in buffered mode.
final class IIOBadInputTests: XCTestCase {
    private let mpu = IIODeviceTests.mpu

    private func run(_ shell: String, script: String = "iio-mpu6050-device0.script") throws -> Umockdev.Output {
        try Umockdev.requireTools()
        let f = Umockdev.fixtures
        return try Umockdev.spawn("/usr/bin/umockdev-run", ["-d", "\(f)/iio-mpu6050.umockdev", "--script", "/dev/iio:device0=\(f)/\(script)",
                                                            "--", "/bin/sh", "-c", shell, try Umockdev.kape()])
    }

    private let folder = "/sys/bus/iio/devices/iio:device0"

    func testDeviceVanishingMidRoundIsLostThenFoundAgain() throws {
        try Umockdev.requireTools()
        let probe = try Umockdev.spawn("/usr/bin/python3", ["-c", "import gi; gi.require_version('UMockdev', '1.0')"])
        guard probe.status == 0 else { throw XCTSkip("python3-gi and gir1.2-umockdev-1.0 are needed for the hot-plug test") }
        let out = try Umockdev.spawn("/usr/bin/python3", ["\(Umockdev.fixtures)/hotplug.py", "iio-mpu6050", "--", try Umockdev.kape(),
                                                          "live", "--json", "--duration", "30"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(out.objects.compactMap { $0["event"] as? String },
                       ["calibrated", "correct", "deviceLost", "deviceBack", "calibrated", "correct"], out.stdout)
    }

    func testAbsurdScalesFallBackAndSaySo() throws {
        // The accelerometer's scale 0: its counts go out unscaled and 1 g comes from the still period; the gyro's
        // NaN: the gyro is not used. The nods are still found.
        for (accel, gyro) in [("0", "nan"), ("-0.000598", "0.001064724"), ("0.000598", "-1")] {
            let out = try run("printf -- '\(accel)' > \(folder)/in_accel_scale; printf -- '\(gyro)' > \(folder)/in_anglvel_scale; \"$0\" live --json -v --duration 4.1")
            XCTAssertEqual(out.status, 0, out.stderr)
            if accel != "0.000598" { XCTAssertTrue(out.stderr.contains("in_accel_scale: "), out.stderr) }
            if gyro != "0.001064724" {
                XCTAssertTrue(out.stderr.contains("gyro not used") && out.stderr.contains("accelerometer only"), out.stderr)
            }
            XCTAssertEqual(Umockdev.gestures(out.objects).map(\.event), ["correct", "pass"], "\(accel) \(gyro): \(out.stdout)")
        }
    }

    func testMountMatrixThatIsNotARotationIsIgnored() throws {
        let out = try run("printf '2, 0, 0; 0, 1, 0; 0, 0, 1' > \(folder)/in_mount_matrix; \"$0\" devices --json --probe 0 && \"$0\" live --json -v --duration 4.1")
        XCTAssertEqual(out.status, 0, out.stderr)
        let accel = (((out.objects.first?["iio"] as? [String: Any])?["parts"] as? [[String: Any]])?.first?["accel"] as? [String: Any])
        XCTAssertEqual(accel?["mount_matrix_source"] as? String, "none")
        XCTAssertTrue((accel?["mount_matrix_problem"] as? String)?.contains("not a rotation") == true, out.stdout)
        // The accelerometer and the gyro share in_mount_matrix: said once.
        XCTAssertEqual(out.stderr.components(separatedBy: "in_mount_matrix ignored: not a rotation (row 1 has length 2): identity used").count - 1, 1, out.stderr)
    }

    func testUnknownScanTypeFallsBackToPollingAndPutsEverythingBack() throws {
        let shell = """
            cd \(folder)
            snapshot() { for f in buffer/enable trigger/current_trigger scan_elements/*_en sampling_frequency current_timestamp_clock; do echo "$f=$(cat $f)"; done; }
            before=$(snapshot)
            printf 'le:q16/16>>0' > scan_elements/in_anglvel_y_type
            "$0" live -v --json --duration 1.5; echo "status=$?"
            [ "$before" = "$(snapshot)" ] && echo restored
            """
        let out = try run(shell)
        XCTAssertTrue(out.stderr.contains("IIO: polling sysfs at 100 Hz: scan_elements/in_anglvel_y_type: unknown scan type \"le:q16/16>>0\""), out.stderr)
        XCTAssertTrue(out.stdout.contains("status=0"), out.stdout)
        XCTAssertTrue(out.stdout.contains("restored"), "a setup that failed halfway is undone: \(out.stdout)")
    }

    /// The sensor's clock steps back half a second mid-stream, and the stream ends inside a scan: nothing traps,
    /// the cut scan is never decoded, and a recording's times never go back (replay reads it).
    func testTimestampSteppingBackAndAStreamCutMidScan() throws {
        let path = NSTemporaryDirectory() + "kape-iio-bad-\(getpid()).evemu"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let out = try run("\"$0\" live --json -v --duration 6", script: "iio-mpu6050-bad-device0.script")
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(out.stderr.contains("419 samples"), "every whole scan, not the cut one: \(out.stderr)")
        let live = Umockdev.gestures(out.objects)
        XCTAssertEqual(live.map(\.event), ["correct", "pass"], out.stdout)
        let record = try run("\"$0\" record -o \(path) --duration 6", script: "iio-mpu6050-bad-device0.script")
        XCTAssertEqual(record.status, 0, record.stderr)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let times = text.split(separator: "\n").filter { $0.hasPrefix("E: ") }.compactMap { Double($0.split(separator: " ")[1]) }
        XCTAssertEqual(times, times.sorted(), "a recording's times never go back")
        XCTAssertEqual(Umockdev.gestures(try Umockdev.replay(path)).map(\.event), ["correct", "pass"])
    }

    /// A recording that cannot be written (a full disk) ends the run with the error, and the buffer is put back.
    func testARecordingThatFailsEndsTheRunAndRestoresTheDevice() throws {
        let out = try run("\"$0\" record -o /dev/full --duration 4; echo \"status=$? enable=$(cat \(folder)/buffer/enable)\"")
        XCTAssertTrue(out.stdout.contains("status=1 enable=0"), out.stdout + out.stderr)
        XCTAssertTrue(out.stderr.contains("/dev/full: cannot write the recording"), out.stderr)
    }

    /// What a broken or hostile driver may show: a name and label with escape sequences and a line break, a rate
    /// range whose step is too fine to compute with (asking the sensor for an infinite rate trapped), and a node
    /// that is not the device sysfs names (a link to /dev/null was read, found at its end, lost and found again
    /// forever), an offset of 1e308. Each is shown as text, read as well as it can be, and named.
    func testHostileSysfsTextAnAbsurdRateRangeAndAForeignNode() throws {
        let text = try run("printf 'mpu\\033[2J\\nfake: line' > \(folder)/name; printf 'a\\033]0;t\\007' > \(folder)/label; \"$0\" devices --probe 0")
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertFalse(text.stdout.contains("\u{1B}"), text.stdout)
        for line in text.stdout.split(separator: "\n") {
            XCTAssertTrue(line.hasPrefix("/dev/") || line.hasPrefix("  "), "a line the device wrote: \(line)")
        }
        XCTAssertTrue(text.stdout.contains("mpu␛[2J␊fake: line a␛]0;t␇ (IIO)"), text.stdout)

        let range = try run("printf '[0 5e-324 200]' > \(folder)/sampling_frequency_available; timeout 10 \"$0\" live --json -v --duration 1.5; echo \"status=$? rate=$(cat \(folder)/sampling_frequency)\"")
        XCTAssertTrue(range.stdout.contains("status=0 rate=50"), range.stdout + range.stderr)
        XCTAssertTrue(range.stderr.contains("buffered"), range.stderr)

        let node = try run("cd \"$UMOCKDEV_DIR/dev\" && rm iio:device0 .node/iio:device0 && ln -s /dev/null iio:device0; timeout 10 \"$0\" live --json -v --duration 1.5; echo status=$?")
        XCTAssertTrue(node.stdout.contains("status=0"), node.stdout + node.stderr)
        XCTAssertTrue(node.stderr.contains("IIO: polling sysfs at 100 Hz: /dev/iio:device0 cannot be opened (not the device's node: "), node.stderr)
        XCTAssertEqual(node.objects.compactMap { $0["event"] as? String }.first, "calibrated", node.stdout)

        // An offset beyond any raw value saturated every frame, and nothing said why nothing calibrated.
        let offset = try run("printf 1e308 > \(folder)/in_accel_offset; \"$0\" devices --json --probe 0")
        let accel = (((offset.objects.first?["iio"] as? [String: Any])?["parts"] as? [[String: Any]])?.first?["accel"] as? [String: Any])
        XCTAssertEqual(accel?["offset"] as? [Double], [0, 0, 0], offset.stdout)
        XCTAssertTrue((accel?["offset_problem"] as? String)?.contains("in_accel_offset: 1e+308 is beyond any raw value") == true, offset.stdout)
    }

    func testUnwritableAttributesMeanPolling() throws {
        // Root writes anything, so the emulation runs as an unprivileged user, who owns the testbed but not the
        // right to change buffer/enable once it is made read-only.
        let f = Umockdev.fixtures
        let out = try Umockdev.runUnprivileged([
            "-d", "\(f)/iio-mpu6050.umockdev", "--script", "/dev/iio:device0=\(f)/iio-mpu6050-device0.script", "--",
            "/bin/sh", "-c", "chmod 444 \"$UMOCKDEV_DIR/sys/devices/platform/soc/1c2b000.i2c/i2c-1/1-0068/iio:device0/buffer/enable\" && exec \"$0\" live -v --json --duration 1.5", try Umockdev.kape()])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(out.stderr.contains("IIO: polling sysfs at 100 Hz: buffer/enable is not writable"), out.stderr)
    }

    func testANodeThatCannotBeOpenedIsPolledAndTheFixNamesTheUdevRule() throws {
        let f = Umockdev.fixtures
        let out = try Umockdev.runUnprivileged([
            "-d", "\(f)/iio-mpu6050.umockdev", "--",
            "/bin/sh", "-c", "chmod 000 \"$UMOCKDEV_DIR/dev/iio:device0\" && exec \"$0\" devices --json --probe 0", try Umockdev.kape()])
        XCTAssertEqual(out.status, 0, out.stderr)
        let iio = try XCTUnwrap(out.objects.first?["iio"] as? [String: Any], out.stdout)
        XCTAssertEqual(iio["read"] as? String, "polled", "sysfs is readable by all: the sensor still plays")
        XCTAssertTrue((iio["reason"] as? String)?.contains("permission denied") == true)
        let part = try XCTUnwrap((iio["parts"] as? [[String: Any]])?.first)
        XCTAssertEqual(part["access"] as? String, "permission-denied")
        let fix = try XCTUnwrap(part["fix"] as? [String])
        XCTAssertTrue(fix.contains { $0.contains("sudo make install") && $0.contains("/etc/udev/rules.d/70-kape-iio.rules") }, "\(fix)")
        XCTAssertTrue(fix.contains { $0.contains("TAG+=\"uaccess\"") && $0.contains("SUBSYSTEM==\"iio\"") }, "\(fix)")
    }
}
