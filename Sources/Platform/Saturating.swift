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
            self.init(value)
        }
    }
}
