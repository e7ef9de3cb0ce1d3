import Foundation
import TextFormat

/// What the store keeps of records it no longer holds one by one: the totals that `kape stats` and the points
/// rules need. Without it the store grew with every phrase typed until it passed what its own reader accepts.
public struct ProgressSummary: Sendable, Codable, Equatable {
    /// Dictation and review answers folded in, their accuracies added up, their points.
    public var dictations = 0
    public var dictationAccuracy = 0.0
    public var dictationPoints = 0
    public var gameRounds = 0
    public var gameRoundPoints = 0
    public var lessonCompletions = 0
    /// Every lesson with a completion folded in (so "completed" and the first-time points stay right).
    public var lessonsDone: [String] = []
    /// The newest day folded in.
    public var through: Day?

    public init() {}

    public var isEmpty: Bool { self == ProgressSummary() }

    enum CodingKeys: String, CodingKey {
        case dictations, dictationAccuracy, dictationPoints, gameRounds, gameRoundPoints, lessonCompletions, lessonsDone, through
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        dictations = try c.integer(.dictations, in: StoreLimits.count, default: 0)
        dictationAccuracy = try c.real(.dictationAccuracy, in: 0...Double(StoreLimits.count.upperBound), default: 0)
        dictationPoints = try c.integer(.dictationPoints, in: StoreLimits.count, default: 0)
        gameRounds = try c.integer(.gameRounds, in: StoreLimits.count, default: 0)
        gameRoundPoints = try c.integer(.gameRoundPoints, in: StoreLimits.count, default: 0)
        lessonCompletions = try c.integer(.lessonCompletions, in: StoreLimits.count, default: 0)
        lessonsDone = try c.decodeIfPresent([String].self, forKey: .lessonsDone) ?? []
        through = try c.decodeIfPresent(Day.self, forKey: .through)
    }
}

/// How many records the store keeps one by one (docs/LESSONS.md, "Bounded store"): the newest, up to a count and
/// a size; older ones are folded into `ProgressSummary` and appended to the archive file. An update then costs
/// the same after ten years as after one month.
public enum StoreRetention {
    public static let dictations = 2_000
    public static let gameRounds = 1_000
    public static let lessonCompletions = 1_000
    /// Bytes of dictation text (reference + typed, UTF-8) kept; 20 000-character answers would otherwise let
    /// 2 000 records reach hundreds of MB.
    public static let dictationTextBytes = 4 << 20
}

extension ProgressData {
    /// Folds the records past `StoreRetention` into `summary`, oldest first; returns the dictation results taken
    /// out (the store appends them to its archive).
    public mutating func foldOldRecords() -> [DictationResult] {
        var keep = 0, bytes = 0
        for r in dictations.reversed() {
            let size = r.reference.utf8.count + r.typed.utf8.count
            guard keep < StoreRetention.dictations, bytes + size <= StoreRetention.dictationTextBytes || keep == 0 else { break }
            keep += 1
            bytes += size
        }
        let old = Array(dictations.prefix(dictations.count - keep))
        if !old.isEmpty {
            dictations.removeFirst(old.count)
            for r in old {
                summary.dictations = StoreLimits.add(summary.dictations, 1)
                summary.dictationAccuracy += r.accuracy
                summary.dictationPoints = StoreLimits.add(summary.dictationPoints, r.points)
                summary.through = max(summary.through ?? r.day, r.day)
            }
        }
        if gameRounds.count > StoreRetention.gameRounds {
            let n = gameRounds.count - StoreRetention.gameRounds
            for r in gameRounds.prefix(n) {
                summary.gameRounds = StoreLimits.add(summary.gameRounds, 1)
                summary.gameRoundPoints = StoreLimits.add(summary.gameRoundPoints, r.points)
                summary.through = max(summary.through ?? r.day, r.day)
            }
            gameRounds.removeFirst(n)
        }
        if lessonsCompleted.count > StoreRetention.lessonCompletions {
            let n = lessonsCompleted.count - StoreRetention.lessonCompletions
            var done = Set(summary.lessonsDone)
            for r in lessonsCompleted.prefix(n) {
                summary.lessonCompletions = StoreLimits.add(summary.lessonCompletions, 1)
                done.insert(r.lesson)
                summary.through = max(summary.through ?? r.day, r.day)
            }
            summary.lessonsDone = done.sorted()
            lessonsCompleted.removeFirst(n)
        }
        return old
    }

    /// Dictation and review answers ever given, those folded into the summary included.
    public var dictationCount: Int { StoreLimits.add(summary.dictations, dictations.count) }

    /// Mean accuracy over every answer ever given (0 with none).
    public var meanDictationAccuracy: Double {
        let n = dictationCount
        return n == 0 ? 0 : (summary.dictationAccuracy + dictations.reduce(0) { $0 + $1.accuracy }) / Double(n)
    }
}
