/// Replay's stand-in for the live reader's poll timeout: a device that sends nothing has not changed, and the
/// detector must see that time pass (to calibrate a silent device, to let a held tilt fire). Between samples
/// further apart than `interval` it yields tick times every `interval`, as live input would have.
public struct SilenceTicks: Sendable {
    public let interval: Double
    private var last: DeviceTime?

    public init(interval: Double) { self.interval = interval }

    /// Calls `tick` for each silent interval before a sample stamped `stamp`, then remembers it.
    @inline(__always)
    public mutating func before(_ stamp: DeviceTime, _ tick: (DeviceTime) throws -> Void) rethrows {
        if let l = last, interval > 0 {
            var t = l.advanced(by: interval)
            while t.seconds < stamp.seconds - 1e-9 {
                try tick(t)
                t = t.advanced(by: interval)
            }
        }
        last = stamp
    }
}

extension GestureDetector {
    /// One sample, preceded by the ticks for any silence before it: replay's equivalent of live input.
    @inline(__always)
    public mutating func process(_ s: MotionSample, ticks: inout SilenceTicks, _ event: (TiltEvent) throws -> Void) rethrows {
        try ticks.before(s.stamp) { t in
            if let e = tick(stamp: t) { try event(e) }
        }
        if let e = process(s) { try event(e) }
    }
}
