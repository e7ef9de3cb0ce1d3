/// Numbers read from stored JSON files (the progress store, the round history), each checked against its field's
/// range as it is read.

/// A number in a stored file outside what its field allows. The file is refused as it is (never moved aside or
/// reset): it is valid JSON, and all but this value is the learner's.
public struct OutOfRange: Error, Sendable, CustomStringConvertible {
    public var field: String
    public var value: String
    public var expected: String
    public var description: String { "\(field) is \(value): out of range (expected \(expected))" }
    public init(field: String, value: String, expected: String) {
        self.field = field; self.value = value; self.expected = expected
    }
}

extension KeyedDecodingContainer {
    /// A whole number in `range`. Read as a double first, so `1e30` or `-1` is "out of range", not "not valid JSON".
    public func integer(_ key: Key, in range: ClosedRange<Int>, default fallback: Int? = nil) throws -> Int {
        guard let value = try number(key, required: fallback == nil) else { return fallback! }
        guard value.isFinite, value.rounded() == value, value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw OutOfRange(field: field(key), value: Self.show(value),
                             expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(value)
    }

    public func real(_ key: Key, in range: ClosedRange<Double>, default fallback: Double? = nil) throws -> Double {
        guard let value = try number(key, required: fallback == nil) else { return fallback! }
        guard value.isFinite, range.contains(value) else {
            throw OutOfRange(field: field(key), value: Self.show(value),
                             expected: "\(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    private func number(_ key: Key, required: Bool) throws -> Double? {
        required ? try decode(Double.self, forKey: key) : try decodeIfPresent(Double.self, forKey: key)
    }

    /// `dictations[3].points`, `positions.cafe.seconds`.
    public func field(_ key: Key) -> String {
        String((codingPath + [key]).map { k in k.intValue.map { "[\($0)]" } ?? "." + k.stringValue }
            .joined().drop { $0 == Character(".") })
    }

    private static func show(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
