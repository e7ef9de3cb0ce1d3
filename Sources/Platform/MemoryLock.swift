import Glibc

/// Keeps memory the real-time thread touches resident, so a page fault (swap, or a page never touched) cannot
/// stall it mid-period. Refused past RLIMIT_MEMLOCK without privileges: callers say so and carry on.
public enum MemoryLock {
    /// Locks `bytes` bytes from `address`; false when the system refuses.
    public static func lock(_ address: UnsafeRawPointer, bytes: Int) -> Bool {
        bytes <= 0 || mlock(address, bytes) == 0
    }

    public static func unlock(_ address: UnsafeRawPointer, bytes: Int) {
        if bytes > 0 { _ = munlock(address, bytes) }
    }

    /// Touches `bytes` of the calling thread's stack below the current frame, so its pages exist before the
    /// real-time loop needs them.
    @inline(never)
    public static func prefaultStack(bytes: Int = 64 * 1024) {
        withUnsafeTemporaryAllocation(byteCount: bytes, alignment: 16) { buffer in
            var p = 0
            while p < buffer.count {
                buffer[p] = 0
                p += 4096
            }
            // Keeps the stores from being optimised away.
            if let base = buffer.baseAddress { _ = memchr(base, 1, buffer.count) }
        }
    }
}
