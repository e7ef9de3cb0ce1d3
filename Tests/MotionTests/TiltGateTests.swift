import Testing
@testable import Motion

@Suite struct TiltGateTests {
    func run(_ tilts: [Double], dwell: Double = 0) -> [TiltEvent] {
        var gate = TiltGate(settings: TiltSettings(), dwell: dwell)
        var out: [TiltEvent] = []
        for (i, t) in tilts.enumerated() {
            let time = Double(i) * 0.01
            if let e = gate.step(tilt: t, time: time, stamp: DeviceTime(seconds: time), calibrated: true, settled: true) { out.append(e) }
        }
        return out
    }

    @Test func firesOnceWhileTremorHoversAroundThreshold() {
        let hold = (0..<200).map { -35 + 3 * ((($0 % 7) < 3) ? 1.0 : -1.0) }
        let events = run([0, 0, -20] + hold + [-5, 0])
        #expect(events.map(\.kind) == [.correct])
    }

    @Test func rearmsOnlyInsideNeutralBand() {
        let events = run([0, -40, -12, -40, -9, -40, 0, 40])
        #expect(events.map(\.kind) == [.correct, .correct, .pass])
    }

    @Test func neverFiresBeforeCalibration() {
        var gate = TiltGate(settings: TiltSettings())
        #expect(gate.step(tilt: -60, time: 0, stamp: 0, calibrated: false, settled: true) == nil)
        #expect(gate.state == .uncalibrated)
    }

    @Test func nothingFiresWhileResettlingAndAJumpThatDoesNotStayDoesNotFire() {
        var gate = TiltGate(settings: TiltSettings())
        _ = gate.step(tilt: 0, time: 0, stamp: 0, calibrated: true, settled: true)
        #expect(gate.step(tilt: -50, time: 0.1, stamp: 0.1, calibrated: true, settled: false) == nil)
        #expect(gate.step(tilt: 2, time: 0.2, stamp: 0.2, calibrated: true, settled: true) == nil)
        #expect(gate.state == .armed)
    }

    @Test func aGestureMadeDuringLostDataFiresOnceSettled() {
        var gate = TiltGate(settings: TiltSettings())
        _ = gate.step(tilt: 0, time: 0, stamp: 0, calibrated: true, settled: true)
        #expect(gate.step(tilt: 50, time: 0.1, stamp: 0.1, calibrated: true, settled: false) == nil)
        #expect(gate.step(tilt: 52, time: 0.2, stamp: 0.2, calibrated: true, settled: true)?.kind == .pass)
        #expect(gate.step(tilt: 52, time: 0.3, stamp: 0.3, calibrated: true, settled: true) == nil)
    }

    @Test func aLockedGateStaysLockedAcrossAGap() {
        var gate = TiltGate(settings: TiltSettings())
        _ = gate.step(tilt: 0, time: 0, stamp: 0, calibrated: true, settled: true)
        #expect(gate.step(tilt: -40, time: 0.1, stamp: 0.1, calibrated: true, settled: true) != nil)
        #expect(gate.step(tilt: -45, time: 0.2, stamp: 0.2, calibrated: true, settled: false) == nil)
        #expect(gate.step(tilt: -45, time: 0.3, stamp: 0.3, calibrated: true, settled: true) == nil)
    }

    @Test func dwellDelaysFiringAndShortExcursionsDoNotFire() {
        #expect(run([0, -40, -40, 0], dwell: 0.05).isEmpty)
        let events = run([0] + Array(repeating: -40, count: 10), dwell: 0.05)
        #expect(events.count == 1)
        #expect(abs(events[0].stamp - 0.06) < 1e-9)
    }
}

extension TiltGateTests {
    /// The observer's 50 ms pass dwell on a tilt held past the threshold: at 10 Hz and 12.5 Hz a silence tick (every
    /// 20 ms) would end it at 60 ms, before the next sample (within a tenth of an interval), so the first sample
    /// fires; at 16.7 Hz the next sample comes first and decides; with the interval unknown the dwell runs its course.
    @Test func aDwellEndsOnTheSampleOnlyWhenATickWouldEndItFirst() {
        #expect(firstFire(interval: 0.1, quick: true) == 0.1)
        #expect(firstFire(interval: 0.08, quick: true) == 0.08)
        #expect(firstFire(interval: 0.06, quick: true) == 0.12)
        #expect(firstFire(interval: 0.1, quick: true, intervalKnown: false) == 0.2)
        // Ticks come every 20 ms: at 50 Hz or faster the next sample always comes first.
        #expect(firstFire(interval: 0.02, quick: true) == firstFire(interval: 0.02, quick: true, intervalKnown: false))
    }

