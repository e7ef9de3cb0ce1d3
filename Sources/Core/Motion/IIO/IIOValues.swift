/// The small text formats of IIO attributes.
public enum IIOValues {
    /// A scale or offset: one finite number. Scales must also be positive and below 10⁶ per raw unit; 0, NaN, a
    /// negative or an absurd scale is refused with the reason (the caller falls back and says so).
    public static func number(_ text: String) -> Double? {
        let t = text.split(whereSeparator: { $0 == "\n" || $0 == " " }).first.map(String.init) ?? ""
        guard let v = Double(t), v.isFinite else { return nil }
        return v
    }

    public static func scaleProblem(_ text: String?) -> String? {
        guard let text else { return "missing" }
        guard let v = number(text) else { return "\"\(text.prefix(24))\" is not a number" }
        if v <= 0 { return "\(v) is not positive" }
        if v >= 1e6 { return "\(v) is absurdly large" }
        return nil
    }

    /// `*_available`: a list ("10 20 50 100") or a range ("[min step max]"). Non-numbers are skipped.
    public enum Available: Sendable, Equatable {
        case list([Double])
        case range(min: Double, step: Double, max: Double)
    }

    public static func available(_ text: String) -> Available? {
        let t = text.split(separator: "\n").first.map(String.init) ?? ""
        if t.hasPrefix("[") {
            let parts = t.dropFirst().split(whereSeparator: { $0 == " " || $0 == "]" }).compactMap { Double($0) }
            guard parts.count == 3, parts.allSatisfy(\.isFinite), parts[0] <= parts[2] else { return nil }
            return .range(min: parts[0], step: parts[1], max: parts[2])
        }
        let values = t.split(separator: " ").compactMap { Double($0) }.filter(\.isFinite)
        return values.isEmpty ? nil : .list(values)
    }

    /// The rate to ask for: the available one closest to `wanted` (never above 1 kHz).
    public static func choose(_ wanted: Double, from a: Available) -> Double {
        switch a {
        case .list(let values):
            return values.filter { $0 > 0 && $0 <= 1000 }.min { abs($0 - wanted) < abs($1 - wanted) } ?? wanted
        case .range(let lo, let step, let hi):
            var v = min(max(wanted, lo), min(hi, 1000))
            if step > 0 { v = lo + ((v - lo) / step).rounded() * step }
            return v
        }
    }
}
