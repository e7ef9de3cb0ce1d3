import Foundation
import Testing
@testable import Motion

/// The Wii Remote's Motion Plus fused with its accelerometer (hid-wiimote's two nodes). The rotation is synthesised
/// once, physically: gravity seen from a remote turning at ω moves as g × ω; the accelerometer node reports g (about
/// 100 counts per g) and the Motion Plus node (yaw, roll, pitch) = (ω_z, ω_y, ω_x) at 8192·9/440 units per °/s,
/// the mapping docs/DEVICES.md derives. With the right signs the fused "up" stays on the accelerometer while the
/// remote turns about each of its axes; a flipped or swapped axis makes the gyro drag it away (it fights).
@Suite struct WiimoteFusionTests {
    static let accelNode: MotionDeviceInfo = {
        var d = MotionDeviceInfo(name: "Nintendo Wii Remote Accelerometer")
        (d.bus, d.vendor, d.product, d.version) = (0x05, 0x057e, 0x0306, 0x8600)
        for i in 3..<6 { d.axes[i] = AxisInfo(minimum: -500, maximum: 500, fuzz: 2, flat: 4) }
        return d
    }()

    struct Report { var accel: SIMD3<Double>; var motionPlus: SIMD3<Double> }

    /// 100 Hz reports of a remote that starts with gravity along `g0` (its own frame), holds still for 1.5 s, then
    /// turns at 60 °/s about its x, y and z axis in turn, 60° there and back, resting 0.3 s between moves.
    static func turns(g0: SIMD3<Double>) -> [Report] {
        var g = g0 / (g0 * g0).sum().squareRoot()
        var script: [(seconds: Double, rate: SIMD3<Double>)] = [(1.5, .zero)]
        for axis in 0..<3 {
            var w = SIMD3<Double>.zero
            w[axis] = 60
            script += [(1, w), (0.3, .zero), (1, -w), (0.3, .zero)]
        }
        var out: [Report] = []
        for (seconds, w) in script {
            for _ in 0..<Int((seconds * 100).rounded()) {
                out.append(Report(accel: (g * 100).rounded(.toNearestOrEven),
                                  motionPlus: (SIMD3(w.z, w.y, w.x) * WiimoteFusion.unitsPerDegree).rounded(.toNearestOrEven)))
                // Exact rotation of a world-fixed vector by -ω·dt (Rodrigues): dg/dt = g × ω.
                let angle = (w * w).sum().squareRoot() * .pi / 180 * 0.01
                if angle > 0 {
                    let k = w / (w * w).sum().squareRoot()
                    let kxg = SIMD3(k.y * g.z - k.z * g.y, k.z * g.x - k.x * g.z, k.x * g.y - k.y * g.x)
                    g = g * cos(-angle) + kxg * sin(-angle) + k * ((k * g).sum()) * (1 - cos(-angle))
                }
            }
        }
        return out
    }

    struct Result { var worstDegrees = 0.0; var untrusted = 0; var calibrated = false }

    /// The reports through the fused node's frames, the assembler, the Wii Remote's axis map and the estimator;
    /// `rate` turns the Motion Plus node's values into the rate in the accelerometer's frame.
    static func fuse(_ reports: [Report], rate: (SIMD3<Double>) -> SIMD3<Double> = WiimoteFusion.rate(motionPlus:)) -> Result {
        let info = WiimoteFusion.device(accelerometer: accelNode, gyro: true)
        #expect(info.hasGyro && info.accelCodeBase == 0 && info.driverFrame == DriverTable.wiimoteFrame)
        var assembler = FrameAssembler(device: info)
        var detector = GestureDetector(hasGyro: true)
        var result = Result()
        for (i, r) in reports.enumerated() {
            WiimoteFusion.encode(accel: r.accel, rate: rate(r.motionPlus), gyro: true, micros: 100_000_000 + Int64(i) * 10_000) { e in
                guard assembler.push(stamp: DeviceTime(micros: e.micros), type: e.type, code: e.code, value: e.value) else { return }
                let s = info.driverFrame.apply(assembler.sample)
                _ = detector.process(s)
                guard detector.estimator.isCalibrated, i >= 150 else { return }
                result.calibrated = true
                let up = detector.estimator.upEstimate, a = s.accel
                let cosine = (up * a).sum() / ((up * up).sum() * (a * a).sum()).squareRoot()
                result.worstDegrees = max(result.worstDegrees, acos(min(1, max(-1, cosine))) * 180 / .pi)
                if !detector.estimator.accelTrusted { result.untrusted += 1 }
            }
        }
        return result
    }

