import TerminalUI
import Testing

@Suite struct KeyParserTests {
    private func keys(_ s: String) -> [Key] {
        var p = KeyParser()
        return p.feed(Array(s.utf8))
    }

    @Test func arrowsInBothCursorModes() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}OA\u{1B}OB") == [.up, .down])
    }

    @Test func plainKeys() {
        #expect(keys("q \r\n") == [.char("q"), .space, .enter, .enter])
        #expect(keys("\u{7F}") == [.backspace])
    }

    @Test func aSequenceSplitAcrossReadsWaits() {
        var p = KeyParser()
        #expect(p.feed([0x1B]) == [])
        #expect(p.hasPending)
        #expect(p.feed(Array("[".utf8)) == [])
        #expect(p.feed(Array("B".utf8)) == [.down])
        #expect(!p.hasPending)
    }

    @Test func aLoneEscapeIsAKeyOnlyAfterFlush() {
        var p = KeyParser()
        #expect(p.feed([0x1B]) == [])
        #expect(p.flush() == [.escape])
        #expect(keys("\u{1B}q") == [.escape, .char("q")])
    }

    @Test func otherSequencesAreSkippedWhole() {
        #expect(keys("\u{1B}[15~q\u{1B}[1;5A") == [.char("q"), .up])
    }

    @Test func utf8SplitAcrossReads() {
        var p = KeyParser()
        let e = Array("ë".utf8)
        #expect(p.feed([e[0]]) == [])
        #expect(p.feed([e[1]]) == [.char("ë")])
    }
}

/// Everything drawn goes through `TextCells.fit`: controls in it are shown as one-cell symbols, never sent.
@Suite struct TextCellsEscapeTests {
    @Test func fitShowsControlsAndKeepsTheWidth() {
        let drawn = TextCells.fit("Karte\u{1B}]52;c;eA==\u{7}\u{1B}[2J", 30)
        #expect(!drawn.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(drawn.hasPrefix("Karte␛]52;c;eA==␇␛[2J"))
        #expect(TextCells.width(drawn) == 30)
    }
}
