import Foundation
import Testing
@testable import Lessons

/// The alignment a learner reads, and the linear-memory aligner against a plain full table of the same costs.
@Suite struct AlignmentTests {
    @Test func aMissingTailIsOneRunNotScatteredOverTypedLetters() {
        // Before: ich b(+itte )i(+ch möch)t(+e sechs brö)t(+ch)e(+n) — minimal, but unreadable.
        let c = Comparison(reference: "Ich, bitte. Ich möchte sechs Brötchen.", typed: "ich bitte")
        #expect(c.distance == 26)
        #expect(c.ops == [EditOp(.equal, ref: "ich bitte", typed: "ich bitte"),
                          EditOp(.delete, ref: " ich möchte sechs brötchen", typed: "")])
    }

    @Test func aPhraseMissingOneWordShowsOneMissingRunAtWordEdges() {
        let c = Comparison(reference: "Guten Morgen, Frau Meier", typed: "guten frau meier")
        #expect(c.ops.filter { $0.kind != .equal }.count == 1)
        let missing = c.ops.first { $0.kind == .delete }
        #expect(missing?.ref.trimmingCharacters(in: .whitespaces) == "morgen")
        let middle = Comparison(reference: "wir fahren morgen nach berlin", typed: "wir fahren nach berlin")
        #expect(middle.ops.filter { $0.kind == .delete }.map(\.ref).map { $0.trimmingCharacters(in: .whitespaces) } == ["morgen"])
        let extra = Comparison(reference: "ich bitte", typed: "ich bitte sehr")
        #expect(extra.ops == [EditOp(.equal, ref: "ich bitte", typed: "ich bitte"), EditOp(.insert, ref: "", typed: " sehr")])
    }

    @Test func typedPrefixAndSuffixStayTogether() {
        let c = Comparison(reference: "eins zwei drei vier", typed: "eins vier")
        #expect(c.ops.count == 3)
        #expect(c.ops.first?.kind == .equal && c.ops.last?.kind == .equal)
        // A doubled letter missing at a word's end is marked at the end, not inside.
        #expect(Comparison(reference: "Kaffee", typed: "kaffe").ops == [EditOp(.equal, ref: "kaffe", typed: "kaffe"),
                                                                         EditOp(.delete, ref: "e", typed: "")])
    }

    @Test func distanceStaysTheLevenshteinDistance() {
        var rng = SplitMix(seed: 7)
        for round in 0..<300 {
            let r = rng.text(maxLength: round < 200 ? 14 : 300), t = rng.text(maxLength: round < 200 ? 14 : 300)
            let expected = levenshtein(r, t)
            #expect(EditAlignment.align(reference: r, typed: t).distance == expected)
            let cost = AlignmentCost(reference: r, typed: t)
            let bits = cost.t.withUnsafeBufferPointer { tp in cost.r.withUnsafeBufferPointer { BitParallelDistance.distance(tp, $0) } }
            #expect(bits == expected, "\(r.count) × \(t.count)")
        }
    }

    /// Longer texts, a few split rows each hundreds of rows apart, the band on: still the full table's alignment.
    @Test func longerTextsWithFewSplitRows() {
        var rng = SplitMix(seed: 99)
        for _ in 0..<4 {
            let r = rng.text(maxLength: 300), t = rng.text(maxLength: 300)
            let linear = EditAlignment.align(reference: r, typed: t, blockCells: 1 << 10, markBytes: 12 * 301 * 3, parallelColumns: 64)
            #expect(linear.ops == FullTable(r, t).ops(rows: r.count, end: nil))
        }
    }

    /// Small blocks and little mark memory force many levels of splitting, one to many split rows per level.
    /// Two threads on every pass from 4 columns (`parallel`), or never.
    @Test(arguments: [(4, 0, false), (9, 100, true), (30, 400, false), (16, 1500, true), (64, 5000, false), (64, 5000, true),
                      (4, 1 << 20, true), (1 << 18, 1 << 24, false)])
    func linearAlignerEqualsTheFullTable(blockCells: Int, markBytes: Int, parallel: Bool) {
        let parallelColumns = parallel ? 4 : Int.max
        var rng = SplitMix(seed: UInt64(blockCells + markBytes))
        for round in 0..<400 {
            let r = rng.text(maxLength: round < 200 ? 12 : 40), t = rng.text(maxLength: round < 200 ? 12 : 40)
            let full = FullTable(r, t)
            let linear = EditAlignment.align(reference: r, typed: t, blockCells: blockCells, markBytes: markBytes,
                                             parallelColumns: parallelColumns)
            #expect(linear.ops == full.ops(rows: r.count, end: nil), "\(String(r)) / \(String(t))")
            let partial = EditAlignment.alignPrefix(reference: r, typed: t, blockCells: blockCells, markBytes: markBytes,
                                                    parallelColumns: parallelColumns)
            let (rows, end) = full.bestPrefix()
            #expect(partial.covered == rows)
            #expect(partial.ops == full.ops(rows: rows, end: end), "prefix \(String(r)) / \(String(t))")
        }
    }
}

