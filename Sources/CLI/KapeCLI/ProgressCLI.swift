import ArgumentParser
import Foundation
import Lessons
import Glibc
import Platform

/// Where the commands find the store, the clock and the calendar.
enum ProgressCLI {
    static func store() throws -> ProgressStore {
        ProgressStore(directory: ProgressStore.defaultDirectory(),
                      onDamaged: { FileHandleOutput.stderr("kape: warning: \($0)\n") })
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

/// Hidden: appends `count` perfect dictation results, one locked update each, and prints each index once it is on
/// disk. The crash and concurrency tests run it and kill it.
struct StoreWriter: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "debug-store-writer", shouldDisplay: false)

    @Option var count = 50
    @Option var tag = "w"
    @Option(help: "Die by SIGKILL at this phase of a save …") var killAt: String?
    @Option(help: "… of the Nth update (1-based).") var killOn = 1

    func validate() throws {
        try OptionCheck.number(count, "--count", 0...1_000_000)
        try OptionCheck.number(killOn, "--kill-on", 1...1_000_000)
    }

    func run() throws {
        var store = try ProgressCLI.store()
        if let killAt {
            guard let phase = ProgressStore.SavePhase(rawValue: killAt) else { throw ValidationError("unknown phase \(killAt)") }
            let saves = Counter()
            let target = killOn
            store.savePhaseHook = { p in
                if p == .tempOpened { saves.increment() }
                if p == phase && saves.value == target { raise(SIGKILL) }
            }
        }
        for i in 0..<count {
            let phrase = "\(tag) \(i)"
            try store.update { data in
                data.recordDictation(Comparison(reference: phrase, typed: phrase), lesson: tag, cue: i,
                                     at: ProgressCLI.now(), calendar: ProgressCLI.calendar)
            }
            FileHandleOutput.stdout("\(i)\n")
        }
    }
}

/// Save counter for the kill hook; the writer is single-threaded, the lock only satisfies Sendable.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