    /// The low-pass path (observer not trusted, 70 ms dwell) of a sensor slower than the ticks needs a second sample
    /// past the threshold; where samples come as often as ticks, or a fuzz-filtered device falls silent, it does not.
    @Test func theLowPassPathOfASlowSensorNeedsTwoSamples() {
        #expect(firstFire(interval: 0.1, quick: false) == 0.2)
        #expect(firstFire(interval: 0.01, quick: false) == firstFire(interval: 0.01, quick: false, intervalKnown: false))
        var gate = TiltGate(settings: TiltSettings(), dwell: 0.07)
        _ = gate.step(tilt: 0, time: 0, stamp: 0, calibrated: true, settled: true)
        #expect(gate.step(tilt: 50, time: 0.01, stamp: 0.01, calibrated: true, settled: true, nextSampleIn: 0.01) == nil)
        let ticks = stride(from: 0.03, through: 0.09, by: 0.02).compactMap {
            gate.step(tilt: 50, time: $0, stamp: DeviceTime(seconds: $0), calibrated: true, settled: true, sample: false)
        }
        #expect(ticks.map(\.stamp.seconds) == [0.09], "a held value after one sample still fires on its ticks")
    }

    /// A dwell begun on a tick is on a held value: its ticks count, whatever the samples of an earlier gesture said
    /// about the device's rate (the gate fired such a dwell on ticks only if it had never seen a slow sensor).
    @Test func aDwellBegunOnATickCountsItsTicksAfterASlowSensorsGesture() {
        func ticksFire(_ gate: inout TiltGate, from t0: Double) -> Double? {
            for k in 0..<10 {
                let t = t0 + Double(k) * 0.02
                if gate.step(tilt: 50, time: t, stamp: DeviceTime(seconds: t), calibrated: true, settled: true, sample: false) != nil {
                    return t - t0
                }
            }
            return nil
        }
        var fresh = TiltGate(settings: TiltSettings(), dwell: 0.07)
        _ = fresh.step(tilt: 0, time: 0, stamp: 0, calibrated: true, settled: true)
        var used = TiltGate(settings: TiltSettings(), dwell: 0.07)
        _ = used.step(tilt: 0, time: 0, stamp: 0, calibrated: true, settled: true)
        for t in [0.1, 0.2, 0.3] {
            _ = used.step(tilt: t < 0.3 ? 50 : 0, time: t, stamp: DeviceTime(seconds: t), calibrated: true, settled: true, nextSampleIn: 0.1)
        }
        #expect(used.state == .armed)
        let expected = ticksFire(&fresh, from: 1)
        #expect(expected != nil)
        #expect(ticksFire(&used, from: 1) == expected)
    }

    /// The first sample time at which a tilt held at 50° (a pass) fires, samples every `interval` from 0.
    func firstFire(interval: Double, quick: Bool, intervalKnown: Bool = true) -> Double? {
        var gate = TiltGate(settings: TiltSettings(), dwell: 0.07)
        _ = gate.step(tilt: 0, time: 0, stamp: 0, calibrated: true, settled: true)
        for k in 1...5 {
            let t = Double(k) * interval
            if gate.step(tilt: 50, time: t, stamp: DeviceTime(seconds: t), calibrated: true, settled: true, quick: quick,
                         nextSampleIn: intervalKnown ? interval : 0) != nil {
                return t
            }
        }
        return nil
    }
}

extension TiltGateTests {
    /// A slow sensor that falls silent after one sample past the threshold (a hub that reports only on change) held
    /// its value: once the silence is longer than `tickPeriods` intervals, the low-pass path's ticks end its dwell.
    @Test func aSlowSensorsSilenceIsAHeldValueOnceItOutlastsTheInterval() {
        var gate = TiltGate(settings: TiltSettings(), dwell: 0.07)
        _ = gate.step(tilt: 0, time: 0, stamp: 0, calibrated: true, settled: true, nextSampleIn: 0.1)
        #expect(gate.step(tilt: 50, time: 0.1, stamp: 0.1, calibrated: true, settled: true, nextSampleIn: 0.1) == nil)
        let fired = stride(from: 0.12, through: 0.4, by: 0.02).compactMap {
            gate.step(tilt: 50, time: $0, stamp: DeviceTime(seconds: $0), calibrated: true, settled: true, sample: false)
        }
        // The next sample was due at 0.2; 1.5 intervals after the last one is 0.25, the first tick past it 0.26.
        #expect(fired.map { ($0.stamp.seconds * 100).rounded() } == [26])
    }
}
