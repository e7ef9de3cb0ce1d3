import AudioDSP
import Foundation
import Testing

/// Dictation's slow replay: a phrase at 0.75× and 0.5× through the stretcher lasts 1/speed as long and keeps its
/// pitch (a tone keeps its zero crossings per second).
@Suite struct ClipStretchTests {
    static func tone(seconds: Double, hz: Double, rate: Int = 48_000) -> Clip {
        let n = Int(seconds * Double(rate))
        let samples = (0..<n).flatMap { i -> [Float] in
            let v = Float(0.5 * sin(2 * Double.pi * hz * Double(i) / Double(rate)))
            return [v, v]
        }
        return Clip(name: "tone", rate: rate, channels: 2, samples: samples)
    }

    static func crossingsPerSecond(_ clip: Clip) -> Double {
        let left = stride(from: 0, to: clip.samples.count, by: clip.channels).map { clip.samples[$0] }
        // The middle, away from the fades at either end.
        let a = left.count / 4, b = 3 * left.count / 4
        var n = 0
        for i in (a + 1)..<b where (left[i - 1] < 0) != (left[i] < 0) { n += 1 }
        return Double(n) / (Double(b - a) / Double(clip.rate))
    }

    @Test(arguments: [0.75, 0.5])
    func slowerKeepsThePitch(speed: Double) {
        let clip = Self.tone(seconds: 1, hz: 220)
        let slow = clip.stretched(speed: speed)
        let expected = Double(clip.frames) / speed
        #expect(abs(Double(slow.frames) - expected) / expected < 0.03, "\(slow.frames) frames for \(expected)")
        let ratio = Self.crossingsPerSecond(slow) / Self.crossingsPerSecond(clip)
        #expect(abs(ratio - 1) < 0.03, "pitch moved: \(ratio)")
        #expect(clip.stretched(speed: 1) == clip)
    }
}
