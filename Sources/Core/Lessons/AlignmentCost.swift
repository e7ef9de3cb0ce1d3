/// The cost model of an alignment, one number per alignment compared as (distance, readability):
/// `distance` (Levenshtein: 1 per substituted, missing or extra character) weighs `unit`, more than any
/// readability cost can add up to, so every alignment chosen is a minimal one; among those the cheaper one to
/// read wins: each run of missing or extra text costs `gapOpen` (affine gaps: one run of 12 characters reads
/// better than three of 4), and each end of such a run inside a word costs `midWord` (a missing word is shown
/// whole, not from its second letter to the next word's first).
struct AlignmentCost {
    /// Last step of a path: diagonal (equal or substitute), vertical (reference text missing), horizontal (extra typed).
    enum State: Int { case diagonal = 0, missing = 1, extra = 2 }

    static let unit = 1 << 32
    static let gapOpen = 3
    static let midWord = 1
    /// Above any reachable cost: at most (n + m) units of 2^32 with n, m < 2^20.
    static let unreachable = Int.max / 4

    /// Characters as small integers, compared in the inner loop instead of grapheme clusters.
    let r: [Int32]
    let t: [Int32]
    /// `midWord` for a run edge at that position inside a word, else 0; positions 0...count.
    let refEdge: [Int]
    let typedEdge: [Int]

    init(reference: [Character], typed: [Character]) {
        var codes: [Character: Int32] = [" ": 0]
        func code(_ c: Character) -> Int32 {
            if let k = codes[c] { return k }
            let k = Int32(codes.count)
            codes[c] = k
            return k
        }
        r = reference.map(code)
        t = typed.map(code)
        refEdge = Self.edges(r)
        typedEdge = Self.edges(t)
    }

    private static func edges(_ s: [Int32]) -> [Int] {
        (0...s.count).map { k in k == 0 || k == s.count || s[k - 1] == 0 || s[k] == 0 ? 0 : midWord }
    }

    /// Cost of the step into cell (i, j) in state `to` from its predecessor cell in state `from`; the predecessor is
    /// (i−1, j−1), (i−1, j) or (i, j−1) as `to` is diagonal, missing or extra. Ending a run costs its edge there.
    /// Missing text right beside extra text is never minimal (one substitution costs less than both), so those
    /// steps are not taken at all: two fewer candidates per cell.
    func step(from: State, to: State, i: Int, j: Int) -> Int {
        switch to {
        case .diagonal:
            let close = from == .missing ? refEdge[i - 1] : from == .extra ? typedEdge[j - 1] : 0
            return (r[i - 1] == t[j - 1] ? 0 : Self.unit) + close
        case .missing:
            if from == .extra { return Self.unreachable }
            return from == .missing ? Self.unit : Self.unit + Self.gapOpen + refEdge[i - 1]
        case .extra:
            if from == .missing { return Self.unreachable }
            return from == .extra ? Self.unit : Self.unit + Self.gapOpen + typedEdge[j - 1]
        }
    }

    /// Which predecessor state wins a tie, most preferred first: runs continue, then a diagonal step.
    static func preference(_ to: State) -> [State] {
        switch to {
        case .diagonal: return [.diagonal, .missing, .extra]
        case .missing: return [.missing, .diagonal]
        case .extra: return [.extra, .diagonal]
        }
    }

    /// The state a finished alignment may end in, most preferred first.
    static let endPreference: [State] = [.diagonal, .missing, .extra]
}
