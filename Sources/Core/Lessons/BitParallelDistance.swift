/// The Levenshtein distance alone, 64 cells of a column per machine word (the bit-vector recurrence of Myers and
/// Hyyrö): about n·m/64 word steps. `LinearAligner` uses it to leave out every cell no minimal alignment can
/// pass through before it does the full work.
enum BitParallelDistance {
    static func distance(_ a: UnsafeBufferPointer<Int32>, _ b: UnsafeBufferPointer<Int32>) -> Int {
        let m = a.count
        if m == 0 { return b.count }
        if b.isEmpty { return m }
        let words = (m + 63) / 64
        // Where each character occurs in `a`, one bit per position.
        var alphabet: [Int32: Int] = [:]
        var masks: [UInt64] = []
        for (i, c) in a.enumerated() {
            let slot: Int
            if let s = alphabet[c] { slot = s } else {
                slot = alphabet.count
                alphabet[c] = slot
                masks.append(contentsOf: repeatElement(0, count: words))
            }
            masks[slot * words + i / 64] |= 1 << UInt64(i % 64)
        }
        let none = [UInt64](repeating: 0, count: words)
        var plus = [UInt64](repeating: ~0, count: words), minus = [UInt64](repeating: 0, count: words)
        var score = m
        let lastWord = (m - 1) / 64, lastBit = UInt64(1) << UInt64((m - 1) % 64)
        for c in b {
            var addCarry: UInt64 = 0, plusIn: UInt64 = 1, minusIn: UInt64 = 0
            let slot = alphabet[c]
            for w in 0..<words {
                let eq = slot.map { masks[$0 * words + w] } ?? none[w]
                let pv = plus[w], mv = minus[w]
                let xv = eq | mv
                let (s1, o1) = (eq & pv).addingReportingOverflow(pv)
                let (sum, o2) = s1.addingReportingOverflow(addCarry)
                addCarry = (o1 || o2) ? 1 : 0
                let xh = (sum ^ pv) | eq
                var ph = mv | ~(xh | pv)
                var mh = pv & xh
                if w == lastWord {
                    if ph & lastBit != 0 { score += 1 }
                    if mh & lastBit != 0 { score -= 1 }
                }
                let plusOut = ph >> 63, minusOut = mh >> 63
                ph = (ph << 1) | plusIn
                mh = (mh << 1) | minusIn
                plusIn = plusOut
                minusIn = minusOut
                plus[w] = mh | ~(xv | ph)
                minus[w] = ph & xv
            }
        }
        return score
    }
}
