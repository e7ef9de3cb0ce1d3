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
        // The kernel prints scales with nine decimals at most (IIO_VAL_INT_PLUS_NANO and the fractional forms).
        if v < 1e-9 { return "\(v) is below the kernel's smallest scale, 0.000000001" }
        return nil
    }

    /// An offset (raw units, added before the scale): missing is 0 and no problem; anything but a finite number
    /// within an int's range (the kernel's IIO_VAL_INT and INT_PLUS_MICRO) is refused with the reason, and the caller
    /// uses 0 and says so: 1e308 saturated every frame and the device never calibrated, without a word.
    public static func offsetProblem(_ text: String?) -> String? {
        guard let text else { return nil }
        guard let v = number(text) else { return "\"\(text.prefix(24))\" is not a number" }
        if abs(v) > Double(Int32.max) { return "\(v) is beyond any raw value" }
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

    /// The highest rate Kape asks a sensor for.
    public static let maximumRate = 1000.0

    /// The rate to ask for: the available one closest to `wanted`, above 0 and never above 1 kHz; nil when the
    /// sensor offers none such (a garbled list, a range below 0 or wholly above 1 kHz), and the rate is left alone.
    public static func choose(_ wanted: Double, from a: Available) -> Double? {
        switch a {
        case .list(let values):
            return values.filter { $0 > 0 && $0 <= maximumRate }.min { abs($0 - wanted) < abs($1 - wanted) }
        case .range(let lo, let step, let hi):
            let top = min(hi, maximumRate)
            guard top > 0, lo <= top else { return nil }
            let near = min(max(wanted, lo), top)
            guard step > 0 else { return near > 0 ? near : nil }
            // The grid point nearest `near`, or a neighbour when rounding left the range; a step too fine for
            // the arithmetic (the quotient overflows) leaves `near` as it is: it is on the grid to a Double's
            // precision.
            let k = ((near - lo) / step).rounded()
            guard k.isFinite else { return near > 0 ? near : nil }
            for i in [k, k - 1, k + 1] {
                let v = lo + i * step
                if v.isFinite, v > 0, v >= lo, v <= top { return v }
            }
            return nil
        }
    }
}
