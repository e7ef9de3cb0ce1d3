import Foundation
import Platform
import Synchronization

/// Samples the hypervisor's steal time and the render thread's run-queue wait every few milliseconds while a
/// benchmark runs, so each xrun can be put down to its cause: the host took a vCPU, the guest kernel kept the
/// thread waiting, or nothing woke it. Runs on its own ordinary thread; the render thread is not touched.
final class SchedulerWitness: Sendable {
    static let intervalNanos: UInt64 = 4_000_000
    /// At most about an hour of samples; later windows are unknown.
    static let sampleLimit = 900_000

    private struct Series {
        var stride = 0
        /// Per sample: monotonic ns, the thread's waiting ns, then each CPU's steal ns.
        var values: [UInt64] = []
        var count: Int { stride == 0 ? 0 : values.count / stride }
    }

    private let series = Mutex(Series())
    private let stopping = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)
    private let thread: Int32

    /// Starts sampling `thread` (a kernel thread id of this process); nil where the kernel gives no figures.
    init?(thread: Int32, expectedSeconds: Double) {
        guard thread != 0, SchedulerStats.thread(thread) != nil, let steal = SchedulerStats.stealPerCPU() else { return nil }
        self.thread = thread
        let capacity = min(Self.sampleLimit, Int(max(1, expectedSeconds + 10) * 1e9 / Double(Self.intervalNanos)))
        series.withLock { $0.stride = 2 + steal.count; $0.values.reserveCapacity(capacity * (2 + steal.count)) }
        sample()  // the first here, so a window opening right after init is covered
        Thread.detachNewThread { [self] in
            while !stopping.load(ordering: .acquiring) {
                MonotonicClock.sleep(nanos: Self.intervalNanos)
                sample()
            }
            sample()
            finished.store(true, ordering: .releasing)
        }
    }

    private func sample() {
        let now = MonotonicClock.nanos()
        guard let t = SchedulerStats.thread(thread), let steal = SchedulerStats.stealPerCPU() else { return }
        series.withLock { s in
            guard steal.count + 2 == s.stride, s.count < Self.sampleLimit else { return }
            s.values.append(now)
            s.values.append(t.waiting)
            s.values.append(contentsOf: steal)
        }
    }

    /// Stops sampling (takes one last sample first).
    func stop() {
        stopping.store(true, ordering: .releasing)
        let deadline = MonotonicClock.nanos() + 1_000_000_000
        while !finished.load(ordering: .acquiring) && MonotonicClock.nanos() < deadline {
            MonotonicClock.sleep(nanos: 1_000_000)
        }
    }

    struct Window: Equatable {
        /// Steal on the vCPU that lost most in the window, ms (10 ms steps); the thread's run-queue wait, ms.
        var stealMs: Double
        var waitingMs: Double
    }

    /// What happened between `from` and `to` (monotonic ns), widened to the samples around it; nil when the
    /// samples do not cover it.
    func during(from: UInt64, to: UInt64) -> Window? {
        series.withLock { s in
            let n = s.count
            func time(_ i: Int) -> UInt64 { s.values[i * s.stride] }
            guard n >= 2, time(0) <= from, time(n - 1) >= to else { return nil }
            // Last sample at or before `from`, first at or after `to`.
            var lo = 0, hi = n - 1
            while lo < hi { let mid = (lo + hi + 1) / 2; if time(mid) <= from { lo = mid } else { hi = mid - 1 } }
            let a = lo
            lo = a; hi = n - 1
            while lo < hi { let mid = (lo + hi) / 2; if time(mid) >= to { hi = mid } else { lo = mid + 1 } }
            let b = lo
            var steal: UInt64 = 0
            for cpu in 2..<s.stride {
                steal = max(steal, s.values[b * s.stride + cpu] &- s.values[a * s.stride + cpu])
            }
            let waiting = s.values[b * s.stride + 1] &- s.values[a * s.stride + 1]
            return Window(stealMs: Double(steal) / 1e6, waitingMs: Double(waiting) / 1e6)
        }
    }

    /// Steal over the whole run, summed over CPUs, ms.
    var totalStealMs: Double {
        series.withLock { s in
            let n = s.count
            guard n >= 2 else { return 0 }
            var total: UInt64 = 0
            for cpu in 2..<s.stride { total &+= s.values[(n - 1) * s.stride + cpu] &- s.values[cpu] }
            return Double(total) / 1e6
        }
    }
}
