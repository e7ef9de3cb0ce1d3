import Foundation
import Platform

public struct DictationResult: Sendable, Codable, Equatable {
    public var lesson: String?
    public var cue: Int
    public var reference: String
    public var typed: String
    public var accuracy: Double
    public var review: Bool
    public var points: Int
    public var at: Date
    public var day: Day
}

public struct LessonCompletion: Sendable, Codable, Equatable {
    public var lesson: String
    public var points: Int
    public var at: Date
    public var day: Day
}

public struct GameRound: Sendable, Codable, Equatable {
    public var deck: String
    public var correct: Int
    public var passed: Int
    public var points: Int
    public var at: Date
    public var day: Day
}

/// The learner's listening settings: what `kape shadow` starts with.
public struct ListeningSettings: Sendable, Codable, Equatable {
    /// Playback speed a lesson starts at (0.5–2.0).
    public var defaultSpeed = 1.0
    /// How many times `l` plays the current line.
    public var loopTimes = 3
    /// Silence after each pass of a looped line, for the learner to speak (seconds; 0 = none).
    public var loopPause = 0.0

    public init() {}

    public static let speedRange = 0.5...2.0
    public static let loopTimesRange = 1...99
    public static let loopPauseRange = 0.0...30.0

    enum CodingKeys: String, CodingKey { case defaultSpeed, loopTimes, loopPause }

    /// Missing fields take their defaults; a value out of range is refused (`InvalidSetting`), never replaced: the
    /// rest of the store is the learner's and must not be moved aside for a typo here.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        defaultSpeed = try c.decodeIfPresent(Double.self, forKey: .defaultSpeed) ?? 1
        loopTimes = try c.decodeIfPresent(Int.self, forKey: .loopTimes) ?? 3
        loopPause = try c.decodeIfPresent(Double.self, forKey: .loopPause) ?? 0
        guard Self.speedRange.contains(defaultSpeed) else { throw InvalidSetting("listening.defaultSpeed is \(defaultSpeed): expected 0.5 to 2.0") }
        guard Self.loopTimesRange.contains(loopTimes) else { throw InvalidSetting("listening.loopTimes is \(loopTimes): expected 1 to 99") }
        guard Self.loopPauseRange.contains(loopPause) else { throw InvalidSetting("listening.loopPause is \(loopPause): expected 0 to 30 seconds") }
    }
}

/// A listening setting out of range in an otherwise good store.
public struct InvalidSetting: Error, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

public struct SavedPosition: Sendable, Codable, Equatable {
    public var seconds: Double
    public var at: Date
}

/// Point rules (docs/LESSONS.md): the one place they are decided.
public enum Points {
    public static func dictation(accuracy: Double) -> Int {
        Int(saturating: (max(0, min(1, accuracy)) * 10).rounded()) + (accuracy >= 1 ? 5 : 0)
    }
    public static func lesson(firstTime: Bool) -> Int { firstTime ? 50 : 10 }
    public static func gameRound(correct: Int) -> Int { 2 * max(0, correct) }
}

/// Everything the progress store holds. Each record keeps its local day, so a later time-zone change never moves
/// past activity to another day.
public struct ProgressData: Sendable, Codable, Equatable {
    public var version = 1
    public var points = 0
    public var dictations: [DictationResult] = []
    public var lessonsCompleted: [LessonCompletion] = []
    public var positions: [String: SavedPosition] = [:]
    public var gameRounds: [GameRound] = []
    /// Day → number of activities that day (dictations, lessons, rounds).
    public var activity: [String: Int] = [:]
    public var review = ReviewPool()
    public var listening = ListeningSettings()

    public init() {}

    /// The newest format this build reads and writes.
    public static let currentVersion = 1

    enum CodingKeys: String, CodingKey {
        case version, points, dictations, lessonsCompleted, positions, gameRounds, activity, review, listening
    }

    /// Missing sections decode as empty, so a store written before a section existed is not "damaged".
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decode(Int.self, forKey: .version)
        points = try c.decodeIfPresent(Int.self, forKey: .points) ?? 0
        dictations = try c.decodeIfPresent([DictationResult].self, forKey: .dictations) ?? []
        lessonsCompleted = try c.decodeIfPresent([LessonCompletion].self, forKey: .lessonsCompleted) ?? []
        positions = try c.decodeIfPresent([String: SavedPosition].self, forKey: .positions) ?? [:]
        gameRounds = try c.decodeIfPresent([GameRound].self, forKey: .gameRounds) ?? []
        activity = try c.decodeIfPresent([String: Int].self, forKey: .activity) ?? [:]
        review = try c.decodeIfPresent(ReviewPool.self, forKey: .review) ?? ReviewPool()
        listening = try c.decodeIfPresent(ListeningSettings.self, forKey: .listening) ?? ListeningSettings()
    }

    public var activeDays: Set<Day> { Set(activity.compactMap { $0.value > 0 ? Day($0.key) : nil }) }
    public func streak(today: Day) -> Int { Streak.length(activeDays: activeDays, today: today) }
    public var lessonsDone: Set<String> { Set(lessonsCompleted.map(\.lesson)) }

    mutating func touch(_ day: Day, points earned: Int) {
        activity[day.description, default: 0] += 1
        points += earned
    }

    /// A dictation phrase; below 100 % it joins the review pool. Returns the points earned.
    @discardableResult
    public mutating func recordDictation(_ c: Comparison, lesson: String?, cue: Int, at: Date, calendar: Calendar) -> Int {
        let day = Day(at, calendar: calendar)
        let earned = Points.dictation(accuracy: c.accuracy)
        dictations.append(DictationResult(lesson: lesson, cue: cue, reference: c.reference, typed: c.typed,
                                          accuracy: c.accuracy, review: false, points: earned, at: at, day: day))
        if !c.isPerfect { review.add(reference: c.reference, lesson: lesson, on: day) }
        touch(day, points: earned)
        return earned
    }

    /// A review answer for the pool item `key`.
    @discardableResult
    public mutating func recordReview(_ c: Comparison, key: String, at: Date, calendar: Calendar) -> Int {
        let day = Day(at, calendar: calendar)
        let item = review.items.first { $0.key == key }
        let earned = Points.dictation(accuracy: c.accuracy)
        dictations.append(DictationResult(lesson: item?.lesson, cue: 0, reference: c.reference, typed: c.typed,
                                          accuracy: c.accuracy, review: true, points: earned, at: at, day: day))
        review.answer(key: key, perfect: c.isPerfect, on: day)
        touch(day, points: earned)
        return earned
    }

    @discardableResult
    public mutating func completeLesson(_ lesson: String, at: Date, calendar: Calendar) -> Int {
        let day = Day(at, calendar: calendar)
        let earned = Points.lesson(firstTime: !lessonsDone.contains(lesson))
        lessonsCompleted.append(LessonCompletion(lesson: lesson, points: earned, at: at, day: day))
        touch(day, points: earned)
        return earned
    }

    @discardableResult
    public mutating func recordGameRound(deck: String, correct: Int, passed: Int, at: Date, calendar: Calendar) -> Int {
        let day = Day(at, calendar: calendar)
        let earned = Points.gameRound(correct: correct)
        gameRounds.append(GameRound(deck: deck, correct: correct, passed: passed, points: earned, at: at, day: day))
        touch(day, points: earned)
        return earned
    }

    /// Saving a position is not activity: it does not keep a streak alive.
    public mutating func savePosition(lesson: String, seconds: Double, at: Date) {
        positions[lesson] = SavedPosition(seconds: seconds, at: at)
    }
}
