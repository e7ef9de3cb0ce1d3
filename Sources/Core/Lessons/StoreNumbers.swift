import Foundation
import TextFormat

/// Ranges of the store's numbers: far beyond real use, far below where arithmetic on them could overflow.
public enum StoreLimits {
    /// Points, activity counts, answers, cue numbers.
    public static let count = 0...1_000_000_000_000
    /// Saved playback positions (seconds).
    public static let position = 0.0...1_000_000.0
    /// Times (seconds since 1970): up to the end of year 9999.
    public static let time = 0.0...253_402_300_799.0

    /// `a + b` kept within `count` (stored counters saturate instead of trapping).
    public static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? count.upperBound : min(count.upperBound, max(count.lowerBound, sum))
    }
}

extension KeyedDecodingContainer {
    /// A time stored as seconds since 1970.
    func time(_ key: Key) throws -> Date {
        Date(timeIntervalSince1970: try real(key, in: StoreLimits.time))
    }
}
