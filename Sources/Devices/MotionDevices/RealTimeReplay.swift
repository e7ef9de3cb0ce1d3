import Motion
import Platform

/// A recorded trace played as if a device were sending it: each sample waits for its own time from now on the
/// monotonic clock, then goes through one `GestureDetector`. The game's `--trace` and `kape bench latency` use it.
public enum RealTimeReplay {
    /// Blocks until the samples run out or `stop` fires; the first sample is released at `start` (monotonic
    /// nanoseconds). `gesture` gets each gesture with the time its sample was released (the start of the
    /// motion-to-sound path).
    public static func run(_ samples: [MotionSample], hasGyro: Bool, settings: TiltSettings = TiltSettings(),
                           start t0: UInt64 = MonotonicClock.nanos(),
                           stop: StopSignal? = nil, recalibration: RecalibrationRequest? = nil,
                           gesture: (TiltEvent, UInt64) throws -> Void) rethrows {
        var detector = GestureDetector(hasGyro: hasGyro, settings: settings)
        var seen = recalibration?.current ?? 0
        let first = samples.first?.stamp ?? 0
        for s in samples {
            MonotonicClock.sleep(untilNanos: t0 + min(UInt64(saturating: (s.stamp - first) * 1e9), UInt64.max - t0))
            if stop?.isFired == true { return }
            let arrival = MonotonicClock.nanos()
            if let r = recalibration, r.current != seen { seen = r.current; detector.recalibrate() }
            if let e = detector.process(s) { try gesture(e, arrival) }
        }
    }
}
