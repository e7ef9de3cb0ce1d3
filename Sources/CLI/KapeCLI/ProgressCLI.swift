import ArgumentParser
import Foundation
import Lessons
import Platform
import TextFormat

/// Where the commands find the store, the clock and the calendar.
enum ProgressCLI {
    static func store() throws -> ProgressStore {
        ProgressStore(directory: ProgressStore.defaultDirectory(),
                      onDamaged: { Console.err("kape: warning: \($0)\n") })
    }

    /// The vocabulary (`words.json`) beside the progress store.
    static func vocabulary() throws -> VocabularyStore {
        VocabularyStore(directory: ProgressStore.defaultDirectory(),
                        onDamaged: { Console.err("kape: warning: \($0)\n") })
    }

    /// Local time zone (TZ) and Gregorian days.
    static var calendar: Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone.current
        return c
    }

    /// `KAPE_NOW` (seconds since 1970) pins the clock for tests and demos; otherwise the system clock (kept
    /// within the store's range, so a clock set to 1969 cannot write a time the store then refuses).
    static func now() -> Date {
        if let text = ProcessInfo.processInfo.environment["KAPE_NOW"], let t = Double(text), StoreLimits.time.contains(t) {
            return Date(timeIntervalSince1970: t)
        }
        let t = Date().timeIntervalSince1970
        return Date(timeIntervalSince1970: min(max(t, StoreLimits.time.lowerBound), StoreLimits.time.upperBound))
    }

    /// What is wrong with `KAPE_NOW`, checked before any command runs: a time the store cannot hold (before 1970,
    /// after year 9999, NaN) was recorded and then locked the learner out of every store command.
    static func clockProblem(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let text = environment["KAPE_NOW"] else { return nil }
        if let t = Double(text), StoreLimits.time.contains(t) { return nil }
        return "KAPE_NOW=\(printable(String(text.prefix(40)))): expected seconds since 1970, from 0 to "
            + "\(Int(StoreLimits.time.upperBound)) (the end of year 9999); unset it to use the system clock"
    }

    static func today() -> Day { Day(now(), calendar: calendar) }
}
