import Glibc

/// What the kernel says about who had the CPU: the hypervisor's steal per vCPU and a thread's time runnable but
/// not running (Kape's own, or a sound server's). Read by benchmarks beside the render thread, never on it (each
/// read is an open and a read).
public enum SchedulerStats {
    /// Nanoseconds per /proc/stat clock tick (USER_HZ, 100 on Linux).
    private static let tickNanos: UInt64 = {
        let hz = sysconf(Int32(_SC_CLK_TCK))
        return hz > 0 ? 1_000_000_000 / UInt64(hz) : 10_000_000
    }()

    /// Steal time of each CPU since boot, ns (the 8th value of /proc/stat's `cpuN` lines; 10 ms steps): the time
    /// the hypervisor ran something else while this guest wanted the vCPU. Nil when unreadable.
    public static func stealPerCPU() -> [UInt64]? {
        var steal: [UInt64] = []
        // The cpu lines come first: stop at the first other one (the interrupt counts after them are long).
        let complete = lines("/proc/stat") { line in
            guard line.hasPrefix("cpu") else { return false }
            let fields = line.split(separator: " ")
            guard fields.first != "cpu" else { return true }  // per CPU only, not the sum
            guard fields.count > 8, let ticks = UInt64(fields[8]) else { steal = []; return false }
            steal.append(ticks &* tickNanos)
            return true
        }
        return complete && !steal.isEmpty ? steal : nil
    }

    /// A thread of this process, or of `process`: its time on a CPU and its time runnable but waiting for one, ns
    /// (/proc/PID/task/TID/schedstat, readable for any process). Nil when the thread is gone or the kernel keeps
    /// no such figures.
    public static func thread(_ tid: Int32, process: Int32? = nil) -> (running: UInt64, waiting: UInt64)? {
        var result: (UInt64, UInt64)?
        _ = lines("/proc/\(process.map(String.init) ?? "self")/task/\(tid)/schedstat") { line in
            let fields = line.split(separator: " ")
            if fields.count >= 2, let run = UInt64(fields[0]), let wait = UInt64(fields[1]) { result = (run, wait) }
            return false
        }
        return result.map { (running: $0.0, waiting: $0.1) }
    }

    /// The threads of `process` and their names (what the process called them, unfiltered), by thread id.
    public static func threads(of process: Int32) -> [(tid: Int32, name: String)] {
        let ids = (directoryNames("/proc/\(process)/task") ?? []).compactMap { Int32($0) }.sorted()
        return ids.map { tid in
            var comm = ""
            _ = lines("/proc/\(process)/task/\(tid)/comm") { comm = String($0); return false }
            return (tid, comm)
        }
    }

    /// A process's name (its main thread's comm), or nil when it is gone.
    public static func processName(_ pid: Int32) -> String? {
        var name: String?
        guard lines("/proc/\(pid)/comm", { name = String($0); return false }) else { return nil }
        return name
    }

    /// Hands each line (newline dropped) to `body` until it returns false; false when the file cannot be opened.
    private static func lines(_ path: String, _ body: (Substring) -> Bool) -> Bool {
        guard let f = fopen(path, "re") else { return false }
        defer { fclose(f) }
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while getline(&buffer, &capacity, f) > 0, let buffer {
            let line = String(cString: buffer)
            if !body(Substring(line.hasSuffix("\n") ? String(line.dropLast()) : line)) { break }
        }
        return true
    }
}
