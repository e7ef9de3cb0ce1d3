import Testing
@testable import AudioDSP
import Platform

@Suite struct SoundSynthTests {
    @Test(arguments: SoundSynth.all.map(\.name))
    func soundMeetsTheSpec(name: String) throws {
        let recipe = try #require(SoundSynth.recipe(named: name))
        let s = recipe.render()
        let seconds = Double(s.count) / Double(SoundSynth.rate)
        let peak = s.reduce(Float(0)) { max($0, abs($1)) }
        #expect(decibels(Double(peak)) <= -1.0, "\(name) peaks at \(decibels(Double(peak))) dBFS")
        if recipe.isFeedback { #expect(seconds <= 0.4, "\(name) lasts \(seconds) s") }
        // The onset: within the first millisecond the sound is within 20 dB of its peak.
        let firstMs = s.prefix(SoundSynth.rate / 1000).reduce(Float(0)) { max($0, abs($1)) }
        #expect(firstMs >= peak * 0.1, "\(name) starts quietly: \(firstMs) in the first ms")
        // It ends in silence, without a click.
        #expect(abs(s.last!) < 0.01)
    }

    @Test func soundsAreReproducibleAndDistinct() {
        let rendered = SoundSynth.all.map { $0.render() }
        #expect(rendered == SoundSynth.all.map { $0.render() })
        // Distinct: every pair differs in length or in its spectrum (normalised correlation of band energies).
        func bands(_ s: [Float]) -> [Double] {
            [150.0, 250, 400, 600, 900, 1_300, 2_000, 3_000, 4_500, 7_000].map { f in
                var re = 0.0, im = 0.0
                for (i, v) in s.enumerated() {
                    let w = 2 * Double.pi * f * Double(i) / 48_000
                    re += Double(v) * _cos(w); im += Double(v) * _sin(w)
                }
                return (re * re + im * im).squareRoot()
            }
        }
        let spectra = rendered.map(bands)
        for i in 0..<rendered.count {
            for j in (i + 1)..<rendered.count {
                let a = spectra[i], b = spectra[j]
                let dot = zip(a, b).reduce(0) { $0 + $1.0 * $1.1 }
                let cos = dot / ((a.reduce(0) { $0 + $1 * $1 }).squareRoot() * (b.reduce(0) { $0 + $1 * $1 }).squareRoot())
                let lengthRatio = Double(max(rendered[i].count, rendered[j].count)) / Double(min(rendered[i].count, rendered[j].count))
                #expect(cos < 0.98 || lengthRatio > 1.3, "\(SoundSynth.all[i].name) and \(SoundSynth.all[j].name) sound alike")
            }
        }
    }
}
