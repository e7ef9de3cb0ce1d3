import Foundation

/// Party mode: players (or teams) take turns at the rounds, each round's score goes to whoever's turn it was, and
/// after everyone has had `turnsEach` turns the most points wins (a tie: all of them).
public struct Party: Sendable, Equatable {
    public let names: [String]
    public let turnsEach: Int
    public private(set) var scores: [Int]
    public private(set) var roundsPlayed = 0

    /// Nil for fewer than two names (there is no one to take turns with).
    public init?(names: [String], turnsEach: Int = 1) {
        let cleaned = names.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard cleaned.count >= 2, turnsEach >= 1 else { return nil }
        self.names = cleaned
        self.turnsEach = turnsEach
        scores = Array(repeating: 0, count: cleaned.count)
    }

    /// Whose turn it is (the next round's player once a round is recorded).
    public var turn: Int { roundsPlayed % names.count }
    public var current: String { names[turn] }
    public var isOver: Bool { roundsPlayed >= names.count * turnsEach }

    /// The round just played goes to the player whose turn it was; the turn passes on.
    public mutating func record(score: Int) {
        guard !isOver else { return }
        scores[turn] += score
        roundsPlayed += 1
    }

    /// The names with the most points (several on a tie).
    public var leaders: [String] {
        let best = scores.max() ?? 0
        return names.indices.filter { scores[$0] == best }.map { names[$0] }
    }

    /// Names and points, most points first (ties in turn order).
    public var standings: [(name: String, score: Int)] {
        names.indices.sorted { (scores[$0], -$0) > (scores[$1], -$1) }.map { (names[$0], scores[$0]) }
    }

    /// The same players, every score back at 0.
    public func restarted() -> Party { Party(names: names, turnsEach: turnsEach)! }
}
