import Foundation
import Testing
@testable import AudioDSP

/// The streaming converter the shadow player uses when the device's rate differs from the lesson's: the same
/// kernel as the offline `Resampler`, fed in uneven blocks, gives the same samples at exactly placed times.
@Suite struct StreamResamplerTests {
    func signal(frames: Int, channels: Int, rate: Int) -> [Float] {
        var x = [Float](repeating: 0, count: frames * channels)
        var seed: UInt64 = 12345
        for f in 0..<frames {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let noise = Float(Int64(bitPattern: seed >> 11) % 1000) / 20_000
            for c in 0..<channels {
                let phase = 2 * Double.pi * Double(300 + 200 * c) * Double(f) / Double(rate)
                x[f * channels + c] = 0.4 * Float(sin(phase)) + noise
            }
        }
        return x
    }

    @Test(arguments: [(16_000, 48_000), (44_100, 48_000), (48_000, 44_100), (22_050, 48_000)])
    func blocksGiveTheOfflineResult(rates: (Int, Int)) {
        let (from, to) = rates
        let channels = 2, frames = from / 2
        let x = signal(frames: frames, channels: channels, rate: from)
        let offline = Resampler(from: from, to: to).process(x, channels: channels)
        let r = StreamResampler(from: from, to: to, channels: channels, maxWrite: 300)
        var out: [Float] = []
        var chunk = [Float](repeating: 0, count: 512 * channels)
        var at = 0, sizes = [1, 7, 300, 64, 129, 255]
        while at < frames {
            let n = min(sizes[0], frames - at)
            sizes.append(sizes.removeFirst())
            x.withUnsafeBufferPointer { r.write($0.baseAddress! + at * channels, frames: n) }
            at += n
            while true {
                let got = chunk.withUnsafeMutableBufferPointer { r.read(into: $0.baseAddress!, frames: 100) }
                if got == 0 { break }
                out += chunk[0..<(got * channels)]
            }
        }
        r.flush()
        while true {
            let got = chunk.withUnsafeMutableBufferPointer { r.read(into: $0.baseAddress!, frames: 512) }
            if got == 0 { break }
            out += chunk[0..<(got * channels)]
        }
        #expect(out.count / channels == offline.count / channels, "\(out.count / channels) vs \(offline.count / channels)")
        var worst: Float = 0
        for i in 0..<min(out.count, offline.count) { worst = max(worst, abs(out[i] - offline[i])) }
        #expect(worst < 1e-5, "streamed differs from offline by \(worst)")
        #expect(abs(r.inputPosition - Double(frames)) <= Double(from) / Double(to) + 1e-9)
    }

    @Test func aToneKeepsItsPlaceInTime() {
        // A click at input frame 1000 (16 kHz) is heard at output frame 3000 (48 kHz): no delay to account for.
        var x = [Float](repeating: 0, count: 4000)
        x[1000] = 1
        let r = StreamResampler(from: 16_000, to: 48_000, channels: 1, maxWrite: 4000)
        x.withUnsafeBufferPointer { r.write($0.baseAddress!, frames: 4000) }
        var out = [Float](repeating: 0, count: 12_000)
        let n = out.withUnsafeMutableBufferPointer { r.read(into: $0.baseAddress!, frames: 12_000) }
        #expect(n > 3100)
        let peak = out[0..<n].indices.max { abs(out[$0]) < abs(out[$1]) }
        #expect(peak == 3000)
    }
}
