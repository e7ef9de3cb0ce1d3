/// The optimal alignment under `AlignmentCost` in memory linear in the input, step for step the one a full
/// (n+1)×(m+1)×3 table and its backtrace would give (ties go by `AlignmentCost.preference` in both).
///
/// One forward pass over a rectangle carries, for every cell and state, the cell and state of the latest split
/// row its backtrace leaves that row from; each split row keeps its own marks. Followed back from the end cell
/// they give where the full backtrace crosses every split row, which cuts the problem into pieces between
/// consecutive crossings (together about 1/splits of the area), each solved the same way from its start cell and
/// state. Costs in a piece count only paths inside it; they are never below the full table's and equal it along
/// the chosen path, so every tie on that path is decided as the full table decides it. The first pass visits only
/// the diagonals the distance allows (`steps`), on two threads when wide (`AlignerPass.swift`). About n·m cell
/// updates; memory: two rows per thread, the split rows' marks (`markBytes`, at least one row) and a block of at
/// most `blockCells` choices.
final class LinearAligner: @unchecked Sendable {  // immutable after init; a pass may use two threads
    typealias State = AlignmentCost.State

    /// Rows top...bottom (reference positions) × columns left...right (typed positions), inclusive.
    struct Rect { var top, bottom, left, right: Int }

    /// Rectangles up to this many cells are solved as one table (256 KB of choices); tests pass a smaller one.
    private let blockCells: Int
    /// Memory for the split rows' marks (3 states × 4 bytes per column and split row).
    private let markBytes: Int

    let n: Int, m: Int
    let r: UnsafeMutablePointer<Int32>, t: UnsafeMutablePointer<Int32>
    let refEdge: UnsafeMutablePointer<Int>, typedEdge: UnsafeMutablePointer<Int>

    /// Passes at least this wide split their columns between two threads (`AlignerPass`); tests pass a smaller one.
    let parallelColumns: Int

    init(_ cost: AlignmentCost, blockCells: Int = 1 << 18, markBytes: Int = 16 << 20, parallelColumns: Int = 2048) {
        self.blockCells = max(4, blockCells)
        self.markBytes = markBytes
        self.parallelColumns = max(4, parallelColumns)
        n = cost.r.count
        m = cost.t.count
        func copy<T>(_ a: [T]) -> UnsafeMutablePointer<T> {
            let p = UnsafeMutablePointer<T>.allocate(capacity: max(1, a.count))
            _ = UnsafeMutableBufferPointer(start: p, count: a.count).initialize(from: a)
            return p
        }
        r = copy(cost.r)
        t = copy(cost.t)
        refEdge = copy(cost.refEdge)
        typedEdge = copy(cost.typedEdge)
    }

    deinit {
        r.deallocate(); t.deallocate(); refEdge.deallocate(); typedEdge.deallocate()
    }

