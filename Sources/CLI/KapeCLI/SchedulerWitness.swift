import AudioIO
import Foundation
import Platform
import Synchronization

/// Samples the hypervisor's steal time, the render thread's run-queue wait and the sound server's threads' run-queue
/// waits every few milliseconds while a benchmark runs, so each xrun can be put down to its cause: the host took a
/// vCPU, the guest kernel kept the render thread waiting, or the server that relays the device's room was kept
/// waiting (through PulseAudio that is its main thread, which is not real-time). Runs on its own ordinary
/// thread; the render thread is not touched.
final class SchedulerWitness: Sendable {
    static let intervalNanos: UInt64 = 4_000_000
    /// At most about an hour of samples; later windows are unknown.
    static let sampleLimit = 900_000
    /// Server threads watched at most (PulseAudio and PipeWire have a handful; each costs a read per sample).
    static let serverThreadLimit = 8

    /// Steal changes in 10 ms steps and seldom, so it is kept as changes, not per sample: memory stays small
    /// however many CPUs there are.
    private struct StealStep { var sample: Int32; var cpu: Int32; var nanos: UInt64 }

    private struct Series {
        var times: [UInt64] = []
        /// The thread's run-queue wait so far, per sample.
        var waiting: [UInt64] = []
        var lastSteal: [UInt64] = []
        var steps: [StealStep] = []
        /// Per watched server thread: the run-queue wait it added since the previous sample, µs (saturating).
        var serverWaits: [[UInt32]] = []
        var lastServer: [UInt64] = []
        var count: Int { times.count }
    }

    struct ServerThread: Sendable, Equatable {
        var tid: Int32
        /// Its name as the server set it (unfiltered).
        var name: String
    }

