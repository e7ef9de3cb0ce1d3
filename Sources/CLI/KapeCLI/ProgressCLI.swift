import ArgumentParser
import Foundation
import Lessons
import Glibc
import Platform

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

    /// `KAPE_NOW` (seconds since 1970) pins the clock for tests and demos; otherwise the system clock.
    static func now() -> Date {
        if let text = ProcessInfo.processInfo.environment["KAPE_NOW"], let t = Double(text) {
            return Date(timeIntervalSince1970: t)
        }
        return Date()
    }

    static func today() -> Day { Day(now(), calendar: calendar) }
}
