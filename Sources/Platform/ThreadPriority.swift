import Glibc

/// Real-time priority for threads Kape did not create: a sound-server plugin's I/O thread (PulseAudio's client
/// mainloop) wakes the render thread, so at normal priority a busy machine delays the wake-up past the buffer.
public enum ThreadPriority {
    /// The process's threads now (their kernel thread ids).
    public static func threadIDs() -> Set<Int32> {
        guard let dir = opendir("/proc/self/task") else { return [] }
        defer { closedir(dir) }
        var ids: Set<Int32> = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if let id = Int32(name) { ids.insert(id) }
        }
        return ids
    }

    /// SCHED_FIFO at `priority` for each thread; how many accepted it (none without CAP_SYS_NICE or an rtprio limit).
    @discardableResult
    public static func makeRealtime(_ ids: Set<Int32>, priority: Int32) -> Int {
        var param = sched_param()
        param.sched_priority = priority
        return ids.filter { sched_setscheduler(pid_t($0), Int32(SCHED_FIFO), &param) == 0 }.count
    }
}
