#if canImport(Glibc)
import Glibc
#endif

/// CLOCK_MONOTONIC in seconds: the clock live events are stamped with (`mono` in `kape live --json`).
public enum MonotonicClock {
    @inline(__always)
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}

func errnoText(_ code: Int32) -> String { String(cString: strerror(code)) }
