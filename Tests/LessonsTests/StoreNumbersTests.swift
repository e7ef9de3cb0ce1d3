import Foundation
import Testing
@testable import Lessons

/// Every number of the progress store is checked on load; counters saturate. Each case trapped or was called
/// "not valid JSON" (and moved aside) before.
@Suite struct StoreNumbersTests {
    typealias Dir = ProgressStoreTests.Dir

    static let good = """
        {"version": 1, "points": 10, "activity": {"2026-11-20": 2},
         "dictations": [{"cue": 1, "reference": "Hallo", "typed": "halo", "accuracy": 0.8, "review": false,
                         "points": 8, "at": 1795000000, "day": "2026-11-20"}],
         "positions": {"cafe": {"seconds": 42.5, "at": 1795000000}},
         "review": {"repeatMastered": true, "items": [{"key": "k", "reference": "Hallo", "level": 1,
                    "correctAtLevel": 0, "due": "2026-11-21", "added": "2026-11-20", "answers": 0}]}}
        """

    /// `good` with one replacement; returns the store's error text, after checking the file was left as it was.
    func refusal(_ from: String, _ to: String) throws -> String {
        let dir = Dir()
        defer { dir.remove() }
        let text = Self.good.replacingOccurrences(of: from, with: to)
        #expect(text != Self.good)
        let store = ProgressStore(directory: dir.path, onDamaged: { Issue.record("moved aside: \($0)") })
        #expect(FileManager.default.createFile(atPath: store.path, contents: Data(text.utf8)))
        var message = ""
        do {
            try store.update { _ in }
            Issue.record("\(to) was accepted")
        } catch let e as ProgressError {
            message = e.description
        }
        #expect(FileManager.default.contents(atPath: store.path) == Data(text.utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains("damaged") }.isEmpty)
        return message
    }

    @Test func theGoodFileLoads() throws {
        let dir = Dir()
        defer { dir.remove() }
        let store = ProgressStore(directory: dir.path)
        #expect(FileManager.default.createFile(atPath: store.path, contents: Data(Self.good.utf8)))
        let data = try store.read()
        #expect(data.points == 10 && data.review.items.first?.level == 1 && data.positions["cafe"]?.seconds == 42.5)
    }

    @Test func outOfRangeNumbersAreNamedWithFieldAndRangeAndTheFileIsKept() throws {
        let points = try refusal("\"points\": 10", "\"points\": 9223372036854775807")
        #expect(points.contains("progress.json: points is") && points.contains("out of range")
                && points.contains("0 to 1000000000000"))
        // Valid JSON that no Double holds: out of range at its line and column, the file kept, not moved aside.
        let beyond = try refusal("\"points\": 10", "\"points\": 1e309")
        #expect(beyond.contains("progress.json:") && beyond.contains("is 1e309: out of range") && !beyond.contains("not valid JSON"), "\(beyond)")
        #expect(try refusal("\"seconds\": 42.5", "\"seconds\": -1e400").contains("is -1e400: out of range"))
        let huge = try refusal("\"points\": 10", "\"points\": 1e30")
        #expect(huge.contains("points is 1e+30: out of range") && !huge.contains("not valid JSON"))
        #expect(try refusal("\"level\": 1", "\"level\": -1").contains("review.items[0].level is -1: out of range (expected a whole number from 1 to 5)"))
        #expect(try refusal("\"seconds\": 42.5", "\"seconds\": 1e300").contains("positions.cafe.seconds is 1e+300: out of range"))
        #expect(try refusal("\"accuracy\": 0.8", "\"accuracy\": 7").contains("dictations[0].accuracy is 7"))
        #expect(try refusal("\"2026-11-20\": 2", "\"2026-11-20\": -3").contains("activity.2026-11-20 is -3"))
        #expect(try refusal("\"answers\": 0", "\"answers\": 2.5").contains("review.items[0].answers is 2.5"))
        #expect(try refusal("\"at\": 1795000000, \"day\"", "\"at\": 1e300, \"day\"").contains("dictations[0].at is 1e+300"))
        #expect(try refusal("\"due\": \"2026-11-21\"", "\"due\": \"9223372036854775807-03-01\"").contains("review.items[0].due"))
        #expect(try refusal("\"version\": 1", "\"version\": -1").contains("version is -1"))
    }

    @Test func countersSaturateInsteadOfTrapping() {
        var data = ProgressData()
        let at = Date(timeIntervalSince1970: 1_795_000_000)
        let day = Day(at, calendar: ProgressStoreTests.utc).description
        data.points = Int.max
        data.activity[day] = Int.max
        data.recordDictation(Comparison(reference: "ja", typed: "ja"), lesson: nil, cue: 1, at: at, calendar: ProgressStoreTests.utc)
        #expect(data.points == StoreLimits.count.upperBound)
        #expect(data.activity[day] == StoreLimits.count.upperBound)
        #expect(Points.gameRound(correct: Int.max) == 2 * StoreLimits.count.upperBound)
        var item = ReviewItem(key: "k", lesson: nil, reference: "x", level: -1, correctAtLevel: 0,
                              due: Day(number: 0), added: Day(number: 0), answers: Int.max)
        #expect(ReviewPool.intervals[0].contains(ReviewPool.interval(for: item)))
        item.level = 1
        var pool = ReviewPool()
        pool.items = [item]
        pool.answer(key: "k", perfect: false, on: Day(number: 1))
        #expect(pool.items[0].answers == StoreLimits.count.upperBound)
    }
}
