import Foundation
import Testing
@testable import AudioDSP

/// The WSOLA stretcher: duration, pitch, clicks and the time map, on a synthetic voice.
@Suite struct StretchTests {
    static let rate = 22_050
    static let voice = StretchSignals.vowel(rate: rate, seconds: 2.0)

    @Test(arguments: [0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0])
    func durationIsLengthOverSpeed(speed: Double) {
        let (out, _) = WSOLAStretcher.render(Self.voice, channels: 1, rate: Self.rate, speed: speed)
        let expected = Double(Self.voice.count) / speed
        #expect(abs(Double(out.count) - expected) / expected < 0.005, "\(out.count) frames, expected \(expected)")
    }

    @Test(arguments: [0.5, 0.75, 1.25, 1.5, 2.0])
    func pitchIsKept(speed: Double) {
        let (out, s) = WSOLAStretcher.render(Self.voice, channels: 1, rate: Self.rate, speed: speed)
        let errors = StretchQuality.pitchErrors(input: Self.voice, output: out, rate: Self.rate) { s.heardInputFrame(atOutput: $0) }
        #expect(errors.count > 40)
        let median = StretchQuality.median(errors)
        print("FIGURE stretch synthetic voice \(speed)x: median F0 error \(String(format: "%.2f", median)) cents over \(errors.count) frames")
        #expect(median <= 3, "median F0 error \(median) cents at \(speed)x")
    }

    /// The measure catches a pitch change: speeding up by dropping samples (1.25x, +386 cents) fails it.
    @Test func pitchMeasureDetectsAShift() {
        let fast = (0..<Int(Double(Self.voice.count) / 1.25)).map { Self.voice[Int(Double($0) * 1.25)] }
        let errors = StretchQuality.pitchErrors(input: Self.voice, output: fast, rate: Self.rate) { $0 * 1.25 }
        #expect(StretchQuality.median(errors) > 300)
    }

    /// The speed changes every 256-frame block through the whole range; no output sample may jump like a click.
    @Test func speedChangesAtEveryBlockDoNotClick() {
        let speeds = [0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0]
        let (out, s) = WSOLAStretcher.render(Self.voice, channels: 1, rate: Self.rate, speed: 1) { speeds[($0 * 5) % speeds.count] }
        let skip = 2 * s.hop
        let inThird = StretchSignals.maxThirdDifference(Self.voice)
        let outThird = StretchSignals.maxThirdDifference(out, from: skip, to: out.count - skip)
        #expect(outThird <= 1.5 * inThird, "third difference \(outThird) vs input \(inThird)")
        #expect(StretchSignals.maxJump(Array(out[skip..<(out.count - skip)])) <= 1.2 * StretchSignals.maxJump(Self.voice))
        // And a gap would be caught: the same measure on the output with 100 zeroed samples fails the bound.
        var broken = out
        for i in 5_000..<5_100 { broken[i] = 0 }
        #expect(StretchSignals.maxThirdDifference(broken, from: skip, to: out.count - skip) > 1.5 * inThird)
    }

    /// Monotonic, slope = the speed in force, starts at 0 and ends at the input's end.
    @Test func timeMapIsMonotonicAndConsistent() {
        let speeds = [0.5, 2.0, 1.0, 0.75, 1.5]
        var used: [Double] = []
        let (out, s) = WSOLAStretcher.render(Self.voice, channels: 1, rate: Self.rate, speed: 1) { b in
            let v = speeds[(b / 3) % speeds.count]; used.append(v); return v
        }
        #expect(s.inputFrame(atOutput: 0) == 0)
        var previous = -1.0
        for o in 0..<out.count {
            let t = s.inputFrame(atOutput: Double(o))
            #expect(t > previous, "map not increasing at \(o)")
            if t <= previous { break }
            if o > 0 {
                let slope = t - previous
                #expect(slope >= 0.5 - 1e-9 && slope <= 2.0 + 1e-9)
            }
            previous = t
        }
        let end = s.inputFrame(atOutput: Double(out.count))
        #expect(abs(end - Double(Self.voice.count)) <= 2.0 + 1e-9, "map ends at \(end), input has \(Self.voice.count)")
    }

    /// Tone pips at known input times are heard where the map says: within half a hop, since the fade at a
    /// silence-to-sound edge is placed where the map puts it (the plain Hann fade left onsets up to search + hop off:
    /// 8.5 ms at 1.5×, 14 ms at 2×).
    @Test(arguments: [0.5, 1.0, 1.5, 2.0])
    func timeMapFollowsTheContent(speed: Double) {
        let rate = Self.rate
        var x = [Float](repeating: 0, count: 3 * rate)
        let pips = stride(from: 0.25, to: 2.8, by: 0.37).map { Int($0 * Double(rate)) }
        for p in pips { for i in 0..<Int(0.03 * Double(rate)) { x[p + i] = Float(0.5 * sin(2 * .pi * 1000 * Double(i) / Double(rate))) } }
        let (out, s) = WSOLAStretcher.render(x, channels: 1, rate: rate, speed: speed)
        // Onset of each pip in the output: first sample above half amplitude after silence.
        var onsets: [Int] = []
        var quietRun = 0
        for (i, v) in out.enumerated() {
            if abs(v) > 0.25 { if quietRun > rate / 20 { onsets.append(i) }; quietRun = 0 } else { quietRun += 1 }
        }
        #expect(onsets.count == pips.count)
        let tolerance = Double(s.hop / 2) + 2
        var worst = 0.0
        for (o, p) in zip(onsets, pips) { worst = max(worst, abs(s.inputFrame(atOutput: Double(o)) - Double(p))) }
        print("FIGURE stretch time map vs content \(speed)x: worst onset error \(String(format: "%.1f", 1000 * worst / Double(rate))) ms")
        #expect(worst <= tolerance, "onset \(worst) frames off the map")
    }

    @Test func stereoStreamingWithSeekStaysSmooth() {
        let s = WSOLAStretcher(channels: 2, rate: 48_000)
        let stereo = (0..<48_000).flatMap { i -> [Float] in let v = Float(0.3 * sin(Double(i) * 0.05)); return [v, v] }
        var out = [Float](repeating: 0, count: 512 * 2)
        var written = 0
        var last: Float = 0
        var worst: Float = 0
        stereo.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for block in 0..<150 {
                    if written < 48_000 { written += s.write(src.baseAddress! + 2 * written, frames: min(48_000 - written, s.writableFrames)) }
                    if block == 60 { s.seek(toInputFrame: 12_345); written = 12_345 }
                    s.speed = block % 2 == 0 ? 0.75 : 1.5
                    let n = s.read(into: dst.baseAddress!, frames: 512)
                    for i in 0..<n { worst = max(worst, abs(dst[2 * i] - last)); last = dst[2 * i]; #expect(dst[2 * i] == dst[2 * i + 1]) }
                }
            }
        }
        #expect(worst < 0.1, "jump \(worst)")
    }
}
