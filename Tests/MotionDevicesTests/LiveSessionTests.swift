import Foundation
import Motion
@testable import MotionDevices
import Platform
import Testing

/// The live state machine driven directly: what a node sends, when it arrives, what the driver saw change. No
/// device, no umockdev: every path below is also run end to end by LiveDeviceTests.
@Suite struct LiveSessionTests {
    /// A 6-axis node like a DualSense at 250 Hz: 8192 units/g, 1024 units per deg/s, MSC_TIMESTAMP.
    static let info: MotionDeviceInfo = {
        var d = MotionDeviceInfo(name: "Test IMU Motion Sensors")
        d.vendor = 0x054c
        d.product = 0x0ce6
        for i in 0..<3 { d.axes[i] = AxisInfo(minimum: -32768, maximum: 32767, resolution: 8192) }
        for i in 3..<6 { d.axes[i] = AxisInfo(minimum: -2_097_152, maximum: 2_097_152, resolution: 1024) }
        d.hasTimestamp = true
        return d
    }()

    static func device(_ info: MotionDeviceInfo = info, path: String = "/dev/input/event7") -> DiscoveredDevice {
        DiscoveredDevice(path: path, info: info, uniq: "aa:bb", phys: "", rule: .accelerometerProperty, driver: nil,
                         axes: .identity, axesSource: .identity, rate: nil, sibling: nil, gyroNode: nil, hasRumble: false)
    }

    static func node(_ info: MotionDeviceInfo = info, path: String = "/dev/input/event7", uniq: String = "aa:bb",
                     clock: EventClock = .monotonic, openMicros: Int64 = 100_000_000) -> OpenedNode {
        OpenedNode(path: path, info: info, uniq: uniq, isMotionNode: true, clock: clock,
                   clockRefusal: clock == .realtime ? "Invalid argument" : nil,
                   axisValues: [0, 8192, 0, 0, 0, 0], openMicros: openMicros)
    }

    /// Kernel events for one frame at `micros` with the screen tilted `degrees` (positive: normal up) turning at
    /// `rate` deg/s about the canonical X axis.
    static func frame(_ micros: Int64, degrees: Double, rate: Double = 0) -> [InputEvent] {
        let th = degrees * .pi / 180
        func abs(_ code: UInt16, _ v: Double) -> InputEvent { InputEvent(micros: micros, type: EV.abs, code: code, value: Int32(v.rounded())) }
        return [abs(0, 0), abs(1, cos(th) * 8192), abs(2, sin(th) * 8192), abs(3, -rate * 1024), abs(4, 0), abs(5, 0),
                InputEvent(micros: micros, type: EV.msc, code: EV.mscTimestamp, value: Int32(truncatingIfNeeded: micros)),
                InputEvent(micros: micros, type: EV.syn, code: EV.synReport, value: 0)]
    }

    /// Drives a session like a driver would, recording what it reports.
    struct Drive {
        var session: LiveSession
        var events: [LiveEvent] = []
        var now = MonoInstant(nanos: 5_000_000_000)
        var nextMicros: Int64 = 100_000_000

        init(options: LiveOptions = LiveOptions(), node: OpenedNode = LiveSessionTests.node()) {
            session = LiveSession(device: LiveSessionTests.device(), options: options)
            var got: [LiveEvent] = []
            #expect(session.connect(node, at: now) { got.append($0) })
            events = got
        }

        /// `seconds` of frames at 250 Hz following `degrees(t)`; answers SYN_DROPPED recovery with `axes`.
        mutating func play(_ seconds: Double, axes: [Int32?] = [0, 8192, 0, 0, 0, 0], _ degrees: (Double) -> Double) {
            let n = Int(seconds * 250)
            for i in 0..<n {
                let t = Double(i) / 250
                let d = degrees(t), rate = (degrees(t + 0.001) - d) / 0.001
                feed(LiveSessionTests.frame(nextMicros, degrees: d, rate: rate), axes: axes)
                nextMicros += 4000
                now = now.advanced(bySeconds: 0.004)
            }
        }

        mutating func feed(_ list: [InputEvent], axes: [Int32?] = [0, 8192, 0, 0, 0, 0]) {
            var got: [LiveEvent] = []
            for e in list {
                if case .currentAxes(let micros) = session.receive(e, at: now, emit: { got.append($0) }) {
                    session.resynced(axes: axes, micros: micros, at: now) { got.append($0) }
                }
            }
            events += got
        }

        mutating func apply(_ body: (inout LiveSession, MonoInstant, (LiveEvent) -> Void) -> Void) {
            var got: [LiveEvent] = []
            body(&session, now) { got.append($0) }
            events += got
        }

