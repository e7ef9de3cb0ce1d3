import Foundation
import Testing
@testable import Motion
@testable import MotionSynthesis

/// Calibration on time, not samples: silent devices, noisy devices, slow turns, recalibration while silent.
@Suite struct CalibrationTests {
    let up = SIMD3<Double>(0, 1, 0)

    /// Gaussian-ish noise from the seeded generator (sum of uniforms), g rms per axis.
    func noisy(_ random: inout SeededGenerator, _ rms: Double) -> SIMD3<Double> {
        func one() -> Double { (0..<12).reduce(0.0) { s, _ in s + random.uniform(-0.5...0.5) } }
        return SIMD3(one(), one(), one()) * rms
    }

    @Test func aSilentDeviceCalibratesOnTicksAlone() {
        // One frame, then nothing: each tick says the value still holds.
        var d = GestureDetector(hasGyro: false)
        _ = d.process(MotionSample(time: 5, stamp: 5, accel: up * 113))
        var t = 5.0
        while !d.estimator.isCalibrated && t < 10 {
            t += 0.02
            _ = d.tick(stamp: DeviceTime(seconds: t))
        }
        let n = try! #require(d.estimator.neutral)
        #expect(n.stamp.seconds >= 6 - 1e-9 && n.stamp.seconds <= 6.5, "calibrated at \(n.stamp), stillness began at 5")
        #expect(abs(n.accelScale * 113 - 1) < 1e-9)
    }

    @Test func aGapBetweenTwoSamplesCountsAsHeldTime() {
        // Replay without ticks: the second sample, 2 s later, closes a held still second.
        var c = NeutralCalibrator(settings: TiltSettings(), hasGyro: false)
        #expect(c.add(MotionSample(time: 0, stamp: 0, accel: up)) == nil)
        #expect(c.add(MotionSample(time: 2, stamp: 2, accel: up)) != nil)
    }

    @Test func noiseOfThreeHundredthsOfAGDoesNotPreventCalibration() {
        var random = SeededGenerator(seed: 3)
        var c = NeutralCalibrator(settings: TiltSettings(), hasGyro: false)
        var found: NeutralCalibrator.Neutral?
        var t = 0.0
        while found == nil && t < 5 {
            found = c.add(MotionSample(time: t, stamp: DeviceTime(seconds: t), accel: up + noisy(&random, 0.03)))
            t += 0.01
        }
        let n = try! #require(found)
        #expect(n.stamp.seconds <= 1.5, "calibrated at \(n.stamp)")
        #expect(acos(min(1, dot(n.up, up))) * 180 / .pi < 2)
    }

    @Test func aSlowTurnIsNotStill() {
        // 10° per second: every sample is close to its neighbours, but the pose moves.
        var c = NeutralCalibrator(settings: TiltSettings(), hasGyro: false)
        var t = 0.0
        while t < 3 {
            let a = t * 10 * .pi / 180
            #expect(c.add(MotionSample(time: t, stamp: DeviceTime(seconds: t), accel: SIMD3(0, cos(a), sin(a)))) == nil)
            t += 0.01
        }
    }

    @Test func withAGyroStillnessIsJudgedOnTheGyroFirst() {
        // Head shaking at 40 °/s rms with the accelerometer nearly steady: not still.
        var c = NeutralCalibrator(settings: TiltSettings(), hasGyro: true)
        var t = 0.0
        while t < 3 {
            let w = SIMD3(56 * sin(2 * .pi * 3 * t), 0, 0)
            #expect(c.add(MotionSample(time: t, stamp: DeviceTime(seconds: t), accel: up, gyro: w)) == nil)
            t += 0.004
        }
    }

