import TerminalUI
import TextFormat
import Lessons
import Platform

/// Reads one answer key by key on a terminal with line editing: ←/→, Home/End (Ctrl-A/Ctrl-E), Backspace and
/// Delete, Ctrl-W (the word before the cursor), Ctrl-U (everything before it), ↑/↓ through the answers given
/// before. With live marking, what is typed so far is checked against the part of the phrase it has reached and
/// shown green with ✓ while right, red with ✗ once wrong. Tab replays the phrase, Shift-Tab replays it slower,
/// Ctrl-N skips it and shows it; Enter submits (an empty line replays); Ctrl-D ends the exercise.
enum LiveAnswerLine {
    enum Outcome: Equatable { case answer(String), replay, replaySlow, skip, end }

    /// The line being edited: characters and the cursor, with the editing keys as operations.
    struct Editor: Equatable {
        var chars: [Character] = []
        var cursor = 0
        var text: String { String(chars) }

        mutating func insert(_ s: String) { chars.insert(contentsOf: s, at: cursor); cursor += s.count }
        mutating func backspace() { if cursor > 0 { chars.remove(at: cursor - 1); cursor -= 1 } }
        mutating func delete() { if cursor < chars.count { chars.remove(at: cursor) } }
        mutating func left() { cursor = max(0, cursor - 1) }
        mutating func right() { cursor = min(chars.count, cursor + 1) }
        mutating func home() { cursor = 0 }
        mutating func end() { cursor = chars.count }
        /// Ctrl-W: the spaces before the cursor, then the word before them.
        mutating func deleteWord() {
            var start = cursor
            while start > 0 && chars[start - 1] == " " { start -= 1 }
            while start > 0 && chars[start - 1] != " " { start -= 1 }
            chars.removeSubrange(start..<cursor)
            cursor = start
        }
        /// Ctrl-U: everything before the cursor.
        mutating func deleteToStart() { chars.removeSubrange(0..<cursor); cursor = 0 }
        mutating func replace(with s: String) { chars = Array(s); cursor = chars.count }
    }

    /// Answers given before in this exercise, oldest first: ↑ brings them back.
    nonisolated(unsafe) static var history: [String] = []

    static func read(reference: String, options: CompareOptions, color: Bool, marking: Bool) -> Outcome {
        var line = Editor()
        var back = history.count  // index into history; == count: the line being typed
        var draft = ""
        var pending: [UInt8] = []
        func draw() { redraw(line, reference: reference, options: options, color: color, marking: marking) }
        draw()
        while true {
            guard let byte = next() else { return .end }
            switch byte {
            case 0x0D, 0x0A:
                FileHandleOutput.stdout("\r\n")
                if !line.text.isEmpty { history.append(line.text) }
                return line.text.isEmpty ? .replay : .answer(line.text)
            case 0x09: return .replay
            case 0x0E: FileHandleOutput.stdout("\r\n"); return .skip
            case 0x04:
                FileHandleOutput.stdout("\r\n")
                return line.text.isEmpty ? .end : .answer(line.text)
            case 0x7F, 0x08: line.backspace()
            case 0x01: line.home()
            case 0x05: line.end()
            case 0x17: line.deleteWord()
            case 0x15: line.deleteToStart()
            case 0x1B:
                switch escape() {
                case "A":
                    if back > 0 {
                        if back == history.count { draft = line.text }
                        back -= 1
                        line.replace(with: history[back])
                    }
                case "B":
                    if back < history.count {
                        back += 1
                        line.replace(with: back == history.count ? draft : history[back])
                    }
                case "C": line.right()
                case "D": line.left()
                case "H", "1~", "7~": line.home()
                case "F", "4~", "8~": line.end()
                case "3~": line.delete()
                case "Z": return .replaySlow
                default: break
                }
            case 0x00..<0x20:
                continue
            default:
                // No answer longer than what is compared (`EditAlignment.maximumLength`): the rest is not taken.
                if pending.isEmpty && line.text.unicodeScalars.count >= EditAlignment.maximumLength { continue }
                pending.append(byte)
                // Wait for a whole UTF-8 sequence before adding it.
                if let text = String(validating: pending, as: UTF8.self) {
                    line.insert(text)
                    pending.removeAll()
                } else if pending.count >= 4 {
                    pending.removeAll()
                }
            }
            draw()
        }
    }

    /// One byte of standard input; nil at its end.
    private static func next() -> UInt8? { ProcessControl.readStandardInputByte() }

    /// The rest of an escape sequence after ESC: its parameters and final byte ("A", "3~", "Z"), "" otherwise.
    private static func escape() -> String {
        guard let intro = next(), intro == UInt8(ascii: "[") || intro == UInt8(ascii: "O") else { return "" }
        var body: [UInt8] = []
        while let b = next() {
            body.append(b)
            if (0x40...0x7E).contains(b) || body.count > 16 { break }
        }
        return String(decoding: body, as: UTF8.self)
    }

    private static func redraw(_ line: Editor, reference: String, options: CompareOptions, color: Bool, marking: Bool) {
        let typed = line.text
        let onTrack = PartialComparison(reference: reference, typedSoFar: typed, options: options).onTrack
        let shown = marking && !typed.isEmpty
        let mark = shown ? (onTrack ? " ✓" : " ✗") : ""
        let paint = color && shown ? (onTrack ? "\u{1B}[32m" : "\u{1B}[31m") : ""
        // The cursor goes back over what follows it (plus the mark), counted in terminal columns.
        let after = TextCells.width(printable(String(line.chars[line.cursor...]))) + TextCells.width(mark)
        FileHandleOutput.stdout("\r\u{1B}[2K> " + paint + printable(typed) + (paint.isEmpty ? "" : "\u{1B}[0m") + mark
                                + (after > 0 ? "\u{1B}[\(after)D" : ""))
    }
}
