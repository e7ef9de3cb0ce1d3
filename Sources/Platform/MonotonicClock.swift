import Glibc

/// CLOCK_MONOTONIC, the one clock of every live part: live events are stamped with it (`mono` in `kape live`),
/// the render thread's latency records and pacing read it. A vDSO read, not a system call.
public enum MonotonicClock {
    @inline(__always)
    public static func nanos() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Seconds, for event stamps.
    @inline(__always)
    public static func now() -> Double { Double(nanos()) * 1e-9 }

    /// Sleeps until the clock reads `deadline` (absolute, so pacing does not drift).
    public static func sleep(untilNanos deadline: UInt64) {
        var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }

    public static func sleep(nanos: UInt64) { sleep(untilNanos: self.nanos() + nanos) }

    /// CPU seconds the whole process has used (all threads, user and system): what a benchmark's "% of a core" divides.
    public static func processCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}

/// CLOCK_REALTIME, only where a device stamps its events with it (a node that refused CLOCK_MONOTONIC).
public enum WallClock {
    public static func micros() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec / 1000)
    }
}