    @Test func aFailedAttemptIsRetriedOnTheNextStillSecond() {
        // Moving first (a shake), then still: calibration follows the still second, whenever it comes.
        var c = NeutralCalibrator(settings: TiltSettings(), hasGyro: false)
        var t = 0.0
        var found: NeutralCalibrator.Neutral?
        while found == nil && t < 6 {
            let shaking = t < 2.5
            let a = shaking ? SIMD3(0, cos(sin(t * 20)), sin(sin(t * 20))) : up
            found = c.add(MotionSample(time: t, stamp: DeviceTime(seconds: t), accel: a))
            t += 0.01
        }
        let n = try! #require(found)
        #expect(n.stamp.seconds >= 3.5 - 1e-9 && n.stamp.seconds <= 4.0)
    }

    @Test func recalibratingASilentDeviceStartsFromTheNextTick() {
        var d = GestureDetector(hasGyro: false)
        _ = d.process(MotionSample(time: 0, stamp: 0, accel: up))
        var t = 0.0
        while t < 1.5 { t += 0.02; _ = d.tick(stamp: DeviceTime(seconds: t)) }
        #expect(d.estimator.isCalibrated)
        d.recalibrate()
        let asked = t
        while !d.estimator.isCalibrated && t < 5 { t += 0.02; _ = d.tick(stamp: DeviceTime(seconds: t)) }
        let n = try! #require(d.estimator.neutral)
        #expect(n.stamp.seconds - asked >= 1 - 1e-9 && n.stamp.seconds - asked <= 1.5)
    }

    @Test func aHeldTiltFiresOnTicksWithoutAnotherSample() {
        // Accelerometer only, the low-pass path with its dwell: calibrated, then one sample at -50° and silence.
        // The dwell completes on ticks. (The observer path is covered by the umockdev silent DS3.)
        var settings = TiltSettings()
        settings.accelOnlyObserver = false
        var d = GestureDetector(hasGyro: false, settings: settings)
        var t = 0.0
        while t < 1.2 { _ = d.process(MotionSample(time: t, stamp: DeviceTime(seconds: t), accel: up)); t += 0.01 }
        #expect(d.estimator.isCalibrated)
        let a = -50 * Double.pi / 180
        #expect(d.process(MotionSample(time: t, stamp: DeviceTime(seconds: t), accel: SIMD3(0, cos(a), sin(a)))) == nil)
        var fired: TiltEvent?
        let start = t
        while fired == nil && t < start + 1 { t += 0.02; fired = d.tick(stamp: DeviceTime(seconds: t)) }
        let e = try! #require(fired)
        #expect(e.kind == .correct)
        #expect(e.stamp.seconds - start < 0.3)
    }

    @Test(arguments: [DeviceProfile.ds3, .wiimote])
    func silentProfilesGoQuietWhenStillAndCalibrateWithinASecondAndAHalf(_ profile: DeviceProfile) throws {
        var options = SyntheticTrace.Options()
        options.profile = profile
        options.roundSeconds = 10
        let trace = SyntheticTrace.generate(seed: 41, options: options)
        // The kernel model drops empty frames: a DS3's stillness (noise under its fuzz) has long silences; the
        // Wii Remote's 1-count jitter passes its fuzz of 2, so it keeps talking.
        let reports = trace.events.filter { $0.type == EV.syn && $0.code == EV.synReport }.map { Double($0.micros) * 1e-6 }
        let longest = zip(reports.dropFirst(), reports).map { $0 - $1 }.max() ?? 0
        if profile == .ds3 { #expect(longest > 0.3, "longest silence \(longest) s") }
        let first = try #require(reports.first)
        let delay = try #require(SyntheticEvaluation.calibrationDelay(trace))
        #expect(delay <= 1.5, "calibrated \(delay) s after the first sample at \(first)")
        let (e, _) = SyntheticEvaluation.evaluate(trace, detector: .kape)
        #expect(e.falseNegatives == 0 && e.falsePositives == 0)
        if profile == .wiimote {
            #expect(trace.events.allSatisfy { $0.type != EV.abs || (3...5).contains($0.code) }, "hid-wiimote: ABS_RX/RY/RZ")
            #expect(trace.device.accelerometerOnRotationalAxes && !trace.device.hasGyro)
        }
    }
}
