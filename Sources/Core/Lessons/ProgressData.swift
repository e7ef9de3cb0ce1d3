import Foundation
import Platform
import TextFormat

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
    /// Target language of the German dictionary words are looked up in: FreeDict's `deu-L` (`kape word --lang`).
    public var dictionaryLanguage = "eng"

    public init() {}

    /// A FreeDict language code: 2–16 ASCII letters or hyphens (eng, fra, ita, pt-br).
    public static func isLanguageCode(_ s: String) -> Bool {
        (2...16).contains(s.utf8.count) && s.utf8.allSatisfy { (97...122).contains($0) || $0 == 45 }
    }

    /// The player's own range: the speed a lesson may start at is one it can play at.
    public static let speedRange = ShadowMachine.speedRange
    public static let loopTimesRange = 1...99
    public static let loopPauseRange = 0.0...30.0

    enum CodingKeys: String, CodingKey { case defaultSpeed, loopTimes, loopPause, dictionaryLanguage }

    /// Missing fields take their defaults; a value out of range is refused (`OutOfRange`), never replaced: the
    /// rest of the store is the learner's and must not be moved aside for a typo here.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        defaultSpeed = try c.real(.defaultSpeed, in: Self.speedRange, default: 1)
        loopTimes = try c.integer(.loopTimes, in: Self.loopTimesRange, default: 3)
        loopPause = try c.real(.loopPause, in: Self.loopPauseRange, default: 0)
        let language = try c.decodeIfPresent(String.self, forKey: .dictionaryLanguage) ?? "eng"
        guard Self.isLanguageCode(language) else {
            throw OutOfRange(field: (c.codingPath.map(\.stringValue) + ["dictionaryLanguage"]).joined(separator: "."),
                             value: "'\(language.prefix(20))'", expected: "a FreeDict language code such as eng or fra")
        }
        dictionaryLanguage = language
    }
}

public struct SavedPosition: Sendable, Codable, Equatable {
    public var seconds: Double
    public var at: Date
}

// Every stored number is checked for its field's range as it is read (`StoreNumbers.swift`).
extension DictationResult {
    enum CodingKeys: String, CodingKey { case lesson, cue, reference, typed, accuracy, review, points, at, day }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        lesson = try c.decodeIfPresent(String.self, forKey: .lesson)
        cue = try c.integer(.cue, in: StoreLimits.count)
        reference = try c.decode(String.self, forKey: .reference)
        typed = try c.decode(String.self, forKey: .typed)
        accuracy = try c.real(.accuracy, in: 0...1)
        review = try c.decode(Bool.self, forKey: .review)
        points = try c.integer(.points, in: StoreLimits.count)
        at = try c.time(.at)
        day = try c.decode(Day.self, forKey: .day)
    }
}

extension LessonCompletion {
    enum CodingKeys: String, CodingKey { case lesson, points, at, day }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        lesson = try c.decode(String.self, forKey: .lesson)
        points = try c.integer(.points, in: StoreLimits.count)
        at = try c.time(.at)
        day = try c.decode(Day.self, forKey: .day)
    }
}

extension GameRound {
    enum CodingKeys: String, CodingKey { case deck, correct, passed, points, at, day }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        deck = try c.decode(String.self, forKey: .deck)
        correct = try c.integer(.correct, in: StoreLimits.count)
        passed = try c.integer(.passed, in: StoreLimits.count)
        points = try c.integer(.points, in: StoreLimits.count)
        at = try c.time(.at)
        day = try c.decode(Day.self, forKey: .day)
    }
}

extension SavedPosition {
    enum CodingKeys: String, CodingKey { case seconds, at }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        seconds = try c.real(.seconds, in: StoreLimits.position)
        at = try c.time(.at)
    }
}

