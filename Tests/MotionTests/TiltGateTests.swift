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
    /// A 70 ms dwell on a tilt held past the threshold: at 10 Hz a silence tick (every 20 ms) would end it at 80 ms,
    /// before the next sample at 100 ms, so the first sample fires; at 12.5 Hz the next sample (80 ms) is due no later
    /// than that tick and decides; with the interval unknown the dwell runs its course.
    @Test func aDwellEndsOnTheSampleOnlyWhenATickWouldEndItFirst() {
        func firstFire(nextSampleIn: Double, interval: Double) -> Double? {
            var gate = TiltGate(settings: TiltSettings(), dwell: 0.07)
            _ = gate.step(tilt: 0, time: 0, stamp: 0, calibrated: true, settled: true)
            for k in 1...5 {
                let t = Double(k) * interval
                if gate.step(tilt: 50, time: t, stamp: DeviceTime(seconds: t), calibrated: true, settled: true, nextSampleIn: nextSampleIn) != nil {
                    return t
                }
            }
            return nil
        }
        #expect(firstFire(nextSampleIn: 0.1, interval: 0.1) == 0.1)
        #expect(firstFire(nextSampleIn: 0.08, interval: 0.08) == 0.16)
        #expect(firstFire(nextSampleIn: 0, interval: 0.1) == 0.2)
        // Ticks come every 20 ms: at 50 Hz or faster the next sample always comes first.
        #expect(firstFire(nextSampleIn: 0.02, interval: 0.02) == firstFire(nextSampleIn: 0, interval: 0.02))
    }
}