    static let poses: [SIMD3<Double>] = [SIMD3(0.5, -0.7, 0.5), SIMD3(-0.3, 0.4, 0.85), SIMD3(0.9, 0.2, -0.35)]

    @Test(arguments: poses) func theGyroAgreesWithTheAccelerometerAboutEveryAxis(g0: SIMD3<Double>) {
        let r = Self.fuse(Self.turns(g0: g0))
        #expect(r.calibrated)
        #expect(r.worstDegrees < 3, "the fused up vector left the accelerometer by \(r.worstDegrees)°")
        #expect(r.untrusted == 0, "the accelerometer disagreed with the gyro on \(r.untrusted) frames")
    }

    @Test(arguments: 0..<3) func aFlippedAxisFights(axis: Int) {
        for g0 in Self.poses {
            var flip = SIMD3<Double>(1, 1, 1)
            flip[axis] = -1
            let r = Self.fuse(Self.turns(g0: g0)) { WiimoteFusion.rate(motionPlus: $0) * flip }
            #expect(r.worstDegrees > 15, "rate axis \(axis) flipped, pose \(g0): only \(r.worstDegrees)° off")
        }
    }

    @Test func theMotionPlusAxesAreYawRollPitch() {
        // Taken in the node's order (ABS_RX, RY, RZ as x, y, z) instead: pitch and yaw swapped.
        let r = Self.fuse(Self.turns(g0: Self.poses[0])) { $0 / WiimoteFusion.unitsPerDegree }
        #expect(r.worstDegrees > 15)
        #expect(abs(WiimoteFusion.unitsPerDegree - 167.5636) < 0.001)
        #expect(WiimoteFusion.rate(motionPlus: SIMD3(1, 2, 3) * WiimoteFusion.unitsPerDegree) == SIMD3(3, 2, 1))
    }

    @Test func theFusedNodeKeepsTheAccelerometersIdentityAndAxes() {
        let fused = WiimoteFusion.device(accelerometer: Self.accelNode, gyro: true)
        #expect(fused.name == Self.accelNode.name && fused.vendor == 0x057e && fused.product == 0x0306)
        #expect(fused.axes[0] == Self.accelNode.axes[3] && fused.axes[2] == Self.accelNode.axes[5])
        #expect(fused.axes[3]?.resolution == 1000 && fused.hasGyro && !fused.accelScaleKnown)
        // The Motion Plus' fast range (2000 °/s) fits: the driver's declared ±16000 units (95 °/s) would clip a nod.
        #expect((fused.axes[3]?.maximum ?? 0) >= 2_000_000 && (fused.axes[5]?.minimum ?? 0) <= -2_000_000)
        let alone = WiimoteFusion.device(accelerometer: Self.accelNode, gyro: false)
        #expect(!alone.hasGyro && alone.axes[3] == nil && alone.knownDriver?.name == "hid-wiimote (Wii Remote)")
        var events: [InputEvent] = []
        WiimoteFusion.encode(accel: SIMD3(-100, 3, 4), rate: SIMD3(1.5, -2, 0), gyro: true, micros: 7) { events.append($0) }
        #expect(events.map(\.value) == [-100, 3, 4, 1500, -2000, 0, 0])
        #expect(events.last?.type == EV.syn && events.allSatisfy { $0.micros == 7 })
    }
}

/// The merger with one frame per report (hid-wiimote's two nodes): whatever order the nodes are read in.
@Suite struct SensorPairMergerTests {
    typealias Frame = [Double]