        var gestures: [TiltEvent] { events.compactMap { if case .gesture(let g, _) = $0 { g } else { nil } } }
        var calibrations: [Double] { events.compactMap { if case .calibrated(let s, _) = $0 { s.seconds } else { nil } } }
    }

    @Test func aStillDeviceCalibratesThenATiltDownFiresCorrect() {
        var d = Drive()
        guard case .opened(let dev, let notes) = d.events.first else { Issue.record("no .opened first"); return }
        #expect(dev.path == "/dev/input/event7")
        #expect(notes.isEmpty)
        d.play(2) { _ in 0 }
        #expect(d.calibrations.count == 1)
        d.play(1) { t in -50 * min(1, t / 0.4) }
        #expect(d.gestures.map(\.kind) == [.correct])
        #expect(d.session.stats.samples == 750)
        #expect(d.session.stats.events == 750 * 8)
    }

    /// A driver with nothing to read at open (IIO: the first scan is the first sample) gives no open sample: the
    /// silence before the first scan is not a still device reading zero.
    @Test func withNoAxesReadAtOpenSilenceIsNotASample() {
        var node = LiveSessionTests.node()
        node.axisValues = [Int32?](repeating: nil, count: 6)
        var d = Drive(node: node)
        for _ in 0..<100 {
            d.now = d.now.advanced(bySeconds: 0.02)
            d.apply { s, now, emit in s.tick(at: now, emit: emit) }
        }
        #expect(d.session.stats.samples == 0)
        #expect(d.calibrations.isEmpty, "two seconds of nothing calibrated on a sample of zeros")
        d.play(2) { _ in 0 }
        #expect(d.calibrations.count == 1)
    }

    @Test func synDroppedDropsToTheNextReportRereadsTheAxesAndNothingFiresOnTheJump() {
        var d = Drive()
        d.play(2) { _ in 0 }
        let samples = d.session.stats.samples
        // The kernel lost events while the device was turned: the frame after recovery jumps to -60°.
        let gapStamp = Double(d.nextMicros) * 1e-6
        var lost = LiveSessionTests.frame(d.nextMicros, degrees: -60)
        lost.insert(InputEvent(micros: d.nextMicros, type: EV.syn, code: EV.synDropped, value: 0), at: 3)
        d.nextMicros += 4000
        let jumped: [Int32?] = [0, Int32(cos(-60 * Double.pi / 180) * 8192), Int32(sin(-60 * Double.pi / 180) * 8192), 0, 0, 0]
        d.feed(lost, axes: jumped)
        #expect(d.session.stats.resyncs == 1)
        #expect(d.session.stats.samples == samples, "the frame cut by SYN_DROPPED is not a sample")
        #expect(d.events.contains { if case .resynced = $0 { true } else { false } })
        d.play(0.2) { _ in -60 }
        // Nothing fires on the jump nor while the estimator settles (50 ms); the tilt is still there after it.
        #expect(!d.gestures.contains { $0.stamp.seconds < gapStamp + 0.05 }, "\(d.gestures)")
        #expect(d.gestures.map(\.kind) == [.correct])
        #expect(d.session.stats.samples == samples + 50)
    }

    @Test func aLostDeviceComesBackOnlyAsItselfAndRecalibrates() {
        var d = Drive()
        d.play(2) { _ in 0 }
        d.apply { s, now, emit in s.hotplug(.deleted("/dev/input/event7"), at: now, emit: emit) }
        #expect(!d.session.isConnected)
        #expect(d.session.stats.lost == 1)
        guard case .deviceLost(let path, _, _, _) = d.events.last else { Issue.record("no .deviceLost"); return }
        #expect(path == "/dev/input/event7")
        #expect(d.session.wait(at: d.now) == .forever, "nothing to retry yet")

        d.apply { s, now, emit in s.hotplug(.created("/dev/input/event9"), at: now, emit: emit) }
        d.apply { s, now, emit in s.hotplug(.created("/dev/input/event8"), at: now, emit: emit) }
        #expect(d.session.candidates == ["/dev/input/event8", "/dev/input/event9"])
        #expect(d.session.wait(at: d.now) == .milliseconds(100))
        var other = LiveSessionTests.info
        other.name = "Another Pad"
        var taken = true
        d.apply { s, now, emit in taken = s.connect(LiveSessionTests.node(other, path: "/dev/input/event8"), at: now, emit: emit) }
        #expect(!taken, "another device is not ours come back")
        d.apply { s, now, emit in taken = s.connect(LiveSessionTests.node(path: "/dev/input/event9", uniq: "cc:dd"), at: now, emit: emit) }
        #expect(!taken, "another unit of the same model is not ours")
        d.apply { s, now, emit in taken = s.connect(LiveSessionTests.node(path: "/dev/input/event9"), at: now, emit: emit) }
        #expect(taken)
        #expect(d.session.device.path == "/dev/input/event9")
        #expect(d.session.stats.reconnects == 1)
        #expect(d.session.candidates.isEmpty)
        guard case .deviceBack(let back, _) = d.events.last else { Issue.record("no .deviceBack"); return }
        #expect(back.path == "/dev/input/event9")
        let before = d.calibrations.count
        d.play(2) { _ in 0 }
        #expect(d.calibrations.count == before + 1, "calibrated again after the re-plug")
    }

