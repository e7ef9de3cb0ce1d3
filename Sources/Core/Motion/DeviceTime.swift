/// A time on a motion device's own timeline, in seconds: an event's time as the node stamped it (CLOCK_MONOTONIC
/// or CLOCK_REALTIME), an evemu trace's `E:` time, a CSV's `t`. Samples, gestures and calibration carry it
/// (`stamp`); it is never an arrival (`MonoInstant`: when input reached Kape) nor the estimator's sample clock
/// (`MotionSample.time`, advanced by MSC_TIMESTAMP), so none of the three can be taken for another: a crossing
/// is spelt out (`.seconds`, `advanced(by:)`). See ARCHITECTURE.md, "Clocks".
public struct DeviceTime: Comparable, Hashable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public var seconds: Double

    @inline(__always)
    public init(seconds: Double) { self.seconds = seconds }

    /// An event time in µs (`InputEvent.micros`): the one conversion from the kernel's unit.
    @inline(__always)
    public init(micros: Int64) { seconds = Double(micros) * 1e-6 }

    /// Seconds from `b` to `a`: a duration, no longer a time on any clock.
    @inline(__always)
    public static func - (a: DeviceTime, b: DeviceTime) -> Double { a.seconds - b.seconds }

    /// `seconds` later (earlier when negative) on the same timeline.
    @inline(__always)
    public func advanced(by seconds: Double) -> DeviceTime { DeviceTime(seconds: self.seconds + seconds) }

    @inline(__always)
    public static func < (a: DeviceTime, b: DeviceTime) -> Bool { a.seconds < b.seconds }

    public static let zero = DeviceTime(seconds: 0)

    /// A constant written out (`stamp: 1.5`): a literal names its clock where it is written; a `Double` variable
    /// does not convert.
    public init(floatLiteral value: Double) { seconds = value }
    public init(integerLiteral value: Int) { seconds = Double(value) }
}
