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
    /// Levenshtein distance over grapheme clusters and one minimal alignment, adjacent ops of a kind merged.
    public static func align(reference r: [Character], typed t: [Character]) -> (distance: Int, ops: [EditOp]) {
        let d = table(r, t)
        return (d[r.count * (t.count + 1) + t.count], backtrace(d, r, t, from: r.count))
    }

    /// Alignment of an unfinished answer with the reference prefix it is closest to (ties: the prefix as long as
    /// the answer), for marking while the learner types. Returns how many reference characters it covers.
    public static func alignPrefix(reference r: [Character], typed t: [Character]) -> (distance: Int, ops: [EditOp], covered: Int) {
        let d = table(r, t)
        let w = t.count + 1
        var best = 0
        for i in 0...r.count {
            let (di, db) = (d[i * w + t.count], d[best * w + t.count])
            if di < db || (di == db && abs(i - t.count) < abs(best - t.count)) { best = i }
        }
        return (d[best * w + t.count], backtrace(d, r, t, from: best), best)
    }

    /// Levenshtein table, row i = reference prefix of length i, column j = typed prefix of length j.
    private static func table(_ r: [Character], _ t: [Character]) -> [Int] {
        let n = r.count, m = t.count
        let w = m + 1
        // Full table: phrases are short, and the backtrace needs it.
        var d = [Int](repeating: 0, count: (n + 1) * w)
        for i in 0...n { d[i * w] = i }
        for j in 0...m { d[j] = j }
        if n > 0 && m > 0 {
            for i in 1...n {
                for j in 1...m {
                    let sub = d[(i - 1) * w + j - 1] + (r[i - 1] == t[j - 1] ? 0 : 1)
                    d[i * w + j] = min(sub, d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1)
                }
            }
        }
        return d
    }

    private static func backtrace(_ d: [Int], _ r: [Character], _ t: [Character], from end: Int) -> [EditOp] {
        let w = t.count + 1
        var steps: [(EditOp.Kind, Character?, Character?)] = []
        var i = end, j = t.count
        while i > 0 || j > 0 {
            let here = d[i * w + j]
            if i > 0 && j > 0 && here == d[(i - 1) * w + j - 1] + (r[i - 1] == t[j - 1] ? 0 : 1) {
                steps.append((r[i - 1] == t[j - 1] ? .equal : .substitute, r[i - 1], t[j - 1]))
                i -= 1; j -= 1
            } else if i > 0 && here == d[(i - 1) * w + j] + 1 {
                steps.append((.delete, r[i - 1], nil))
                i -= 1
            } else {
                steps.append((.insert, nil, t[j - 1]))
                j -= 1
            }
        }
        var ops: [EditOp] = []
        for (kind, rc, tc) in steps.reversed() {
            if let last = ops.last, last.kind == kind {
                if let rc { ops[ops.count - 1].ref.append(rc) }
                if let tc { ops[ops.count - 1].typed.append(tc) }
            } else {
                ops.append(EditOp(kind, ref: rc.map { String($0) } ?? "", typed: tc.map { String($0) } ?? ""))
            }
        }
        return ops
    }
}
