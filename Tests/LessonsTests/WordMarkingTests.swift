import Lessons
import Testing

/// A word written as another is marked whole; a word mostly right keeps its letter marks.
@Suite struct WordMarkingTests {
    func shown(_ reference: String, _ typed: String) -> String {
        WordMarking.regrouped(Comparison(reference: reference, typed: typed).ops).map { op -> String in
            switch op.kind {
            case .equal: op.typed
            case .substitute: "[\(op.typed)→\(op.ref)]"
            case .delete: "(+\(op.ref))"
            case .insert: "{−\(op.typed)}"
            }
        }.joined()
    }

    @Test func wholeWordsWhereWholeWordsDiffer() {
        #expect(shown("Ich möchte sechs Brötchen", "Ich will sechs Brötchen") == "ich [will→möchte] sechs brötchen")
        #expect(shown("Ich möchte sechs Brötchen", "Ih mochte sex Brötchen") == "i(+c)h m[o→ö]chte [sex→sechs] brötchen")
        #expect(shown("Ich möchte sechs Brötchen", "Ich möchte sechs Brotchen") == "ich möchte sechs br[o→ö]tchen")
        #expect(shown("Ich möchte sechs Brötchen", "Ich möchte Brötchen") == "ich möchte(+ sechs) brötchen")
        // The ops themselves (JSON, accuracy) are the alignment's, unchanged.
        let c = Comparison(reference: "Ich möchte", typed: "Ich will")
        #expect(c.ops.count > WordMarking.regrouped(c.ops).count || c.ops == WordMarking.regrouped(c.ops))
        #expect(WordMarking.regrouped([]) == [])
    }
}
