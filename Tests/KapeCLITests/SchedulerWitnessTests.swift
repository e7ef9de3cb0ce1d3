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

    /// A window takes the steal that arrived within it on the vCPU that lost most (not the sum), and the wait
    /// between the samples around it.
    @Test func aWindowTakesTheBusiestCPUsStealAndTheWaitAroundIt() {
        let ms: UInt64 = 1_000_000
        let w = SchedulerWitness(cpus: 2)
        w.record(nanos: 0, waiting: 0, steal: [0, 0])
        w.record(nanos: 4 * ms, waiting: 1 * ms, steal: [10 * ms, 0])       // before the window
        w.record(nanos: 8 * ms, waiting: 1 * ms, steal: [10 * ms, 10 * ms])
        w.record(nanos: 12 * ms, waiting: 3 * ms, steal: [20 * ms, 20 * ms])
        w.record(nanos: 16 * ms, waiting: 3 * ms, steal: [20 * ms, 30 * ms])
        w.record(nanos: 20 * ms, waiting: 9 * ms, steal: [40 * ms, 30 * ms])  // after it
        // From 5 ms to 15 ms: widened to the samples at 4 and 16 ms.
        #expect(w.during(from: 5 * ms, to: 15 * ms) == SchedulerWitness.Window(stealMs: 30, waitingMs: 2))
        #expect(w.during(from: 4 * ms, to: 4 * ms) == SchedulerWitness.Window(stealMs: 0, waitingMs: 0))
        #expect(w.during(from: 17 * ms, to: 21 * ms) == nil, "past the last sample is unknown")
        #expect(w.totalStealMs == 70)
        #expect(w.during(from: 5 * ms, to: 15 * ms)?.serverWaitingMs == nil, "no server watched")
        // A CPU count that changed mid-run (hotplug) is not mixed in.
        w.record(nanos: 24 * ms, waiting: 9 * ms, steal: [40 * ms, 30 * ms, 5 * ms])
        #expect(w.during(from: 17 * ms, to: 21 * ms) == nil)
    }

    /// Each watched server thread's wait is added up within the window; the one that waited longest is named. A
    /// thread that ended (nil) adds nothing.
    @Test func aWindowNamesTheServerThreadThatWaitedLongest() {
        let ms: UInt64 = 1_000_000
        let w = SchedulerWitness(cpus: 1, serverThreads: [.init(tid: 10, name: "pulseaudio"), .init(tid: 11, name: "null-sink")])
        w.record(nanos: 0, waiting: 0, steal: [0], serverWaiting: [0, 0])
        w.record(nanos: 4 * ms, waiting: 0, steal: [0], serverWaiting: [1 * ms, 2 * ms])   // before the window
        w.record(nanos: 8 * ms, waiting: 0, steal: [0], serverWaiting: [4 * ms, 2 * ms])
        w.record(nanos: 12 * ms, waiting: 0, steal: [0], serverWaiting: [6 * ms, nil])
        w.record(nanos: 16 * ms, waiting: 0, steal: [0], serverWaiting: [6 * ms, 3 * ms])
        let window = w.during(from: 5 * ms, to: 11 * ms)
        #expect(window == SchedulerWitness.Window(stealMs: 0, waitingMs: 0, serverWaitingMs: 5, serverThread: "pulseaudio"))
        #expect(w.during(from: 13 * ms, to: 16 * ms)?.serverThread == "null-sink")
        #expect(w.during(from: 13 * ms, to: 16 * ms)?.serverWaitingMs == 1)
    }

    /// Another process's threads are read the same way as this one's (/proc/PID/task), with their names.
    @Test func anotherProcesssThreadsAreRead() throws {
        let pid = getpid(), tid = ThreadPriority.currentThreadID()
        let threads = SchedulerStats.threads(of: pid)
        let comm = try String(contentsOfFile: "/proc/self/comm", encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect(threads.contains { $0.tid == pid && $0.name == comm }, "\(threads.prefix(4)) vs \(comm)")
        #expect(threads.contains { $0.tid == tid })
        #expect(SchedulerStats.thread(tid, process: pid) != nil)
        #expect(SchedulerStats.threads(of: Int32.max).isEmpty && SchedulerStats.thread(1, process: Int32.max) == nil)
    }
}
