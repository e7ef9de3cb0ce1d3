import Foundation

/// A number in a stored file outside what its field allows. The file is refused as it is (never moved aside or
/// reset): it is valid JSON, and all but this value is the learner's.
public struct OutOfRange: Error, Sendable, CustomStringConvertible {
    public var field: String
    public var value: String
    public var expected: String
    public var description: String { "\(field) is \(value): out of range (expected \(expected))" }
}

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
    /// A whole number in `range`. Read as a double first, so `1e30` or `-1` is "out of range", not "not valid JSON".
    func integer(_ key: Key, in range: ClosedRange<Int>, default fallback: Int? = nil) throws -> Int {
        guard let value = try number(key, required: fallback == nil) else { return fallback! }
        guard value.isFinite, value.rounded() == value, value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw OutOfRange(field: field(key), value: Self.show(value),
                             expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(value)
    }

    func real(_ key: Key, in range: ClosedRange<Double>, default fallback: Double? = nil) throws -> Double {
        guard let value = try number(key, required: fallback == nil) else { return fallback! }
        guard value.isFinite, range.contains(value) else {
            throw OutOfRange(field: field(key), value: Self.show(value),
                             expected: "\(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// A time stored as seconds since 1970.
    func time(_ key: Key) throws -> Date {
        Date(timeIntervalSince1970: try real(key, in: StoreLimits.time))
    }

    private func number(_ key: Key, required: Bool) throws -> Double? {
        required ? try decode(Double.self, forKey: key) : try decodeIfPresent(Double.self, forKey: key)
    }

    /// `dictations[3].points`, `positions.cafe.seconds`.
    func field(_ key: Key) -> String {
        (codingPath + [key]).map { k in k.intValue.map { "[\($0)]" } ?? "." + k.stringValue }
            .joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }

    private static func show(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
