import Dispatch
import Foundation
import Synchronization

/// The forward pass of `LinearAligner`. Every cell below the first split row carries a mark: the (column, state)
/// of the latest split row its backtrace leaves that row from; each split row keeps its own marks (pointing to the
/// split row before it). A wide pass splits its columns: the left half runs on a second thread and hands the
/// right half, row by row, its last column (costs and marks); no cell depends on a cell to its right, so the
/// result is the one thread's to the bit.
extension LinearAligner {
    /// Returns the end state (`end`, or the cheapest) and, following the marks back from the end cell, the crossing
    /// of each split row, first to last. `column` hears the last column's costs of every row (one thread then).
    func sweep(_ rect: Rect, start: State, end: State?, splits: [Int], band: ClosedRange<Int>?,
               column: (((Int, Int, Int)) -> Void)?) -> (end: State, crossings: [(Int, State)]) {
        let w = rect.right - rect.left + 1
        let first = Row(w)
        for k in 0..<w { _ = firstRow(rect, start: start, first, k: k) }
        let saved = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, 3 * w * splits.count))
        defer { first.free(); saved.deallocate() }
        let pass = PassRows(aligner: self, rect: rect, splits: splits, band: band, saved: saved)
        let right: PassHalf
        if column == nil && w >= parallelColumns && rect.bottom - rect.top >= 8 {
            let middle = w / 2
            let handover = Handover(rows: rect.bottom - rect.top + 1)
            defer { handover.free() }
            let left = PassHalf(first: first, w: w, columns: 0...middle)
            right = PassHalf(first: first, w: w, columns: (middle + 1)...(w - 1))
            defer { left.free() }
            let done = DispatchSemaphore(value: 0)
            let job = LeftJob(pass: pass, half: left, handover: handover, done: done)
            Thread { job.run() }.start()
            pass.run(right, receive: handover, publish: nil, column: nil)
            done.wait()
        } else {
            right = PassHalf(first: first, w: w, columns: 0...(w - 1))
            column?((first.d[w - 1], first.x[w - 1], first.e[w - 1]))
            pass.run(right, receive: nil, publish: nil, column: column)
        }
        defer { right.free() }
        let last = right.cur + 3 * (w - 1)
        let endState = end ?? Self.best((last[0], last[1], last[2])).state
        guard !splits.isEmpty else { return (endState, []) }
        var crossings: [(Int, State)] = []
        var mark = right.curMarks[3 * (w - 1) + endState.rawValue]
        for q in stride(from: splits.count - 1, through: 0, by: -1) {
            let (col, state) = (Int(mark / 4), Int(mark % 4))
            crossings.append((col, State(rawValue: state)!))
            if q > 0 { mark = saved[3 * w * q + 3 * (col - rect.left) + state] }
        }
        return (endState, crossings.reversed())
    }
}

/// Two rows of costs and of marks (index 3k + state) for the columns one thread computes.
final class PassHalf: @unchecked Sendable {  // owned by one thread at a time
    let columns: ClosedRange<Int>
    var prev, cur: UnsafeMutablePointer<Int>
    var prevMarks, curMarks: UnsafeMutablePointer<Int32>

    init(first: LinearAligner.Row, w: Int, columns: ClosedRange<Int>) {
        self.columns = columns
        prev = .allocate(capacity: 3 * w); cur = .allocate(capacity: 3 * w)
        prevMarks = .allocate(capacity: 3 * w); curMarks = .allocate(capacity: 3 * w)
        for k in 0..<w { cur[3 * k] = first.d[k]; cur[3 * k + 1] = first.x[k]; cur[3 * k + 2] = first.e[k] }
    }

    func free() { prev.deallocate(); cur.deallocate(); prevMarks.deallocate(); curMarks.deallocate() }
}

/// The left half's last column, row by row, for the right half: published, then counted (release/acquire).
final class Handover: @unchecked Sendable {  // each row written by one thread before rowsDone says so
    let costs: UnsafeMutablePointer<Int>
    let marks: UnsafeMutablePointer<Int32>
    let rowsDone = Atomic<Int>(0)

    init(rows: Int) {
        costs = .allocate(capacity: 3 * rows)
        marks = .allocate(capacity: 3 * rows)
    }

    func free() { costs.deallocate(); marks.deallocate() }
}

private final class LeftJob: @unchecked Sendable {  // handed to the second thread, used only there
    let pass: PassRows, half: PassHalf, handover: Handover, done: DispatchSemaphore
    init(pass: PassRows, half: PassHalf, handover: Handover, done: DispatchSemaphore) {
        self.pass = pass; self.half = half; self.handover = handover; self.done = done
    }
    func run() {
        pass.run(half, receive: nil, publish: handover, column: nil)
        done.signal()
    }
}

/// The rows of one pass: what both halves share (read only, but `saved`, whose columns they split).
final class PassRows: @unchecked Sendable {
    let aligner: LinearAligner
    let rect: LinearAligner.Rect
    let splits: [Int]
    let band: ClosedRange<Int>?
    let saved: UnsafeMutablePointer<Int32>

    init(aligner: LinearAligner, rect: LinearAligner.Rect, splits: [Int], band: ClosedRange<Int>?, saved: UnsafeMutablePointer<Int32>) {
        self.aligner = aligner; self.rect = rect; self.splits = splits; self.band = band; self.saved = saved
    }