    private let series = Mutex(Series())
    private let stopping = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)
    private let thread: Int32
    /// The sound server whose threads are watched, if any.
    let server: SoundServerProcess?
    let serverThreads: [ServerThread]

    /// Starts sampling `thread` (a kernel thread id of this process) and the threads of `server`; nil where the
    /// kernel gives no figures.
    init?(thread: Int32, expectedSeconds: Double, server: SoundServerProcess? = nil) {
        guard thread != 0, SchedulerStats.thread(thread) != nil, let steal = SchedulerStats.stealPerCPU() else { return nil }
        self.thread = thread
        let threads = server.map { SchedulerStats.threads(of: $0.pid) } ?? []
        self.server = threads.isEmpty ? nil : server
        serverThreads = threads.prefix(Self.serverThreadLimit).map { ServerThread(tid: $0.tid, name: $0.name) }
        let limitSeconds = Double(Self.sampleLimit) * Double(Self.intervalNanos) / 1e9
        let seconds = expectedSeconds.isFinite ? min(max(1, expectedSeconds + 10), limitSeconds) : limitSeconds
        let capacity = Int(seconds * 1e9 / Double(Self.intervalNanos))
        let pid = self.server?.pid
        let serverWaiting = serverThreads.map { th in pid.flatMap { SchedulerStats.thread(th.tid, process: $0)?.waiting } ?? 0 }
        series.withLock {
            $0.lastSteal = steal
            $0.times.reserveCapacity(capacity)
            $0.waiting.reserveCapacity(capacity)
            $0.lastServer = serverWaiting
            $0.serverWaits = serverWaiting.map { _ in
                var column: [UInt32] = []
                column.reserveCapacity(capacity)
                return column
            }
        }
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

    /// Watches `engine`'s render thread and, when it plays through a sound server's ALSA plugin, that server.
    static func watching(_ engine: AudioEngine, expectedSeconds: Double) -> SchedulerWitness? {
        let server = (engine.sink as? AlsaSink)?.ioPlugin == nil ? nil : SoundServerProcess.find()
        return SchedulerWitness(thread: engine.renderThread, expectedSeconds: expectedSeconds, server: server)
    }

    /// A witness that samples nothing itself: `record` feeds it (tests).
    init(cpus: Int, serverThreads: [ServerThread] = []) {
        thread = 0
        server = serverThreads.isEmpty ? nil : SoundServerProcess(pid: 0, name: "server")
        self.serverThreads = serverThreads
        finished.store(true, ordering: .relaxed)
        series.withLock {
            $0.lastSteal = Array(repeating: 0, count: cpus)
            $0.lastServer = Array(repeating: 0, count: serverThreads.count)
            $0.serverWaits = Array(repeating: [], count: serverThreads.count)
        }
    }

    private func sample() {
        let now = MonotonicClock.nanos()
        guard let t = SchedulerStats.thread(thread), let steal = SchedulerStats.stealPerCPU() else { return }
        // A server thread that ended adds nothing from then on.
        let serverWaiting = serverThreads.map { th in server.flatMap { SchedulerStats.thread(th.tid, process: $0.pid)?.waiting } }
        record(nanos: now, waiting: t.waiting, steal: steal, serverWaiting: serverWaiting)
    }

    /// `serverWaiting`: each watched server thread's run-queue wait so far (nil: unknown now), in `serverThreads`' order.
    func record(nanos now: UInt64, waiting: UInt64, steal: [UInt64], serverWaiting: [UInt64?] = []) {
        series.withLock { s in
            guard steal.count == s.lastSteal.count, s.count < Self.sampleLimit, s.steps.count < Self.sampleLimit else { return }
            for cpu in steal.indices where steal[cpu] > s.lastSteal[cpu] {
                s.steps.append(StealStep(sample: Int32(s.count), cpu: Int32(cpu), nanos: steal[cpu] - s.lastSteal[cpu]))
            }
            s.lastSteal = steal
            for i in s.serverWaits.indices {
                let now = i < serverWaiting.count ? serverWaiting[i] : nil
                let added = now.map { $0 > s.lastServer[i] ? ($0 - s.lastServer[i]) / 1000 : 0 } ?? 0
                if let now { s.lastServer[i] = now }
                s.serverWaits[i].append(UInt32(clamping: added))
            }
            s.times.append(now)
            s.waiting.append(waiting)
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
        /// The sound server's thread that waited longest for a CPU in the window, and how long (ms); nil without
        /// a watched server.
        var serverWaitingMs: Double? = nil
        var serverThread: String? = nil
    }

    /// What happened between `from` and `to` (monotonic ns), widened to the samples around it; nil when the
    /// samples do not cover it.
    func during(from: UInt64, to: UInt64) -> Window? {
        series.withLock { s in
            let n = s.count
            guard n >= 2, s.times[0] <= from, s.times[n - 1] >= to else { return nil }
            // Last sample at or before `from`, first at or after `to`.
            var lo = 0, hi = n - 1
            while lo < hi { let mid = (lo + hi + 1) / 2; if s.times[mid] <= from { lo = mid } else { hi = mid - 1 } }
            let a = lo
            hi = n - 1
            while lo < hi { let mid = (lo + hi) / 2; if s.times[mid] >= to { hi = mid } else { lo = mid + 1 } }
            let b = lo
            // Steal that arrived after sample a, up to sample b, per CPU.
            var perCPU: [Int32: UInt64] = [:]
            for step in s.steps where step.sample > a && step.sample <= b { perCPU[step.cpu, default: 0] += step.nanos }
            var window = Window(stealMs: Double(perCPU.values.max() ?? 0) / 1e6, waitingMs: Double(s.waiting[b] &- s.waiting[a]) / 1e6)
            // Each server thread's wait added after sample a, up to sample b.
            var longest: (index: Int, micros: UInt64)?
            for (i, column) in s.serverWaits.enumerated() {
                let micros = a < b ? column[(a + 1)...b].reduce(UInt64(0)) { $0 + UInt64($1) } : 0
                if longest == nil || micros > longest!.micros { longest = (i, micros) }
            }
            if let longest {
                window.serverWaitingMs = Double(longest.micros) / 1000
                window.serverThread = serverThreads[longest.index].name
            }
            return window
        }
    }

    /// Each xrun's window: from the render thread's last write to the xrun (nil entries without a witness).
    static func windows(_ witness: SchedulerWitness?, for xruns: [XrunRecord]) -> [Window?] {
        xruns.map { witness?.during(from: $0.nanos - $0.awayNanos, to: $0.nanos) }
    }

    /// Steal over the whole run, summed over CPUs, ms.
    var totalStealMs: Double {
        series.withLock { s in Double(s.steps.reduce(0) { $0 &+ $1.nanos }) / 1e6 }
    }
}
