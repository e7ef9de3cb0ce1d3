import Foundation
import Testing
@testable import Lessons

@Suite struct ReviewScheduleTests {
    let start = Day(year: 2026, month: 1, day: 1)

    /// A learner who answers every due phrase correctly on its due day, for a year, in a loop of days.
    @Test func levelsAdvanceWithinTheirIntervalsThenMasteredEvery20Days() {
        var pool = ReviewPool()
        let key = pool.add(reference: "Wie spät ist es?", lesson: "uhr", on: start)
        var last = start
        var gapsByLevel: [Int: [Int]] = [:]
        var masteredOn: Day?
        for n in 0..<400 {
            let today = start + n
            guard pool.due(on: today).contains(where: { $0.key == key }) else { continue }
            let level = pool.items[0].level
            gapsByLevel[level, default: []].append(today.number - last.number)
            last = today
            pool.answer(key: key, perfect: true, on: today)
            if pool.items[0].mastered && masteredOn == nil { masteredOn = today }
        }
        for level in 1...4 {
            let gaps = gapsByLevel[level] ?? []
            #expect(gaps.count == ReviewPool.correctToAdvance, "level \(level): \(gaps)")
            #expect(gaps.allSatisfy { ReviewPool.intervals[level - 1].contains($0) }, "level \(level): \(gaps)")
        }
        #expect(gapsByLevel[5]?.isEmpty == false)
        #expect(gapsByLevel[5]?.allSatisfy { $0 == 20 } == true)
        // 7 × (1–2) + 7 × (3–4) + 7 × (7–8) + 7 × (14–15) days, the last answer on the day of mastering.
        let span = masteredOn.map { $0.number - start.number } ?? -1
        #expect((7 * 25)...(7 * 29) ~= span)
    }

    @Test func wrongAndEarlyAnswersDoNotAdvance() {
        var pool = ReviewPool()
        let key = pool.add(reference: "Danke schön", lesson: nil, on: start)
        #expect(pool.due(on: start).isEmpty)  // not due on the day it was missed
        pool.answer(key: key, perfect: true, on: start)  // early: ignored
        #expect(pool.items[0].correctAtLevel == 0 && pool.items[0].answers == 0)
        let due = pool.items[0].due
        pool.answer(key: key, perfect: false, on: due)
        #expect(pool.items[0].correctAtLevel == 0 && pool.items[0].level == 1)
        #expect(ReviewPool.intervals[0].contains(pool.items[0].due.number - due.number))
    }

    @Test func masteredCanBeTurnedOffAndAForgottenOneDropsToLevel4() {
        var pool = ReviewPool()
        let key = pool.add(reference: "Tschüss", lesson: nil, on: start)
        pool.items[0].level = 5
        pool.items[0].due = start + 20
        #expect(pool.due(on: start + 20).count == 1)
        pool.repeatMastered = false
        #expect(pool.due(on: start + 400).isEmpty)
        pool.repeatMastered = true
        pool.answer(key: key, perfect: false, on: start + 20)
        #expect(pool.items[0].level == 4 && !pool.items[0].mastered)
        #expect(ReviewPool.intervals[3].contains(pool.items[0].due.number - (start + 20).number))
    }

    @Test func dictationFeedsThePoolAndPoints() {
        var data = ProgressData()
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(data.recordDictation(Comparison(reference: "Hallo Welt", typed: "hallo welt!"), lesson: "x", cue: 1,
                                     at: now, calendar: cal) == 15)
        #expect(data.review.items.isEmpty)
        #expect(data.recordDictation(Comparison(reference: "Hallo Welt", typed: "halo welt"), lesson: "x", cue: 1,
                                     at: now, calendar: cal) == 9)
        data.recordDictation(Comparison(reference: "Hallo Welt!", typed: "hallo"), lesson: "x", cue: 2, at: now, calendar: cal)
        #expect(data.review.items.count == 1)  // the same phrase twice is one item
        #expect(data.completeLesson("x", at: now, calendar: cal) == 50)
        #expect(data.completeLesson("x", at: now, calendar: cal) == 10)
        #expect(data.recordGameRound(deck: "sq", correct: 7, passed: 3, at: now, calendar: cal) == 14)
        #expect(data.points == 15 + 9 + Points.dictation(accuracy: data.dictations[2].accuracy) + 60 + 14)
    }
}
