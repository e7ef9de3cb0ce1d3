import Testing
@testable import Motion
@testable import MotionSynthesis

/// `kape trace synth`'s IIO profiles: frames as Kape's IIO driver sends them, read back to the gestures played.
@Suite struct IIOSynthesisTests {
    @Test(arguments: [DeviceProfile.iioPhone, .iioAccel, .iioLaptop])
    func iioProfilesLookLikeTheDriversFramesAndPlay(_ profile: DeviceProfile) {
        var options = SyntheticTrace.Options()
        options.profile = profile
        options.roundSeconds = 30
        let trace = SyntheticTrace.generate(seed: 2500, options: options)
        #expect(trace.device.name.hasSuffix(DriverTable.iioSuffix))
        #expect(trace.device.driverFrame == DriverTable.iioFrame)
        #expect(trace.device.axes[0]?.resolution == IIOFrameEncoder.accelPerG)
        #expect(trace.device.hasGyro == (profile == .iioPhone))
        #expect(trace.device.hasTimestamp)
        // Every scan sends every axis: no frame without its three accelerometer values.
        var perFrame = 0, short = 0
        for e in trace.events {
            if e.type == EV.abs && e.code < 3 { perFrame += 1 }
            if e.type == EV.syn && e.code == EV.synReport { if perFrame != 3 { short += 1 }; perFrame = 0 }
        }
        #expect(short == 0)
        let (e, _) = SyntheticEvaluation.evaluate(trace, detector: .kape)
        #expect(e.truePositives > 0)
        #expect(e.f1 >= 0.9, "F1 \(e.f1)")
    }

    @Test func theLaptopDrawsItsOwnRateBetween10And100Hz() {
        var rates: [Double] = []
        for seed in UInt64(1)...6 {
            var options = SyntheticTrace.Options()
            options.profile = .iioLaptop
            options.roundSeconds = 10
            let s = SyntheticTrace.generate(seed: seed, options: options).recordedSamples()
            rates.append(Double(s.count - 1) / (s.last!.time - s.first!.time))
        }
        #expect(rates.allSatisfy { $0 >= 9.9 && $0 <= 100.5 }, "\(rates)")
        #expect(Set(rates.map { Int($0) }).count > 1, "each round its own rate: \(rates)")
    }
}
