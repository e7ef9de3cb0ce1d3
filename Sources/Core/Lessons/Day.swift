import Foundation
import TextFormat

/// A local calendar day as a day number (days since 1970-01-01), so day arithmetic never meets DST or leap seconds.
/// Stored as "yyyy-mm-dd".
public struct Day: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var number: Int

    public init(number: Int) { self.number = number }

    public init(year: Int, month: Int, day: Int) {
        // Days from civil: shift the year to start in March so the leap day is the year's last.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        number = era * 146097 + doe - 719468
    }

    /// The day `date` falls on in `calendar`'s time zone: that is where "local" comes in, and only here.
    public init(_ date: Date, calendar: Calendar) {
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1)
    }

    public init?(_ text: String) {
        let parts = text.split(separator: "-")
        // Years 1–9999 ("yyyy"): the day arithmetic below must not overflow for any text.
        guard parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...9999).contains(y), (1...12).contains(m), (1...31).contains(d) else { return nil }
        self.init(year: y, month: m, day: d)
        guard self.description == String(format: "%04d-%02d-%02d", y, m, d) else { return nil }
    }

    public var components: (year: Int, month: Int, day: Int) {
        let z = number + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday).
    public var weekday: Int { ((number % 7) + 7 + 3) % 7 }

    public var description: String {
        let c = components
        return String(format: "%04d-%02d-%02d", c.year, c.month, c.day)
    }

    public static func + (a: Day, days: Int) -> Day { Day(number: a.number + days) }
    public static func - (a: Day, days: Int) -> Day { Day(number: a.number - days) }
    public static func < (a: Day, b: Day) -> Bool { a.number < b.number }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = Day(text) else {
            let field = decoder.codingPath.map { k in k.intValue.map { "[\($0)]" } ?? "." + k.stringValue }.joined()
            throw OutOfRange(field: String(field.drop { $0 == "." }), value: "\"\(text)\"", expected: "a day yyyy-mm-dd, years 1 to 9999")
        }
        self = day
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

public enum Streak {
    /// Consecutive active days ending today, or ending yesterday while today is still open; a missed day ends it.
    public static func length(activeDays: Set<Day>, today: Day) -> Int {
        var day = today
        if !activeDays.contains(day) { day = today - 1 }
        var count = 0
        while activeDays.contains(day) {
            count += 1
            day = day - 1
        }
        return count
    }
}
