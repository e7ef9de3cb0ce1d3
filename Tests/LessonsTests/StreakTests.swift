import Foundation
import Testing
@testable import Lessons

/// Local days and streaks in Europe/Berlin: midnight, both DST changes, missed days.
@Suite struct StreakTests {
    static let berlin: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return c
    }()

    static func at(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int = 0) -> Date {
        berlin.date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi, second: s))!
    }

    static func day(_ date: Date) -> Day { Day(date, calendar: berlin) }

    @Test func dayNumbersRoundTripAndAgreeWithFoundation() {
        for n in stride(from: -800_000, through: 800_000, by: 997) {
            let c = Day(number: n).components
            #expect(Day(year: c.year, month: c.month, day: c.day).number == n)
        }
        #expect(Day(year: 1970, month: 1, day: 1).number == 0)
        #expect(Day(year: 2024, month: 2, day: 29).description == "2024-02-29")
        #expect(Day("2023-02-29") == nil)
        #expect(Day(year: 2026, month: 11, day: 23).weekday == 0)  // a Monday
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        #expect(Day(Date(timeIntervalSince1970: 86_400 * 20_000 + 5), calendar: utc).number == 20_000)
    }

    @Test func midnightSplitsDays() {
        let before = Self.day(Self.at(2026, 5, 4, 23, 59, 59))
        let after = Self.day(Self.at(2026, 5, 5, 0, 0, 0))
        #expect(after == before + 1)
        #expect(Streak.length(activeDays: [before, after], today: after) == 2)
    }

    @Test func springForwardDayIsOneDay() {
        // 2026-03-29: 02:00 CET jumps to 03:00 CEST, a 23-hour day.
        let days = [Self.at(2026, 3, 28, 23, 30), Self.at(2026, 3, 29, 23, 30), Self.at(2026, 3, 30, 0, 30)].map(Self.day)
        #expect(days[1] == days[0] + 1 && days[2] == days[1] + 1)
        #expect(Streak.length(activeDays: Set(days), today: days[2]) == 3)
    }

    @Test func fallBackDayIsOneDay() {
        // 2026-10-25: 03:00 CEST falls back to 02:00 CET, a 25-hour day: these are 25 hours apart, same day.
        let early = Self.at(2026, 10, 25, 0, 10), late = Self.at(2026, 10, 25, 23, 50)
        #expect(late.timeIntervalSince(early) == 25 * 3600 - 20 * 60)
        #expect(Self.day(early) == Self.day(late))
        let next = Self.day(Self.at(2026, 10, 26, 0, 5))
        #expect(Streak.length(activeDays: [Self.day(early), next], today: next) == 2)
    }

    @Test func missedDayBreaksTheStreak() {
        let d = Day(year: 2026, month: 1, day: 10)
        let active: Set<Day> = [d, d + 1, d + 3]
        #expect(Streak.length(activeDays: active, today: d + 1) == 2)
        #expect(Streak.length(activeDays: active, today: d + 2) == 2)  // today not over yet
        #expect(Streak.length(activeDays: active, today: d + 3) == 1)
        #expect(Streak.length(activeDays: active, today: d + 4) == 1)
        #expect(Streak.length(activeDays: active, today: d + 5) == 0)
        #expect(Streak.length(activeDays: [], today: d) == 0)
    }

    @Test func recordsKeepTheirLocalDay() {
        var data = ProgressData()
        // 23:30 in Berlin is 22:30 UTC: Berlin's day, not UTC's, counts.
        data.completeLesson("a", at: Self.at(2026, 6, 1, 23, 30), calendar: Self.berlin)
        data.completeLesson("b", at: Self.at(2026, 6, 2, 0, 30), calendar: Self.berlin)
        #expect(data.streak(today: Day(year: 2026, month: 6, day: 2)) == 2)
        #expect(data.activity == ["2026-06-01": 1, "2026-06-02": 1])
    }
}
