import Testing
@testable import Lessons

@Suite struct ComparisonTests {
    @Test func identicalAfterNormalisationIsPerfect() {
        let c = Comparison(reference: "Guten Morgen, Frau Meier!", typed: "  guten   MORGEN frau meier ")
        #expect(c.accuracy == 1)
        #expect(c.ops == [EditOp(.equal, ref: "guten morgen frau meier", typed: "guten morgen frau meier")])
    }

    @Test func optionsMakeCaseAndPunctuationCount() {
        let strict = CompareOptions(caseSensitive: true, punctuationSensitive: true)
        let c = Comparison(reference: "Ja, gut.", typed: "ja gut", options: strict)
        #expect(c.distance == 3)  // J→j, missing ",", missing "."
        #expect(c.referenceLength == 8)
    }

    @Test func accuracyFormulaAndClamp() {
        let c = Comparison(reference: "haus", typed: "hau")
        #expect(c.distance == 1)
        #expect(c.accuracy == 0.75)
        #expect(c.ops == [EditOp(.equal, ref: "hau", typed: "hau"), EditOp(.delete, ref: "s", typed: "")])
        let long = Comparison(reference: "ja", typed: "nein danke")
        #expect(long.accuracy == 0)  // distance exceeds the reference length
    }

    @Test func opsReconstructBothSidesAndCountTheDistance() {
        let pairs = [("Die Katze schläft auf dem Sofa", "die kaze schlaeft auf den sofaa"),
                     ("abc", "xyz"), ("", "extra"), ("missing", ""), ("ein zwei drei", "drei zwei ein")]
        for (r, t) in pairs {
            let c = Comparison(reference: r, typed: t)
            #expect(c.ops.map(\.ref).joined() == String(TextNormalizer.normalize(r)))
            #expect(c.ops.map(\.typed).joined() == String(TextNormalizer.normalize(t)))
            let edits = c.ops.filter { $0.kind != .equal }.map { max($0.ref.count, $0.typed.count) }.reduce(0, +)
            #expect(edits == c.distance)
        }
    }

    @Test func emptyInputs() {
        #expect(Comparison(reference: "", typed: "").accuracy == 1)
        #expect(Comparison(reference: "", typed: "x").accuracy == 0)
        #expect(Comparison(reference: "hallo", typed: "").accuracy == 0)
        #expect(Comparison(reference: "!!!", typed: "").accuracy == 1)  // only punctuation: nothing to type
        #expect(Comparison(reference: "", typed: "").ops.isEmpty)
    }

    @Test func emojiZWJSequencesAndFlagsAreOneCharacterEach() {
        // Family man-woman-girl vs man-woman-boy: one grapheme substituted, not several scalars.
        let c = Comparison(reference: "👨‍👩‍👧 ok", typed: "👨‍👩‍👦 ok")
        #expect(c.distance == 1)
        #expect(c.referenceLength == 4)
        #expect(c.ops.first == EditOp(.substitute, ref: "👨‍👩‍👧", typed: "👨‍👩‍👦"))
        // Flags are pairs of regional indicators: DE vs DK differs in one scalar but is one grapheme.
        let flags = Comparison(reference: "🇩🇪🇫🇷", typed: "🇩🇰🇫🇷")
        #expect(flags.distance == 1)
        #expect(flags.referenceLength == 2)
        #expect(Comparison(reference: "👍🏽", typed: "👍").distance == 1)  // skin tone modifier is part of the cluster
    }

    @Test func combiningAccentsEqualPrecomposed() {
        let decomposed = "Cafe\u{301} cre\u{300}me"
        let c = Comparison(reference: "Café crème", typed: decomposed)
        #expect(c.accuracy == 1)
        #expect(Comparison(reference: "Café", typed: "Cafe").distance == 1)
        #expect(Comparison(reference: "CAFÉ", typed: "cafe\u{301}").accuracy == 1)
    }

    @Test func germanUmlautsAndSharpS() {
        let plain = Comparison(reference: "Grüße aus Köln", typed: "Gruesse aus Koeln")
        #expect(plain.accuracy < 1)
        let folded = CompareOptions(umlautSpellings: true)
        #expect(Comparison(reference: "Grüße aus Köln", typed: "Gruesse aus Koeln", options: folded).accuracy == 1)
        #expect(Comparison(reference: "Grüße aus Köln", typed: "grüsse aus koeln", options: folded).accuracy == 1)
        #expect(Comparison(reference: "Straße", typed: "STRASSE", options: folded).accuracy == 1)
        #expect(Comparison(reference: "Bär", typed: "bar").distance == 1)
        #expect(Comparison(reference: "Bär", typed: "Ba\u{308}r").accuracy == 1)  // combining diaeresis
    }

    @Test func partialAnswersAreMarkedAgainstTheReachedPrefix() {
        let on = PartialComparison(reference: "Guten Morgen, Frau Meier", typedSoFar: "guten mo")
        #expect(on.onTrack && on.covered == 8)
        #expect(on.ops == [EditOp(.equal, ref: "guten mo", typed: "guten mo")])
        let off = PartialComparison(reference: "Guten Morgen", typedSoFar: "gutn mor")
        #expect(off.distance == 1 && off.covered == 9)
        #expect(off.ops.contains(EditOp(.delete, ref: "e", typed: "")))
        let wrong = PartialComparison(reference: "Danke", typedSoFar: "dx")
        #expect(wrong.ops == [EditOp(.equal, ref: "d", typed: "d"), EditOp(.substitute, ref: "a", typed: "x")])
        #expect(PartialComparison(reference: "Hallo", typedSoFar: "").onTrack)
        #expect(PartialComparison(reference: "👨‍👩‍👧 ok", typedSoFar: "👨‍👩‍👧").covered == 1)
    }
}
