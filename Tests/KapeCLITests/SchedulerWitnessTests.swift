import Foundation
@testable import KapeCLI
import Platform
import Synchronization
import Testing

/// The witness `kape bench latency` uses to put xruns down to their cause reads real kernel figures: a thread
/// busy among twice as many busy threads as there are CPUs spends time runnable but waiting, and the witness sees
/// it in its window.
@Suite struct SchedulerWitnessTests {
    @Test func kernelFiguresAreRead() throws {
        let steal = try #require(SchedulerStats.stealPerCPU())
        #expect(steal.count >= 1 && steal.count <= sysconf(Int32(_SC_NPROCESSORS_CONF)), "\(steal)")
        let me = try #require(SchedulerStats.thread(ThreadPriority.currentThreadID()))
        var spin = 0
        for i in 0..<2_000_000 { spin &+= i }
        let later = try #require(SchedulerStats.thread(ThreadPriority.currentThreadID()))
        #expect(later.running > me.running && later.waiting >= me.waiting, "\(me) → \(later), \(spin)")
        #expect(SchedulerStats.thread(Int32.max) == nil)
    }

    @Test func aThreadAmongTooManyBusyOnesIsSeenWaiting() throws {
        let stop = Atomic<Bool>(false)
        let ids = Mutex<[Int32]>([])
        let busy = 2 * max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) + 1
        for _ in 0..<busy {
            Thread.detachNewThread {
                ids.withLock { $0.append(ThreadPriority.currentThreadID()) }
                var n = 0
                while !stop.load(ordering: .relaxed) { n &+= 1 }
            }
        }
        defer { stop.store(true, ordering: .relaxed) }
        let deadline = MonotonicClock.nanos() + 5_000_000_000
        while ids.withLock({ $0.count }) < busy && MonotonicClock.nanos() < deadline { MonotonicClock.sleep(nanos: 1_000_000) }
        let target = try #require(ids.withLock { $0.first })
        let witness = try #require(SchedulerWitness(thread: target, expectedSeconds: 1))
        let from = MonotonicClock.nanos()
        MonotonicClock.sleep(nanos: 300_000_000)
        let to = MonotonicClock.nanos()
        MonotonicClock.sleep(nanos: 10_000_000)
        witness.stop()
        let window = try #require(witness.during(from: from, to: to))
        // More than twice as many busy threads as CPUs: each waits for a CPU over half the time.
        #expect(window.waitingMs > 30, "\(window)")
        #expect(window.stealMs >= 0 && witness.totalStealMs >= 0)
        #expect(witness.during(from: 0, to: to) == nil, "before the first sample is unknown")
    }
}