/// Point rules (docs/LESSONS.md): the one place they are decided.
public enum Points {
    public static func dictation(accuracy: Double) -> Int {
        Int(saturating: (max(0, min(1, accuracy)) * 10).rounded()) + (accuracy >= 1 ? 5 : 0)
    }
    public static func lesson(firstTime: Bool) -> Int { firstTime ? 50 : 10 }
    public static func gameRound(correct: Int) -> Int { 2 * min(max(0, correct), StoreLimits.count.upperBound) }
}

/// Everything the progress store holds. Each record keeps its local day, so a later time-zone change never moves
/// past activity to another day.
public struct ProgressData: StoreDocument, Equatable {
    public var version = ProgressData.currentVersion
    public var points = 0
    public var dictations: [DictationResult] = []
    public var lessonsCompleted: [LessonCompletion] = []
    public var positions: [String: SavedPosition] = [:]
    public var gameRounds: [GameRound] = []
    /// Day → number of activities that day (dictations, lessons, rounds).
    public var activity: [String: Int] = [:]
    public var review = ReviewPool()
    public var listening = ListeningSettings()
    /// Records folded out of the lists above (`foldOldRecords`).
    public var summary = ProgressSummary()

    public init() {}

    /// The newest format this build reads and writes. 2 added `summary`: a kape that read 1 would drop it on its
    /// next save, so it must refuse the file instead.
    public static let currentVersion = 2
    public static let baseName = "progress"

    public var whatToTrim: String {
        "it holds \(review.items.count) review phrases and \(positions.count) saved positions: back it up, then delete old "
            + "entries of \"review\" → \"items\" or \"positions\", or move it aside to start a new store"
    }
    public static let kind = InputFile.Kind.progress

    enum CodingKeys: String, CodingKey {
        case version, points, dictations, lessonsCompleted, positions, gameRounds, activity, review, listening, summary
    }

    /// Missing sections decode as empty, so a store written before a section existed is not "damaged".
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.integer(.version, in: 1...Self.currentVersion)
        points = try c.integer(.points, in: StoreLimits.count, default: 0)
        dictations = try c.decodeIfPresent([DictationResult].self, forKey: .dictations) ?? []
        lessonsCompleted = try c.decodeIfPresent([LessonCompletion].self, forKey: .lessonsCompleted) ?? []
        positions = try c.decodeIfPresent([String: SavedPosition].self, forKey: .positions) ?? [:]
        gameRounds = try c.decodeIfPresent([GameRound].self, forKey: .gameRounds) ?? []
        if c.contains(.activity) {
            let days = try c.nestedContainer(keyedBy: AnyKey.self, forKey: .activity)
            for key in days.allKeys { activity[key.stringValue] = try days.integer(key, in: StoreLimits.count) }
        }
        review = try c.decodeIfPresent(ReviewPool.self, forKey: .review) ?? ReviewPool()
        listening = try c.decodeIfPresent(ListeningSettings.self, forKey: .listening) ?? ListeningSettings()
        summary = try c.decodeIfPresent(ProgressSummary.self, forKey: .summary) ?? ProgressSummary()
    }

    public var activeDays: Set<Day> { Set(activity.compactMap { $0.value > 0 ? Day($0.key) : nil }) }
    public func streak(today: Day) -> Int { Streak.length(activeDays: activeDays, today: today) }
    public var lessonsDone: Set<String> { Set(lessonsCompleted.map(\.lesson)).union(summary.lessonsDone) }

    /// Counters saturate at the top of their range rather than trap.
    mutating func touch(_ day: Day, points earned: Int) {
        activity[day.description] = StoreLimits.add(activity[day.description] ?? 0, 1)
        points = StoreLimits.add(points, earned)
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

    /// A saved word reviewed (its schedule lives in the vocabulary): points and activity like a review phrase.
    @discardableResult
    public mutating func recordWordReview(_ c: Comparison, at: Date, calendar: Calendar) -> Int {
        let earned = Points.dictation(accuracy: c.accuracy)
        touch(Day(at, calendar: calendar), points: earned)
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

/// Any key: the activity map's days.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
