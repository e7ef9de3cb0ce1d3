import Foundation
@testable import AudioDSP

/// Signals and measures shared by the stretcher tests.
enum StretchSignals {
    /// A vowel-like voice: F0 gliding 110→150→120 Hz, 12 harmonics under two formant bumps, syllable envelope.
    static func vowel(rate: Int, seconds: Double) -> [Float] {
        let n = Int(seconds * Double(rate))
        var out = [Float](repeating: 0, count: n)
        var phase = 0.0
        for i in 0..<n {
            let t = Double(i) / Double(rate)
            let f0 = 130 + 20 * sin(2 * .pi * 0.4 * t)
            phase += 2 * .pi * f0 / Double(rate)
            var v = 0.0
            for h in 1...12 {
                let f = Double(h) * f0
                let formant = exp(-pow((f - 700) / 250, 2)) + 0.6 * exp(-pow((f - 1200) / 300, 2)) + 0.15
                v += formant / Double(h).squareRoot() * sin(Double(h) * phase)
            }
            let env = 0.55 + 0.45 * sin(2 * .pi * 1.5 * t)   // syllables, never silent
            out[i] = Float(0.15 * env * v)
        }
        return out
    }

    static func cents(_ a: Double, _ b: Double) -> Double { 1200 * log2(a / b) }

    /// Largest |third difference|: near zero for band-limited audio, large at any click or gap.
    static func maxThirdDifference(_ x: [Float], from: Int = 3, to: Int? = nil) -> Float {
        var m: Float = 0
        for i in max(3, from)..<(to ?? x.count) { m = max(m, abs(x[i] - 3 * x[i - 1] + 3 * x[i - 2] - x[i - 3])) }
        return m
    }

    static func maxJump(_ x: [Float]) -> Float {
        var m: Float = 0
        for i in 1..<x.count { m = max(m, abs(x[i] - x[i - 1])) }
        return m
    }
}
