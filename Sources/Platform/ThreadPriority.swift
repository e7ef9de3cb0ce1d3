import CLinux
import Glibc

/// Real-time priority for threads Kape did not create: a sound-server plugin's I/O thread (PulseAudio's client
/// mainloop) wakes the render thread, so at normal priority a busy machine delays the wake-up past the buffer.
public enum ThreadPriority {
    /// The process's threads now (their kernel thread ids).
    public static func threadIDs() -> Set<Int32> {
        Set((directoryNames("/proc/self/task") ?? []).compactMap { Int32($0) })
    }

    /// Real-time priority for each thread (`raise`; those refused SCHED_FIFO share one rtkit connection); how
    /// many got it.
    @discardableResult
    public static func makeRealtime(_ ids: Set<Int32>, priority: Int32) -> Int {
        raise(threads: Array(ids), priority: priority).filter(\.granted).count
    }

    /// SCHED_FIFO at `priority` for thread `tid` of this process; refused (no CAP_SYS_NICE, no rtprio limit, as for
    /// most desktop users), SCHED_RR through RealtimeKit, as the desktop's sound servers get it.
    public static func raise(thread tid: Int32, priority: Int32) -> RealtimeOutcome {
        raise(threads: [tid], priority: priority)[0]
    }

    private static func raise(threads: [Int32], priority: Int32) -> [RealtimeOutcome] {
        var outcomes: [RealtimeOutcome] = []
        var refused: [(index: Int, tid: Int32, why: String)] = []
        for tid in threads {
            var param = sched_param()
            param.sched_priority = priority
            if sched_setscheduler(pid_t(tid), Int32(SCHED_FIFO), &param) == 0 {
                outcomes.append(.fifo(priority))
            } else {
                refused.append((outcomes.count, tid, errnoText(errno)))
                outcomes.append(.refused(""))
            }
        }
        guard !refused.isEmpty else { return outcomes }
        for (r, answer) in zip(refused, RealtimeKit.makeRealtime(threads: refused.map(\.tid), priority: priority)) {
            switch answer {
            case .success(let granted): outcomes[r.index] = .rtkit(granted)
            case .failure(let why):
                outcomes[r.index] = .refused("SCHED_FIFO \(r.why.lowercased()) (it needs CAP_SYS_NICE or an rtprio limit); rtkit: \(why)")
            }
        }
        return outcomes
    }

    /// The calling thread's kernel id.
    public static func currentThreadID() -> Int32 { gettid() }
}

/// How a thread got real-time priority, or why it did not.
public enum RealtimeOutcome: Sendable, Equatable {
    case fifo(Int32)
    /// SCHED_RR at this priority, granted by RealtimeKit.
    case rtkit(Int32)
    case refused(String)

    public var granted: Bool { if case .refused = self { false } else { true } }

    /// For `-v`: "yes (SCHED_FIFO 20)", "yes (SCHED_RR 20 through rtkit)" or "refused: why".
    public var summary: String {
        switch self {
        case .fifo(let p): "yes (SCHED_FIFO \(p))"
        case .rtkit(let p): "yes (SCHED_RR \(p) through rtkit)"
        case .refused(let why): "refused, normal priority: \(why)"
        }
    }
}