    @Test func aNodeThatNeverOpensIsForgottenAfterThreeSeconds() {
        var d = Drive()
        d.apply { s, now, emit in s.lose(at: now, emit: emit) }
        d.apply { s, now, emit in s.hotplug(.attributes("/dev/input/event4"), at: now, emit: emit) }
        d.session.notReconnected("/dev/input/event4", at: d.now.advanced(bySeconds: 2.9))
        #expect(d.session.candidates == ["/dev/input/event4"])
        d.session.notReconnected("/dev/input/event4", at: d.now.advanced(bySeconds: 3.1))
        #expect(d.session.candidates.isEmpty)
    }

    /// The bug the old reader had: a reconnect kept the first node's event clock for the open sample.
    @Test func aReconnectStampsTheOpenSampleOnTheNewNodesClock() {
        var accelOnly = LiveSessionTests.info
        for i in 3..<6 { accelOnly.axes[i] = nil }
        var session = LiveSession(device: LiveSessionTests.device(accelOnly))
        let start = MonoInstant(nanos: 9_000_000_000)
        _ = session.connect(LiveSessionTests.node(accelOnly, openMicros: 9_000_000), at: start) { _ in }
        session.lose(at: start) { _ in }
        // Back on CLOCK_REALTIME (EVIOCSCLOCKID refused this time): event times are around 1.7e9 s.
        let wall: Int64 = 1_764_000_000_000_000
        _ = session.connect(LiveSessionTests.node(accelOnly, clock: .realtime, openMicros: wall), at: start) { _ in }
        var calibrated: [Double] = []
        var now = start
        for _ in 0..<150 {  // 3 s of silence, ticked every 20 ms
            now = now.advanced(bySeconds: 0.02)
            session.tick(at: now) { if case .calibrated(let s, _) = $0 { calibrated.append(s.seconds) } }
        }
        #expect(calibrated.count == 1)
        #expect(calibrated.allSatisfy { $0 >= Double(wall) * 1e-6 && $0 < Double(wall) * 1e-6 + 4 })
    }

    @Test func theFirstOpenSaysWhenMonotonicTimesWereRefused() {
        let d = Drive(node: LiveSessionTests.node(clock: .realtime))
        guard case .opened(_, let notes) = d.events.first else { Issue.record("no .opened"); return }
        #expect(notes.count == 1)
        #expect(notes.first?.contains("CLOCK_MONOTONIC") == true)
    }

    @Test func waitingTicksWhileCalibratingAndEndsWithTheDuration() {
        var options = LiveOptions()
        options.duration = 2
        var d = Drive(options: options)
        #expect(d.session.wait(at: d.now) == .milliseconds(20), "calibrating: ticks every 20 ms")
        d.play(1) { _ in 0 }
        d.play(0.5) { _ in 0 }
        if case .finished = d.session.wait(at: d.now) { Issue.record("1.5 s of 2 played") }
        d.play(0.6) { _ in 0 }
        #expect(d.session.wait(at: d.now) == .finished)
        // Silence ends it too: a device that stops sending after 1 s, at least a second of silence later.
        var silent = Drive(options: options)
        silent.play(1) { _ in 0 }
        #expect(silent.session.wait(at: silent.now.advanced(bySeconds: 0.9)) != .finished)
        #expect(silent.session.wait(at: silent.now.advanced(bySeconds: 1.1)) == .finished)
    }

    /// A sensor whose clock is stuck while its data flows (a hostile or broken IIO timestamp): its frames move
    /// no device time, so they are no progress either, and --duration ends after its share of wall time as in a
    /// silence. (Each frame counted as progress: the run never ended.)
    @Test func framesWhoseTimeDoesNotMoveDoNotHoldTheDurationOpen() {
        var options = LiveOptions()
        options.duration = 2
        var d = Drive(options: options)
        d.play(1) { _ in 0 }
        let stuck = d.nextMicros
        for _ in 0..<500 {  // 2 s of frames at 250 Hz, every one stamped alike
            d.feed(LiveSessionTests.frame(stuck, degrees: 0))
            d.now = d.now.advanced(bySeconds: 0.004)
        }
        #expect(d.session.wait(at: d.now) == .finished)
    }

