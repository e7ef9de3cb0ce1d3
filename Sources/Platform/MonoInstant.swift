/// A CLOCK_MONOTONIC reading: when something reached Kape or must happen. Device event times are `DeviceTime`
/// (Motion) and never this type, so the two cannot be mixed (see ARCHITECTURE.md, "Clocks").
public struct MonoInstant: Comparable, Hashable, Sendable {
    public var nanos: UInt64

    @inline(__always)
    public init(nanos: UInt64) { self.nanos = nanos }

    @inline(__always)
    public static func now() -> MonoInstant { MonoInstant(nanos: MonotonicClock.nanos()) }

    /// Seconds since boot, for printing (`mono` in `kape live --json`).
    public var seconds: Double { Double(nanos) * 1e-9 }

    /// Seconds from `earlier` to this instant; negative when `earlier` is later.
    @inline(__always)
    public func seconds(since earlier: MonoInstant) -> Double {
        nanos >= earlier.nanos ? Double(nanos - earlier.nanos) * 1e-9 : -Double(earlier.nanos - nanos) * 1e-9
    }

    /// This instant moved by `seconds` (saturating at the clock's ends; NaN moves nothing).
    public func advanced(bySeconds seconds: Double) -> MonoInstant {
        let delta = UInt64(saturating: abs(seconds) * 1e9)
        return seconds >= 0 ? MonoInstant(nanos: nanos.addingReportingOverflow(delta).overflow ? .max : nanos + delta)
                            : MonoInstant(nanos: delta > nanos ? 0 : nanos - delta)
    }

    @inline(__always)
    public static func < (a: MonoInstant, b: MonoInstant) -> Bool { a.nanos < b.nanos }
}