/// The same cost model as a plain (n+1)×(m+1)×3 table with its backtrace: what the linear aligner must reproduce.
private struct FullTable {
    typealias State = AlignmentCost.State
    let r: [Character], t: [Character]
    let cost: AlignmentCost
    var f: [[[Int]]]
    var choice: [[[State]]]

    init(_ r: [Character], _ t: [Character]) {
        self.r = r
        self.t = t
        cost = AlignmentCost(reference: r, typed: t)
        let inf = AlignmentCost.unreachable
        f = Array(repeating: Array(repeating: [inf, inf, inf], count: t.count + 1), count: r.count + 1)
        choice = Array(repeating: Array(repeating: [.diagonal, .diagonal, .diagonal], count: t.count + 1), count: r.count + 1)
        f[0][0][State.diagonal.rawValue] = 0
        for i in 0...r.count {
            for j in 0...t.count where i > 0 || j > 0 {
                for s in [State.diagonal, .missing, .extra] {
                    let (pi, pj) = s == .diagonal ? (i - 1, j - 1) : s == .missing ? (i - 1, j) : (i, j - 1)
                    guard pi >= 0 && pj >= 0 else { continue }
                    var best = inf
                    for p in AlignmentCost.preference(s) {
                        let v = f[pi][pj][p.rawValue] + cost.step(from: p, to: s, i: i, j: j)
                        if v < best { best = v; choice[i][j][s.rawValue] = p }
                    }
                    f[i][j][s.rawValue] = best
                }
            }
        }
    }

    func bestState(_ i: Int) -> (State, Int) {
        var best = (State.diagonal, Int.max)
        for s in AlignmentCost.endPreference where f[i][t.count][s.rawValue] < best.1 { best = (s, f[i][t.count][s.rawValue]) }
        return best
    }

    /// Nearest prefix by distance, then closeness to the typed length, then readability.
    func bestPrefix() -> (Int, State) {
        var best = (0, State.diagonal), key = (Int.max, Int.max, Int.max)
        for i in 0...r.count {
            let (s, c) = bestState(i)
            let k = (c / AlignmentCost.unit, abs(i - t.count), c % AlignmentCost.unit)
            if k < key { key = k; best = (i, s) }
        }
        return best
    }

    func ops(rows: Int, end: State?) -> [EditOp] {
        var state = end ?? bestState(rows).0
        var i = rows, j = t.count
        var steps: [UInt8] = []
        while i > 0 || j > 0 {
            steps.append(UInt8(state.rawValue))
            let p = choice[i][j][state.rawValue]
            switch state {
            case .diagonal: i -= 1; j -= 1
            case .missing: i -= 1
            case .extra: j -= 1
            }
            state = p
        }
        return EditAlignment.ops(steps.reversed(), r, t).ops
    }
}

private func levenshtein(_ a: [Character], _ b: [Character]) -> Int {
    var row = Array(0...b.count)
    for (i, ca) in a.enumerated() {
        var diagonal = row[0]
        row[0] = i + 1
        for (j, cb) in b.enumerated() {
            let up = row[j + 1]
            row[j + 1] = min(diagonal + (ca == cb ? 0 : 1), up + 1, row[j] + 1)
            diagonal = up
        }
    }
    return row[b.count]
}

/// Deterministic random texts over a few letters and spaces, so ties and word edges are common.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
    mutating func text(maxLength: Int) -> [Character] {
        let letters: [Character] = ["a", "b", "c", " ", "a", "e", " ", "ö"]
        let n = Int(next() % UInt64(maxLength + 1))
        return (0..<n).map { _ in letters[Int(next() % UInt64(letters.count))] }
    }
}