    /// Rows top+1...bottom over `half.columns`. The arithmetic of `LinearAligner.cell`, unrolled with states
    /// interleaved and no overflow checks: costs stay below 2^62 (`AlignmentCost.unreachable` plus at most n + m
    /// units). `receive`: the column left of ours comes from the other thread; `publish`: our last column goes to it.
    func run(_ half: PassHalf, receive: Handover?, publish: Handover?, column: (((Int, Int, Int)) -> Void)?) {
        let w = rect.right - rect.left + 1
        let unit = AlignmentCost.unit, gap = AlignmentCost.gapOpen, unreachable = AlignmentCost.unreachable
        let r = aligner.r, refEdge = aligner.refEdge
        let t = aligner.t + rect.left - 1, te = aligner.typedEdge + rect.left - 1  // t[k]: the character before column k
        let lo = half.columns.lowerBound, hi = half.columns.upperBound
        var prev = half.prev, cur = half.cur, prevMarks = half.prevMarks, curMarks = half.curMarks
        defer { half.prev = prev; half.cur = cur; half.prevMarks = prevMarks; half.curMarks = curMarks }
        var i = rect.top, nextSplit = 0
        var marking = false
        if let publish {
            for s in 0..<3 { publish.costs[s] = cur[3 * hi + s] }
            publish.rowsDone.store(i, ordering: .releasing)
        }
        func blank(_ k: Int) { cur[3 * k] = unreachable; cur[3 * k + 1] = unreachable; cur[3 * k + 2] = unreachable }
        while i < rect.bottom {
            i += 1
            swap(&prev, &cur)
            if marking { swap(&prevMarks, &curMarks) }
            let rc = r[i - 1], above = refEdge[i - 1]
            let openMissing = unit &+ gap &+ above
            // Columns of this row inside the band and ours; the cells just outside read as unreachable next row.
            var from = lo, to = hi
            if let band {
                from = max(lo, i + band.lowerBound - rect.left)
                to = min(hi, i + band.upperBound - rect.left)
                if from - 1 >= lo && from - 1 <= hi { blank(from - 1) }
                if to + 1 >= lo && to + 1 <= hi { blank(to + 1) }
                if from > to && lo <= hi { blank(lo) }
            }
            var d = unreachable, e = unreachable
            if let receive {
                // The other thread's last column of this row is the cell left of ours.
                while receive.rowsDone.load(ordering: .acquiring) < i { sched_yield() }
                let row = (i - rect.top) * 3, k = lo - 1
                for s in 0..<3 { cur[3 * k + s] = receive.costs[row + s]; curMarks[3 * k + s] = receive.marks[row + s] }
                if from == lo { d = cur[3 * k]; e = cur[3 * k + 2] }
            }
            if from == 0 && from <= to {
                // Column left: only a step down.
                var bx = prev[1] &+ unit, cx: Int32 = 1
                let x0 = prev[0] &+ openMissing
                if x0 < bx { bx = x0; cx = 0 }
                cur[0] = d; cur[1] = bx; cur[2] = e
                if marking {
                    let mark = prevMarks[Int(cx)]
                    curMarks[0] = mark; curMarks[1] = mark; curMarks[2] = mark
                }
            }
            var k = max(1, from)
            while k <= to {
                let p = prev + 3 &* (k &- 1)
                let edgeBefore = te[k]
                // Diagonal from (i-1, j-1).
                var bd = p[0], cd = 0
                let d1 = p[1] &+ above
                if d1 < bd { bd = d1; cd = 1 }
                let d2 = p[2] &+ edgeBefore
                if d2 < bd { bd = d2; cd = 2 }
                // Branch-free: characters of random text match unpredictably.
                let differ = Int(rc ^ t[k])
                let nd = bd &+ (((differ | (0 &- differ)) >> 63) & unit)
                // Missing from (i-1, j).
                var bxx = p[4] &+ unit, cxx = 4
                let x1 = p[3] &+ openMissing
                if x1 < bxx { bxx = x1; cxx = 3 }
                // Extra from (i, j-1).
                let openExtra = unit &+ gap &+ edgeBefore
                var be = e &+ unit, ce = 2
                let e0 = d &+ openExtra
                if e0 < be { be = e0; ce = 0 }
                let q = cur + 3 &* k
                q[0] = nd; q[1] = bxx; q[2] = be
                if marking {
                    // Each state's mark is its chosen predecessor's (indexed loads: no unpredictable branches).
                    let pm = prevMarks + 3 &* (k &- 1), cm = curMarks + 3 &* k
                    cm[0] = pm[cd]
                    cm[1] = pm[cxx]
                    cm[2] = cm[ce &- 3]
                }
                d = nd; e = be
                k &+= 1
            }
            if let publish {
                // Our last column before the split row's reset: the other thread computes this row from it.
                let row = (i - rect.top) * 3
                let inside = from <= hi && hi <= to
                for s in 0..<3 {
                    publish.costs[row + s] = inside ? cur[3 * hi + s] : unreachable
                    publish.marks[row + s] = curMarks[3 * hi + s]
                }
                publish.rowsDone.store(i, ordering: .releasing)
            }
            if nextSplit < splits.count && i == splits[nextSplit] {
                // Our columns, and the received one, which is our next row's left neighbour.
                let first = receive == nil ? lo : lo - 1
                if nextSplit > 0 {
                    (saved + 3 * w * nextSplit + 3 * lo).update(from: curMarks + 3 * lo, count: 3 * (hi - lo + 1))
                }
                for k in first...hi {
                    let base = Int32((rect.left + k) * 4)
                    curMarks[3 * k] = base; curMarks[3 * k + 1] = base + 1; curMarks[3 * k + 2] = base + 2
                }
                nextSplit += 1
                marking = true
            }
            column?((cur[3 * w - 3], cur[3 * w - 2], cur[3 * w - 1]))
        }
    }
}
