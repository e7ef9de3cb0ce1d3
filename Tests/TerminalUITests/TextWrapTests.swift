import Testing
import TerminalUI

/// Word wrapping for small terminals: lines break between words, a path too long for a line keeps its ends.
@Suite struct TextWrapTests {
    @Test func wrapsAtWordsWithinTheWidth() {
        let lines = TextCells.wrap("Pa pajisje lëvizjeje: tastiera — ↓ e saktë · ↑ kalo · hapësirë pauzë · q dil", 20)
        #expect(lines.allSatisfy { TextCells.width($0) <= 20 }, "\(lines)")
        #expect(lines.joined(separator: " ") == "Pa pajisje lëvizjeje: tastiera — ↓ e saktë · ↑ kalo · hapësirë pauzë · q dil")
        #expect(TextCells.wrap("", 10) == [""])
    }

    @Test func aLongPathLosesItsMiddle() {
        let path = "/tmp/kape-test-0123456789abcdef0123456789abcdef/kape-shadow.wav"
        let lines = TextCells.wrap("writing to \(path) instead", 30)
        #expect(lines.allSatisfy { TextCells.width($0) <= 30 }, "\(lines)")
        let elided = lines.first { $0.contains("…") } ?? ""
        #expect(elided.hasPrefix("/tmp/") && elided.hasSuffix("kape-shadow.wav"), "\(lines)")
        #expect(TextCells.elideMiddle("short", 10) == "short")
    }

    @Test func styledTextWrapsUnderItsLabelAndKeepsColourSequencesWhole() {
        let red = "\u{1B}[31m", reset = "\u{1B}[0m"
        let text = "typed:    hallo \(red)w(+er ist d)er\(reset) (+nächste) und noch mehr"
        let wrapped = TextCells.wrapStyled(text, 24).split(separator: "\n").map(String.init)
        #expect(wrapped.count > 1)
        #expect(wrapped.allSatisfy { TextCells.styledWidth($0) <= 24 }, "\(wrapped)")
        #expect(wrapped.dropFirst().allSatisfy { $0.hasPrefix("          ") }, "continuation rows sit under the label")
        #expect(wrapped.joined().contains(red) && wrapped.joined().contains(reset))
    }
}