    @Test func eventsBeforeTheOpenOrAfterTheLossAreIgnored() {
        var session = LiveSession(device: LiveSessionTests.device())
        for e in LiveSessionTests.frame(1000, degrees: 0) {
            #expect(session.receive(e, at: MonoInstant(nanos: 1)) { _ in Issue.record("reported before open") } == .nothing)
        }
        #expect(session.stats.events == 0)
        session.tick(at: MonoInstant(nanos: 10_000_000_000)) { _ in Issue.record("ticked before open") }
    }
}

/// What the reader makes of a time no kernel writes (a stream that lost a byte).
@Suite struct EventReaderTimeTests {
    @Test func anImplausibleTimeBecomesSynDroppedInsteadOfTrapping() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        var bytes: [UInt8] = []
        func event(_ sec: Int, _ usec: Int, _ type: UInt16, _ code: UInt16, _ value: Int32) {
            withUnsafeBytes(of: sec) { bytes += $0 }
            withUnsafeBytes(of: usec) { bytes += $0 }
            withUnsafeBytes(of: type) { bytes += $0 }
            withUnsafeBytes(of: code) { bytes += $0 }
            withUnsafeBytes(of: value) { bytes += $0 }
        }
        event(100, 5, EV.abs, 0, 7)
        event(Int.max, 0, EV.abs, 1, 8)      // would overflow ×10⁶
        event(-3, 0, EV.abs, 1, 8)
        event(100, 2_000_000, EV.abs, 1, 8)  // microseconds past a second
        event(101, 0, EV.syn, EV.synReport, 0)
        _ = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress!, $0.count) }
        let reader = EventReader(fd: ends[0])
        var got: [InputEvent] = []
        _ = reader.read { got.append($0) }
        #expect(got.count == 5)
        #expect(got[0] == InputEvent(micros: 100_000_005, type: EV.abs, code: 0, value: 7))
        #expect(got[1...3].allSatisfy { $0.type == EV.syn && $0.code == EV.synDropped && $0.micros == 100_000_005 })
        #expect(got[4].micros == 101_000_000)
        #expect(reader.implausibleTimes == 3)
    }
}

/// A gyro on a node of its own that goes (or comes) mid-round: the session goes on with the new shape.
@Suite struct LiveSessionReshapeTests {
    @Test func aGyroThatGoesLeavesTheAccelerometerAloneFromAFreshCalibration() {
        var d = LiveSessionTests.Drive()
        d.play(1.5) { _ in 0 }
        #expect(d.session.tiltNow == 0 && d.session.isConnected)
        var accelOnly = LiveSessionTests.info
        for i in 3..<6 { accelOnly.axes[i] = nil }
        var got: [LiveEvent] = []
        d.session.reshape(accelOnly, reason: "the Motion Plus node went away", at: d.now) { got.append($0) }
        guard case .gyroChanged(let present, let reason, let stamp, _)? = got.first else { Issue.record("no .gyroChanged"); return }
        #expect(!present && reason.contains("Motion Plus") && stamp.seconds > 101)
        #expect(d.session.stats.reshapes == 1 && !d.session.device.info.hasGyro)
        // Accelerometer only, and not calibrated yet: silence counts again (ticks are wanted).
        #expect(d.session.wait(at: d.now) != .forever)
        d.events = []
        d.play(1.5) { _ in 0 }
        #expect(d.events.contains { if case .calibrated = $0 { true } else { false } }, "calibrated again without the gyro")
    }
}

/// A DEVICE naming a node discovery could not read says why, not "no motion device matches" (kape live event9 on a
/// node that is a folder, a FIFO or a link to /dev/zero: `kape devices` said why, `kape live` did not).
@Suite struct DeviceSelectionTests {
    @Test func aNodeThatCouldNotBeReadIsNamedWithItsReason() {
        var found = DeviceDiscovery.Result()
        found.problems = [DeviceError(path: "/dev/input/event9", kind: .openFailed(errno: ENOTTY),
                                      "not an evdev node libevdev can read: Inappropriate ioctl for device")]
        for selector in ["event9", "/dev/input/event9"] {
            #expect(throws: found.problems[0]) { try DeviceDiscovery.select(selector, from: found) }
        }
        let other = #expect(throws: DeviceError.self) { try DeviceDiscovery.select("event10", from: found) }
        #expect(other?.message.contains("no motion device matches") == true)
    }
}
