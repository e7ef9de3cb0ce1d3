import TextFormat
import Glibc
import Lessons
import Platform

/// Reads one answer key by key on a terminal, re-marking it after every key: what is typed so far is checked
/// against the part of the phrase it has reached, shown green with ✓ while right and red with ✗ once wrong.
/// Tab replays the phrase; Enter submits (an empty line replays); Ctrl-D ends the exercise.
enum LiveAnswerLine {
    enum Outcome { case answer(String), replay, end }

    static func read(reference: String, options: CompareOptions, color: Bool) -> Outcome {
        var typed = ""
        var pending: [UInt8] = []
        redraw(typed, reference: reference, options: options, color: color)
        while true {
            var byte: UInt8 = 0
            let n = Glibc.read(0, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            guard n == 1 else { return .end }
            switch byte {
            case 0x0D, 0x0A:
                FileHandleOutput.stdout("\r\n")
                return typed.isEmpty ? .replay : .answer(typed)
            case 0x09:
                return .replay
            case 0x04:
                FileHandleOutput.stdout("\r\n")
                return typed.isEmpty ? .end : .answer(typed)
            case 0x7F, 0x08:
                if !typed.isEmpty { typed.removeLast() }
            case 0x1B:
                // An escape sequence (arrow keys): read and drop it.
                var seq: UInt8 = 0
                if Glibc.read(0, &seq, 1) == 1, seq == UInt8(ascii: "[") || seq == UInt8(ascii: "O") {
                    while Glibc.read(0, &seq, 1) == 1, !(0x40...0x7E).contains(seq) {}
                }
            case 0x00..<0x20:
                continue
            default:
                // No answer longer than what is compared (`EditAlignment.maximumLength`): the rest is not taken.
                if pending.isEmpty && typed.unicodeScalars.count >= EditAlignment.maximumLength { continue }
                pending.append(byte)
                // Wait for a whole UTF-8 sequence before adding it.
                if let text = String(validating: pending, as: UTF8.self) {
                    typed += text
                    pending.removeAll()
                } else if pending.count >= 4 {
                    pending.removeAll()
                }
            }
            redraw(typed, reference: reference, options: options, color: color)
        }
    }

    private static func redraw(_ typed: String, reference: String, options: CompareOptions, color: Bool) {
        let onTrack = PartialComparison(reference: reference, typedSoFar: typed, options: options).onTrack
        let mark = typed.isEmpty ? "" : (onTrack ? " ✓" : " ✗")
        let paint = color && !typed.isEmpty ? (onTrack ? "\u{1B}[32m" : "\u{1B}[31m") : ""
        FileHandleOutput.stdout("\r\u{1B}[2K> " + paint + printable(typed) + (paint.isEmpty ? "" : "\u{1B}[0m") + mark)
    }
}
