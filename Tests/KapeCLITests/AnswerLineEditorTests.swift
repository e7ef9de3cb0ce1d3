import Testing
@testable import KapeCLI

/// The dictation answer line's editing keys, as operations on the line.
@Suite struct AnswerLineEditorTests {
    @Test func cursorMovesAndWordsAndLinesDelete() {
        var e = LiveAnswerLine.Editor()
        e.insert("Guten Morgn")
        e.left()
        e.insert("e")
        #expect(e.text == "Guten Morgen" && e.cursor == 11)
        e.home()
        e.delete()
        e.insert("g")
        #expect(e.text == "guten Morgen" && e.cursor == 1)
        e.end()
        e.insert(" Herr  ")
        e.deleteWord()  // the spaces before the cursor, then "Herr"
        #expect(e.text == "guten Morgen " && e.cursor == 13)
        e.left(); e.left()
        e.deleteToStart()
        #expect(e.text == "n " && e.cursor == 0)
        e.backspace()
        #expect(e.text == "n " && e.cursor == 0)
        e.right(); e.right(); e.right()
        #expect(e.cursor == 2)
        e.replace(with: "Hallo")
        #expect(e.text == "Hallo" && e.cursor == 5)
    }
}
