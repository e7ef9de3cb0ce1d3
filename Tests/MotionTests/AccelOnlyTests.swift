import Testing
@testable import Motion
@testable import MotionSynthesis

/// Accelerometer-only detection (`AccelOnlyTilt`): fast through the observer, quiet while the device is shaken.
@Suite struct AccelOnlyTests {
    func rounds(_ profile: DeviceProfile, seeds: ClosedRange<UInt64>, _ change: (inout SyntheticTrace.Options) -> Void) -> Evaluation {
        var total = Evaluation()
        for seed in seeds {
            var options = SyntheticTrace.Options()
            options.profile = profile
            options.flipped = seed % 2 == 1
            change(&options)
            total = total + SyntheticEvaluation.evaluate(SyntheticTrace.generate(seed: seed, options: options), detector: .kape).0
        }
        return total
    }

    @Test func theObserverFiresWithinTensOfMillisecondsWhereTheLowPassWaitedForTheHeadToStop() {
        // Latency on the trace's own clock (truth crossing to detection), not wall time.
        let e = rounds(.ds3, seeds: 3100...3103) { $0.roundSeconds = 30; $0.hardDistractors = true; $0.accelNoise = 0.02 }
        #expect(e.falseNegatives == 0)
        #expect(e.f1 >= 0.95, "F1 \(e.f1)")
        #expect(e.latencyMedian < 0.06, "median \(e.latencyMedian * 1000) ms (the low-pass alone: about 190 ms)")
    }

    @Test(arguments: [DeviceProfile.ds3, .wiimote])
    func buttonMashingFiresNothing(_ profile: DeviceProfile) {
        let e = rounds(profile, seeds: 3200...3201) { $0.roundSeconds = 30; $0.mashing = true; $0.accelNoise = 0.03 }
        #expect(e.falsePositives == 0)
    }
}
