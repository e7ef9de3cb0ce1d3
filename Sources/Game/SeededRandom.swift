/// SplitMix64: a small seedable generator so a round's card order is reproducible from `--seed`.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

public enum CardOrder {
    /// Shuffles the deck; cards played in the previous round go after all the others, so they come back only
    /// once everything else has been seen.
    public static func make(cards: [String], previous: Set<String>, seed: UInt64) -> [String] {
        var rng = SeededRandom(seed: seed)
        var fresh = cards.filter { !previous.contains($0) }
        var played = cards.filter { previous.contains($0) }
        shuffle(&fresh, &rng)
        shuffle(&played, &rng)
        return fresh + played
    }

    /// Our own Fisher–Yates: the standard library's shuffle may change between toolchains, the fixtures may not.
    static func shuffle(_ a: inout [String], _ rng: inout SeededRandom) {
        guard a.count > 1 else { return }
        for i in stride(from: a.count - 1, to: 0, by: -1) {
            let j = Int(rng.next() % UInt64(i + 1))
            a.swapAt(i, j)
        }
    }
}
