/// The marking a learner reads: where a whole word was written as another (`will` for `möchte`), the word is marked
/// whole, `[will→möchte]`, instead of as the letters the alignment happened to keep (`(+mö)[will→chte]`); a word
/// mostly right keeps its letter marks (`br[o→ö]tchen`). Only the display changes: the ops, accuracy and JSON stay.
public enum WordMarking {
    /// `ops` with every word that is less than half right replaced by one op for the whole word. Words are the
    /// runs between spaces both sides share.
    public static func regrouped(_ ops: [EditOp]) -> [EditOp] {
        // Equal text split at its spaces: each shared space is a boundary between words.
        var pieces: [(op: EditOp, boundary: Bool)] = []
        for op in ops {
            guard op.kind == .equal else { pieces.append((op, false)); continue }
            var run = ""
            for ch in op.ref {
                if ch == " " {
                    if !run.isEmpty { pieces.append((EditOp(.equal, ref: run, typed: run), false)); run = "" }
                    pieces.append((EditOp(.equal, ref: " ", typed: " "), true))
                } else {
                    run.append(ch)
                }
            }
            if !run.isEmpty { pieces.append((EditOp(.equal, ref: run, typed: run), false)) }
        }
        var out: [EditOp] = []
        var word: [EditOp] = []
        func flush() {
            defer { word.removeAll() }
            guard word.contains(where: { $0.kind != .equal }) else { out += word; return }
            let ref = word.map(\.ref).joined(), typed = word.map(\.typed).joined()
            let right = word.filter { $0.kind == .equal }.reduce(0) { $0 + $1.ref.count }
            guard right * 2 < max(ref.count, typed.count) else { out += word; return }
            out.append(EditOp(ref.isEmpty ? .insert : typed.isEmpty ? .delete : .substitute, ref: ref, typed: typed))
        }
        for piece in pieces {
            if piece.boundary { flush(); out.append(piece.op) } else { word.append(piece.op) }
        }
        flush()
        // Neighbouring equal runs back into one.
        var merged: [EditOp] = []
        for op in out {
            if op.kind == .equal, let last = merged.last, last.kind == .equal {
                merged[merged.count - 1] = EditOp(.equal, ref: last.ref + op.ref, typed: last.typed + op.typed)
            } else {
                merged.append(op)
            }
        }
        return merged
    }
}
