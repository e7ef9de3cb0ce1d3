import Foundation
import Lessons
import TextFormat
import TerminalUI

/// Terminal styling: ANSI colours only on a terminal and without NO_COLOR; symbols always, so plain text reads too.
struct TextStyle {
    var colour: Bool

    static func forStdout() -> TextStyle {
        TextStyle(colour: isatty(1) == 1 && RGB.enabled)
    }

    func paint(_ s: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
}

enum ComparisonOutput {
    /// The issue's per-phrase object: cue, reference, typed, accuracy, ops.
    static func opsJSON(_ ops: [EditOp]) -> String {
        "[" + ops.map { op -> String in
            var o = JSONLine()
            o.add("op", op.kind.rawValue)
            o.add("ref", op.ref)
            o.add("typed", op.typed)
            return o.text
        }.joined(separator: ", ") + "]"
    }

    static func json(_ c: Comparison, cue: Int) -> String {
        var line = JSONLine()
        line.add("cue", cue)
        line.add("reference", c.reference)
        line.add("typed", c.typed)
        line.add("accuracy", c.accuracy, decimals: 4)
        line.addRaw("ops", opsJSON(c.ops))
        return line.text
    }

    /// Marked answer (texts `printable`: they are the learner's and the lesson's): correct as typed, `[typed→right]` wrong, `(+missing)`, `{−extra}`; then the reference.
    static func marked(_ ops: [EditOp], style: TextStyle) -> String {
        var out = ""
        for op in ops {
            switch op.kind {
            case .equal: out += style.paint(printable(op.typed), "32")
            case .substitute: out += style.paint("[\(printable(op.typed))→\(printable(op.ref))]", "1;31")
            case .delete: out += style.paint("(+\(printable(op.ref)))", "1;33")
            case .insert: out += style.paint("{−\(printable(op.typed))}", "1;35")
            }
        }
        return out
    }

    static func terminal(_ c: Comparison, style: TextStyle) -> String {
        var text = "typed:    " + marked(WordMarking.regrouped(c.ops), style: style) + "\n"
        text += "correct:  " + printable(c.reference) + "\n"
        text += "accuracy: " + fixed(c.accuracy * 100, 1) + " %" + (c.isPerfect ? "  ✓ perfect" : "") + "\n"
        if !c.isPerfect { text += "key:      [typed→right] wrong, (+x) missing, {−x} extra\n" }
        return text
    }
}

/// The answer so far, as the dictation prompt marks it while the learner types.
enum PartialOutput {
    static func json(_ p: PartialComparison, reference: String, typed: String) -> String {
        var line = JSONLine()
        line.add("reference", reference)
        line.add("typed", typed)
        line.add("on_track", p.onTrack)
        line.add("covered", p.covered)
        line.add("length", p.referenceLength)
        line.addRaw("ops", ComparisonOutput.opsJSON(p.ops))
        return line.text
    }

    static func terminal(_ p: PartialComparison, style: TextStyle) -> String {
        ComparisonOutput.marked(p.ops, style: style) + "  "
            + (p.onTrack ? "✓ so far" : "✗ \(p.distance) mistake\(p.distance == 1 ? "" : "s") so far") + "\n"
    }
}