    /// Steps (State raw values) of the best alignment of reference rows 0..<rows with the whole typed text.
    func steps(rows: Int, end: State? = nil) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(rows + m)
        // A path through cell (i, j) has at least |j − i| + |(m − rows) − (j − i)| missing or extra characters:
        // with the distance known, only the diagonals where that is within it can hold a minimal alignment.
        let distance = BitParallelDistance.distance(UnsafeBufferPointer(start: t, count: m), UnsafeBufferPointer(start: r, count: rows))
        let shift = m - rows, slack = (distance - abs(m - rows)) / 2
        let band = (min(0, shift) - slack)...(max(0, shift) + slack)
        solve(Rect(top: 0, bottom: rows, left: 0, right: m), start: .diagonal, end: end, band: band, into: &out)
        return out
    }

    /// Costs of the three states at (i, m) for every i, in one pass (for answers still being typed).
    func lastColumn() -> [(Int, Int, Int)] {
        var column: [(Int, Int, Int)] = []
        column.reserveCapacity(n + 1)
        _ = sweep(Rect(top: 0, bottom: n, left: 0, right: m), start: .diagonal, end: nil, splits: [], band: nil) { column.append($0) }
        return column
    }

    /// The preferred state among equal costs.
    static func best(_ c: (Int, Int, Int)) -> (state: State, cost: Int) {
        var s = State.diagonal, v = c.0
        if c.1 < v { s = .missing; v = c.1 }
        if c.2 < v { s = .extra; v = c.2 }
        return (s, v)
    }

    /// `band`: the diagonals (j − i) that can hold a minimal alignment; only the first pass uses it.
    private func solve(_ rect: Rect, start: State, end: State?, band: ClosedRange<Int>? = nil, into out: inout [UInt8]) {
        let h = rect.bottom - rect.top, w = rect.right - rect.left + 1
        if h < 2 || (h + 1) * w <= blockCells {
            block(rect, start: start, end: end, into: &out)
            return
        }
        // As many split rows as `markBytes` holds, evenly spaced: the pieces between crossings add up to about
        // 1/count of the area, so the first pass is nearly all the work.
        let count = min(h - 1, max(1, markBytes / (12 * w)))
        let splits = (1...count).map { rect.top + $0 * h / (count + 1) }
        let (e, crossings) = sweep(rect, start: start, end: end, splits: splits, band: band, column: nil)
        var from = (rect.top, rect.left, start)
        for (row, (column, state)) in zip(splits, crossings) {
            solve(Rect(top: from.0, bottom: row, left: from.1, right: column), start: from.2, end: state, into: &out)
            from = (row, column, state)
        }
        solve(Rect(top: from.0, bottom: rect.bottom, left: from.1, right: rect.right), start: from.2, end: e, into: &out)
    }

    /// Three rows of costs (one per state), indexed by column − rect.left.
    struct Row {
        var d, x, e: UnsafeMutablePointer<Int>  // diagonal, missing, extra
        init(_ w: Int) {
            d = .allocate(capacity: w); x = .allocate(capacity: w); e = .allocate(capacity: w)
        }
        func free() { d.deallocate(); x.deallocate(); e.deallocate() }
    }

    /// Row `rect.top`: only the start cell and the extra text typed along it. Returns choices packed as in `cell`.
    @inline(__always)
    func firstRow(_ rect: Rect, start: State, _ cur: Row, k: Int) -> UInt8 {
        let unreachable = AlignmentCost.unreachable
        if k == 0 {
            cur.d[0] = start == .diagonal ? 0 : unreachable
            cur.x[0] = start == .missing ? 0 : unreachable
            cur.e[0] = start == .extra ? 0 : unreachable
            return 0
        }
        let j = rect.left + k
        cur.d[k] = unreachable
        cur.x[k] = unreachable
        let open = AlignmentCost.unit + AlignmentCost.gapOpen + typedEdge[j - 1]
        var b = cur.e[k - 1] + AlignmentCost.unit, c = 2
        let vd = cur.d[k - 1] + open
        if vd < b { b = vd; c = 0 }
        cur.e[k] = b
        return UInt8(c << 4)
    }

    /// Cell (i, rect.left + k) of a row below the first; returns the predecessor state chosen for each state,
    /// diagonal in bits 0–1, missing 2–3, extra 4–5. The same arithmetic as `AlignmentCost.step`, inlined.
    @inline(__always)
    private func cell(_ i: Int, _ rect: Rect, _ prev: Row, _ cur: Row, k: Int) -> Int {
        let unit = AlignmentCost.unit, unreachable = AlignmentCost.unreachable
        let j = rect.left + k
        let openMissing = unit + AlignmentCost.gapOpen + refEdge[i - 1]
        var cd = 0, ce = 0
        if k > 0 {
            var b = prev.d[k - 1]
            let v1 = prev.x[k - 1] + refEdge[i - 1]
            if v1 < b { b = v1; cd = 1 }
            let v2 = prev.e[k - 1] + typedEdge[j - 1]
            if v2 < b { b = v2; cd = 2 }
            cur.d[k] = b + (r[i - 1] == t[j - 1] ? 0 : unit)
        } else {
            cur.d[k] = unreachable
        }
        var b = prev.x[k] + unit, cx = 1
        let vd = prev.d[k] + openMissing
        if vd < b { b = vd; cx = 0 }
        cur.x[k] = b
        if k > 0 {
            let openExtra = unit + AlignmentCost.gapOpen + typedEdge[j - 1]
            var b = cur.e[k - 1] + unit
            ce = 2
            let vd = cur.d[k - 1] + openExtra
            if vd < b { b = vd; ce = 0 }
            cur.e[k] = b
        } else {
            cur.e[k] = unreachable
        }
        return cd | cx << 2 | ce << 4
    }

    /// A small rectangle as a full table with its choices, then its backtrace.
    private func block(_ rect: Rect, start: State, end: State?, into out: inout [UInt8]) {
        let w = rect.right - rect.left + 1, h = rect.bottom - rect.top + 1
        var choices = [UInt8](repeating: 0, count: w * h)
        var prev = Row(w), cur = Row(w)
        defer { prev.free(); cur.free() }
        for k in 0..<w { choices[k] = firstRow(rect, start: start, cur, k: k) }
        if h > 1 {
            for i in (rect.top + 1)...rect.bottom {
                swap(&prev, &cur)
                let base = (i - rect.top) * w
                for k in 0..<w { choices[base + k] = UInt8(cell(i, rect, prev, cur, k: k)) }
            }
        }
        var state = end ?? Self.best((cur.d[w - 1], cur.x[w - 1], cur.e[w - 1])).state
        var i = rect.bottom, k = w - 1
        var reversed: [UInt8] = []
        while i > rect.top || k > 0 {
            reversed.append(UInt8(state.rawValue))
            let choice = Int(choices[(i - rect.top) * w + k] >> (2 * state.rawValue)) & 3
            switch state {
            case .diagonal: i -= 1; k -= 1
            case .missing: i -= 1
            case .extra: k -= 1
            }
            state = State(rawValue: choice)!
        }
        out.append(contentsOf: reversed.reversed())
    }
}
