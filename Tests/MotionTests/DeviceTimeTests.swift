import Motion
import Testing

/// Device time is its own type: the kernel's µs become seconds the one way every reader used before (so every
/// replay stays byte for byte), and a difference of two is a plain duration.
@Suite struct DeviceTimeTests {
    @Test func microsBecomeSecondsAsTheReadersConvertedThem() {
        for micros: Int64 in [0, 1, 999_999, 1_000_000, 4_017_529, 100_000_000_123, -5] {
            #expect(DeviceTime(micros: micros).seconds == Double(micros) * 1e-6)
        }
    }

    @Test func aFrameIsStampedWithItsEventsTime() {
        var a = FrameAssembler(device: MotionEventEncoder.dualSenseProfile(), axes: .identity)
        let events = [InputEvent(micros: 2_500_001, type: EV.abs, code: 1, value: 8192),
                      InputEvent(micros: 2_500_001, type: EV.syn, code: EV.synReport, value: 0)]
        var closed = false
        for e in events { closed = a.push(e) }
        #expect(closed)
        #expect(a.sample.stamp == DeviceTime(micros: 2_500_001))
        #expect(a.sample.stamp - DeviceTime(seconds: 2.5) < 2e-6)
        #expect(a.sample.stamp.advanced(by: 0.02) > a.sample.stamp)
    }
}
