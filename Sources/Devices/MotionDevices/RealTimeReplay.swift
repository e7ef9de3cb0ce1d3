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
        let first = samples.first?.stamp ?? .zero
        var ticks = SilenceTicks(interval: settings.tickSeconds)
        // The trace's timeline laid onto the monotonic clock from `t0`: a sample is released (arrives) then.
        func release(_ stamp: DeviceTime) -> UInt64? {
            MonotonicClock.sleep(untilNanos: t0 + min(UInt64(saturating: (stamp - first) * 1e9), UInt64.max - t0))
            if stop?.isFired == true { return nil }
            if let r = recalibration, r.current != seen { seen = r.current; detector.recalibrate() }
            return MonotonicClock.nanos()
        }
        for s in samples {
            var stopped = false
            // Silence is ticked as the live reader's poll timeout would (a silent device calibrates).
            try ticks.before(s.stamp) { t in
                guard !stopped, let arrival = release(t) else { stopped = true; return }
                if let e = detector.tick(stamp: t) { try gesture(e, arrival) }
            }
            guard !stopped, let arrival = release(s.stamp) else { return }
            if let e = detector.process(s) { try gesture(e, arrival) }
        }
    }
}
