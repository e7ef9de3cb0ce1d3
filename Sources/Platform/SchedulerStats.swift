import Glibc

/// What the kernel says about who had the CPU: the hypervisor's steal per vCPU and a thread's time runnable but
/// not running. Read by benchmarks beside the render thread, never on it (each read is an open and a read).
public enum SchedulerStats {
    /// Nanoseconds per /proc/stat clock tick (USER_HZ, 100 on Linux).
    private static let tickNanos: UInt64 = {
        let hz = sysconf(Int32(_SC_CLK_TCK))
        return hz > 0 ? 1_000_000_000 / UInt64(hz) : 10_000_000
    }()

    /// Steal time of each CPU since boot, ns (the 8th value of /proc/stat's `cpuN` lines; 10 ms steps): the time
    /// the hypervisor ran something else while this guest wanted the vCPU. Nil when unreadable.
    public static func stealPerCPU() -> [UInt64]? {
        guard let text = read("/proc/stat", limit: 1 << 16) else { return nil }
        var steal: [UInt64] = []
        for line in text.split(separator: "\n") {
            guard line.hasPrefix("cpu") else { break }  // the cpu lines come first
            let fields = line.split(separator: " ")
            guard let name = fields.first, name != "cpu" else { continue }  // per CPU only, not the sum
            guard fields.count > 8, let ticks = UInt64(fields[8]) else { return nil }
            steal.append(ticks &* tickNanos)
        }
        return steal.isEmpty ? nil : steal
    }

    /// A thread of this process: its time on a CPU and its time runnable but waiting for one, ns
    /// (/proc/self/task/TID/schedstat). Nil when the thread is gone or the kernel keeps no such figures.
    public static func thread(_ tid: Int32) -> (running: UInt64, waiting: UInt64)? {
        guard let text = read("/proc/self/task/\(tid)/schedstat", limit: 256) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count >= 2, let run = UInt64(fields[0]), let wait = UInt64(fields[1]) else { return nil }
        return (run, wait)
    }

    private static func read(_ path: String, limit: Int) -> Substring? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, limit - count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            count += n
        }
        return Substring(String(decoding: bytes[..<count], as: UTF8.self))
    }
}
