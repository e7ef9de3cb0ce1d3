// The one floating-point → integer conversion Kape uses. Swift's `Int(x)` traps on NaN, ±inf and values out of
// range, and times, rates and sizes reach those from files and options; this one cannot trap. Inlinable and
// branch-only, so the real-time paths can use it.
extension FixedWidthInteger {
    /// `value` rounded toward zero (as `init(_:)` does) and clamped to the type's range; NaN becomes 0.
    @inlinable public init<F: BinaryFloatingPoint>(saturating value: F) {
        if value.isNaN {
            self = 0
        } else if value <= F(Self.min) {
            self = .min
        } else if value >= F(Self.max) {
            // F(max) rounds up to a power of two for 64-bit types: anything at or above it is out of range.
            self = .max
        } else {
            // In range. Through Double and a concrete conversion (one instruction each once specialised): the
            // generic `init(_:)` stays a slow library call even when specialised, 2 µs a period in the S16 encoder.
            let d = Double(value)
            if d < 0 { self.init(truncatingIfNeeded: Int64(d)) } else { self.init(truncatingIfNeeded: UInt64(d)) }
        }
    }
}
