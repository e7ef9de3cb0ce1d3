import TextFormat
/// A phrase the learner got wrong, waiting for review.
public struct ReviewItem: Sendable, Codable, Equatable {
    /// Lesson id and normalised reference: the same phrase typed wrong twice is one item.
    public var key: String
    public var lesson: String?
    public var reference: String
    /// 1…4 while learning; 5 = mastered.
    public var level: Int
    public var correctAtLevel: Int
    public var due: Day
    public var added: Day
    public var answers: Int

    public var mastered: Bool { level > ReviewPool.intervals.count }

    enum CodingKeys: String, CodingKey { case key, lesson, reference, level, correctAtLevel, due, added, answers }

    public init(key: String, lesson: String?, reference: String, level: Int, correctAtLevel: Int, due: Day, added: Day, answers: Int) {
        self.key = key; self.lesson = lesson; self.reference = reference; self.level = level
        self.correctAtLevel = correctAtLevel; self.due = due; self.added = added; self.answers = answers
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        key = try c.decode(String.self, forKey: .key)
        lesson = try c.decodeIfPresent(String.self, forKey: .lesson)
        reference = try c.decode(String.self, forKey: .reference)
        level = try c.integer(.level, in: 1...(ReviewPool.intervals.count + 1))
        correctAtLevel = try c.integer(.correctAtLevel, in: 0...(ReviewPool.correctToAdvance - 1))
        due = try c.decode(Day.self, forKey: .due)
        added = try c.decode(Day.self, forKey: .added)
        answers = try c.integer(.answers, in: StoreLimits.count)
    }
}

/// Spaced review: level 1 due every 1–2 days, 2: 3–4, 3: 7–8, 4: 14–15; 7 correct answers at a level advance it;
/// mastered phrases come back every 20 days unless `repeatMastered` is off. Days are inputs, never read from a clock.
public struct ReviewPool: Sendable, Codable, Equatable {
    public static let intervals: [ClosedRange<Int>] = [1...2, 3...4, 7...8, 14...15]
    public static let masteredInterval = 20
    public static let correctToAdvance = 7

    public var items: [ReviewItem] = []
    public var repeatMastered = true

    public init() {}

    public static func key(reference: String, lesson: String?) -> String {
        (lesson ?? "") + "\u{1F}" + String(TextNormalizer.normalize(reference))
    }

    public func due(on day: Day) -> [ReviewItem] {
        items.filter { $0.due <= day && (!$0.mastered || repeatMastered) }
    }

    /// Adds a missed phrase at level 1 (due after the level's interval); a phrase already in the pool stays as it is.
    @discardableResult
    public mutating func add(reference: String, lesson: String?, on day: Day) -> String {
        let key = Self.key(reference: reference, lesson: lesson)
        if !items.contains(where: { $0.key == key }) {
            var item = ReviewItem(key: key, lesson: lesson, reference: reference, level: 1, correctAtLevel: 0,
                                  due: day, added: day, answers: 0)
            item.due = day + Self.interval(for: item)
            items.append(item)
        }
        return key
    }

    /// Scores a review answer. Only due phrases count, so cramming early does not advance a level.
    public mutating func answer(key: String, perfect: Bool, on day: Day) {
        guard let i = items.firstIndex(where: { $0.key == key }), items[i].due <= day else { return }
        var item = items[i]
        item.answers = StoreLimits.add(item.answers, 1)
        if perfect {
            if !item.mastered {
                item.correctAtLevel += 1
                if item.correctAtLevel >= Self.correctToAdvance {
                    item.level += 1
                    item.correctAtLevel = 0
                }
            }
        } else if item.mastered {
            // A forgotten mastered phrase goes back to the last level rather than the start.
            item.level = Self.intervals.count
            item.correctAtLevel = 0
        }
        item.due = day + Self.interval(for: item)
        items[i] = item
    }

    /// Within the level's range, alternate by a stable hash of the phrase so a batch learnt together spreads out.
    static func interval(for item: ReviewItem) -> Int {
        if item.mastered { return masteredInterval }
        // Levels are checked on load; clamp anyway so no stored value can index out of the table.
        let range = intervals[min(max(item.level, 1), intervals.count) - 1]
        let span = range.upperBound - range.lowerBound + 1
        return range.lowerBound + Int((stableHash(item.key) &+ UInt64(item.answers)) % UInt64(span))
    }

    /// FNV-1a: `Hasher` is seeded per process, and the schedule must not change between runs.
    static func stableHash(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return h
    }
}
