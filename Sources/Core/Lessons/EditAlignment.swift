/// One run of the minimal alignment between the reference and what was typed.
/// `insert`: the learner typed extra text (`ref` empty); `delete`: reference text is missing (`typed` empty).
public struct EditOp: Sendable, Equatable {
    public enum Kind: String, Sendable { case equal, substitute, insert, delete }
    public var kind: Kind
    public var ref: String
    public var typed: String

    public init(_ kind: Kind, ref: String, typed: String) {
        self.kind = kind
        self.ref = ref
        self.typed = typed
    }
}

public enum EditAlignment {
    /// Longest text (in grapheme clusters, after normalisation) either side may have: the work grows with the
    /// product of the lengths (20 000 × 20 000 takes about a second), the memory only with their sum.
    public static let maximumLength = 20_000

    /// The minimal alignment a person reads best (`AlignmentCost`): Levenshtein distance over grapheme clusters,
    /// then the fewest runs of missing or extra text, then runs that start and end at word edges; adjacent ops of
    /// a kind merged. Memory linear in the lengths (`LinearAligner`).
    public static func align(reference r: [Character], typed t: [Character]) -> (distance: Int, ops: [EditOp]) {
        align(reference: r, typed: t, blockCells: 1 << 18, markBytes: 16 << 20, parallelColumns: 2048)
    }

    static func align(reference r: [Character], typed t: [Character], blockCells: Int, markBytes: Int, parallelColumns: Int) -> (distance: Int, ops: [EditOp]) {
        let aligner = LinearAligner(AlignmentCost(reference: r, typed: t), blockCells: blockCells, markBytes: markBytes,
                                    parallelColumns: parallelColumns)
        return ops(aligner.steps(rows: r.count), r, t)
    }

    /// Alignment of an unfinished answer with the reference prefix it is closest to (ties: the prefix as long as
    /// the answer, then the easier one to read), for marking while the learner types. Returns how many reference
    /// characters it covers.
    public static func alignPrefix(reference r: [Character], typed t: [Character]) -> (distance: Int, ops: [EditOp], covered: Int) {
        alignPrefix(reference: r, typed: t, blockCells: 1 << 18, markBytes: 16 << 20, parallelColumns: 2048)
    }

    static func alignPrefix(reference r: [Character], typed t: [Character], blockCells: Int, markBytes: Int, parallelColumns: Int) -> (distance: Int, ops: [EditOp], covered: Int) {
        let aligner = LinearAligner(AlignmentCost(reference: r, typed: t), blockCells: blockCells, markBytes: markBytes,
                                    parallelColumns: parallelColumns)
        let column = aligner.lastColumn()
        var best = 0, bestKey = (Int.max, Int.max, Int.max), bestState = AlignmentCost.State.diagonal
        for (i, costs) in column.enumerated() {
            let (state, cost) = LinearAligner.best(costs)
            let key = (cost / AlignmentCost.unit, abs(i - t.count), cost % AlignmentCost.unit)
            if key < bestKey { (best, bestKey, bestState) = (i, key, state) }
        }
        let (distance, ops) = ops(aligner.steps(rows: best, end: bestState), r, t)
        return (distance, ops, best)
    }

    /// Steps to runs of ops, and the number of characters not typed as they are.
    static func ops(_ steps: [UInt8], _ r: [Character], _ t: [Character]) -> (distance: Int, ops: [EditOp]) {
        var ops: [EditOp] = []
        var i = 0, j = 0, distance = 0
        for step in steps {
            let kind: EditOp.Kind
            var rc: Character?, tc: Character?
            switch AlignmentCost.State(rawValue: Int(step))! {
            case .diagonal:
                kind = r[i] == t[j] ? .equal : .substitute
                rc = r[i]; tc = t[j]; i += 1; j += 1
            case .missing:
                kind = .delete
                rc = r[i]; i += 1
            case .extra:
                kind = .insert
                tc = t[j]; j += 1
            }
            if kind != .equal { distance += 1 }
            if let last = ops.last, last.kind == kind {
                if let rc { ops[ops.count - 1].ref.append(rc) }
                if let tc { ops[ops.count - 1].typed.append(tc) }
            } else {
                ops.append(EditOp(kind, ref: rc.map { String($0) } ?? "", typed: tc.map { String($0) } ?? ""))
            }
        }
        return (distance, ops)
    }
}
