#if canImport(Glibc)
import Glibc
#endif

/// CLOCK_MONOTONIC in nanoseconds (a vDSO read, not a system call, on Linux).
public func monotonicNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Sleeps until the monotonic clock reads `deadline` (absolute, so pacing does not drift).
public func sleepUntil(nanos deadline: UInt64) {
    var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
}

public func sleepNanos(_ nanos: UInt64) { sleepUntil(nanos: monotonicNanos() + nanos) }

/// Empties the engine's wake-up pipe after poll reported it readable.
func drainWakeups(_ fd: Int32) {
    var bytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    while withUnsafeMutableBytes(of: &bytes, { read(fd, $0.baseAddress, 32) }) == 32 {}
}
