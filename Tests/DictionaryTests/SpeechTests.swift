import Testing
import Language
import Platform

/// espeak-ng's German voice, linked: IPA as FreeDict writes it, speech long and loud enough to be a word.
@Suite struct SpeechTests {
    @Test func germanSpeechAndIPA() throws {
        let t0 = MonotonicClock.nanos()
        let speech = try GermanSpeech()
        let t1 = MonotonicClock.nanos()
        let clip = speech.clip("Brötchen")
        let t2 = MonotonicClock.nanos()
        print("FIGURE words: espeak-ng start \(Double(t1 - t0) / 1e6) ms, \"Brötchen\" synthesised in \(Double(t2 - t1) / 1e6) ms (pronunciation can start then)")
        #expect(clip.rate == GermanSpeech.rate && clip.channels == 1)
        #expect(clip.seconds > 0.3 && clip.seconds < 1.5, "\(clip.seconds)")
        #expect(clip.peak > 0.2)
        let slow = speech.clip("Brötchen", slow: true)
        #expect(slow.seconds > clip.seconds * 1.3)
        #expect(speech.ipa("Brötchen") == "bɾˈøːtçən")
        #expect(speech.ipa("Ich möchte zwei Brötchen.").contains("mˈœçtə"))
        // Controls are dropped, length is bounded, nothing is left to speak in an empty text.
        #expect(speech.clip("").peak == 0)
        #expect(speech.clip(String(repeating: "a", count: 100_000)).seconds < 120)
        _ = speech.ipa("\u{1B}[2J\u{0}😀")
    }
}