    /// Reports every 10 ms: the accelerometer at t, the Motion Plus 5 µs later; `accelSilent` reports send no
    /// accelerometer frame (its values unchanged), `gyroSkipped` reports no Motion Plus frame.
    static func streams(accelSilent: Set<Int> = [], gyroSkipped: Set<Int> = []) -> (accel: [(Int64, Double)], gyro: [(Int64, Double)]) {
        var accel: [(Int64, Double)] = [], gyro: [(Int64, Double)] = []
        for k in 0..<20 {
            let t = Int64(k) * 10_000_000
            if !accelSilent.contains(k) { accel.append((t, Double(k))) }
            if !gyroSkipped.contains(k) { gyro.append((t + 5_000, Double(100 + k))) }
        }
        return (accel, gyro)
    }

    static func merge(_ s: (accel: [(Int64, Double)], gyro: [(Int64, Double)]), accelFirst: Bool, burst: Int) -> [Frame] {
        var m = SensorPairMerger(pacing: .either(coalesceNanos: 2_000_000))
        var out: [Frame] = []
        let emit: SensorPairMerger.Emit = { t, a, g in out.append([Double(t), a.x, g.x]) }
        var i = 0, j = 0
        while i < s.accel.count || j < s.gyro.count {
            for _ in 0..<burst where (accelFirst ? i < s.accel.count : j >= s.gyro.count) && i < s.accel.count {
                m.accel(s.accel[i].0, SIMD3(repeating: s.accel[i].1), arrival: 0, emit: emit); i += 1
            }
            for _ in 0..<burst where j < s.gyro.count {
                m.gyro(s.gyro[j].0, SIMD3(repeating: s.gyro[j].1), arrival: 0, emit: emit); j += 1
            }
            for _ in 0..<burst where !accelFirst && i < s.accel.count {
                m.accel(s.accel[i].0, SIMD3(repeating: s.accel[i].1), arrival: 0, emit: emit); i += 1
            }
        }
        m.releaseAll(emit: emit)
        return out
    }

    @Test func oneFramePerReportWhateverTheReadOrder() {
        let s = Self.streams()
        let a = Self.merge(s, accelFirst: true, burst: 1)
        #expect(a.count == 20)
        #expect(a[7] == [70_000_000, 7, 107], "the Motion Plus frame of the same report joins it")
        for burst in [1, 3, 20] {
            #expect(Self.merge(s, accelFirst: false, burst: burst) == a)
            #expect(Self.merge(s, accelFirst: true, burst: burst) == a)
        }
    }

    @Test func aSilentNodeHoldsItsValue() {
        // Accelerometer unchanged in reports 5 and 6 (the kernel sent nothing): the Motion Plus frames stand alone
        // with the held accelerometer; Motion Plus missing in report 10 (data alternating with an extension's).
        let s = Self.streams(accelSilent: [5, 6], gyroSkipped: [10])
        let frames = Self.merge(s, accelFirst: false, burst: 2)
        #expect(frames.count == 20)
        #expect(frames[5] == [50_005_000, 4, 105] && frames[6] == [60_005_000, 4, 106])
        #expect(frames[10] == [100_000_000, 10, 109])
        #expect(frames.map { $0[0] } == frames.map { $0[0] }.sorted(), "in time order")
    }

    @Test func aStoppedNodeIsWaitedForOnlyThePatience() {
        var m = SensorPairMerger(patienceNanos: 100_000_000, pacing: .either(coalesceNanos: 2_000_000))
        var out: [Frame] = []
        let emit: SensorPairMerger.Emit = { t, a, g in out.append([Double(t), a.x, g.x]) }
        m.gyro(5_000, SIMD3(repeating: 100), arrival: 0, emit: emit)
        m.accel(0, SIMD3(repeating: 1), arrival: 0, emit: emit)
        m.accel(10_000_000, SIMD3(repeating: 2), arrival: 10, emit: emit)
        #expect(out == [[0, 1, 100]] && m.pending == 1, "the second waits for the Motion Plus to reach its time")
        m.releaseStale(now: 50_000_000, emit: emit)
        #expect(m.pending == 1)
        m.releaseStale(now: 100_000_010, emit: emit)
        #expect(out.last == [10_000_000, 2, 100] && m.pending == 0)
        // A sample of the lagging node released late never takes the frames back in time.
        m.gyro(8_000_000, SIMD3(repeating: 101), arrival: 0, emit: emit)
        #expect(out.last == [10_000_000, 2, 101])
    }
}
