
/// What each period's mix and encode cost, in 1 µs buckets up to 10 ms: written by the render thread without
/// allocation or locks, summarised by another thread once it has stopped.
final class RenderCostHistogram: @unchecked Sendable {
    private static let buckets = 10_000
    private let counts: UnsafeMutablePointer<UInt32>

    init() {
        counts = .allocate(capacity: Self.buckets)
        counts.initialize(repeating: 0, count: Self.buckets)
    }

    deinit { counts.deallocate() }

    func withMemory(_ body: (UnsafeRawPointer, Int) -> Void) {
        body(counts, Self.buckets * MemoryLayout<UInt32>.stride)
    }

    @inline(__always)
    func add(nanos: UInt64) {
        let bucket = Int(min(UInt64(Self.buckets - 1), nanos / 1000))
        counts[bucket] &+= 1
    }

    /// Percentiles in µs (bucket upper edges); zeros when nothing was rendered.
    func summary() -> (p50: Double, p99: Double, max: Double) {
        var total = 0
        for i in 0..<Self.buckets { total += Int(counts[i]) }
        guard total > 0 else { return (0, 0, 0) }
        func at(_ q: Double) -> Double {
            let rank = Int((q * Double(total)).rounded(.up))
            var seen = 0
            for i in 0..<Self.buckets {
                seen += Int(counts[i])
                if seen >= max(1, rank) { return Double(i + 1) }
            }
            return Double(Self.buckets)
        }
        var top = 0
        for i in 0..<Self.buckets where counts[i] > 0 { top = i }
        return (at(0.5), at(0.99), Double(top + 1))
    }
}
