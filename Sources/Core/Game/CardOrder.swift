import Motion

public enum CardOrder {
    /// Shuffles the deck; cards played in the previous round go after all the others, so they come back only
    /// once everything else has been seen.
    public static func make(cards: [String], previous: Set<String>, seed: UInt64) -> [String] {
        var rng = SeededGenerator(state: seed)
        var fresh = cards.filter { !previous.contains($0) }
        var played = cards.filter { previous.contains($0) }
        shuffle(&fresh, &rng)
        shuffle(&played, &rng)
        return fresh + played
    }

    /// Our own Fisher–Yates: the standard library's shuffle may change between toolchains, the fixtures may not.
    static func shuffle(_ a: inout [String], _ rng: inout SeededGenerator) {
        guard a.count > 1 else { return }
        for i in stride(from: a.count - 1, to: 0, by: -1) {
            let j = Int(rng.next() % UInt64(i + 1))
            a.swapAt(i, j)
        }
    }
}
