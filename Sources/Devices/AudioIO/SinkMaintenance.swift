import Glibc
import Platform
import Synchronization

/// Grows the sink's buffer for the render thread. Growing sets the PCM up again (alsa-lib allocates its
/// parameters, a sound server's plugin re-creates its stream): not work for the real-time thread. After an xrun
/// the buffer is empty anyway, so the render thread asks, waits on an eventfd, and goes on with the grown sink.
///
/// The wait is bounded (`timeoutMillis`): a set-up that has not answered by then is taken as a device that hangs.
/// The render thread must not touch the PCM while another thread may still be setting it up, so the engine reports
/// the device lost and stops (as for any dead device); the maintenance is abandoned, never asked again, and its
/// thread left to finish on its own instead of being waited for.
final class SinkMaintenance: @unchecked Sendable {
    enum Outcome: Sendable, Equatable {
        /// Set up again: the frames now kept queued.
        case grown(queueFrames: Int)
        /// It could not grow (at its limit, or the larger set-up was refused and the old one restored).
        case unchanged
        /// No answer within the time allowed: the sink is in an unknown state.
        case timedOut
    }

    /// Setting a PCM up takes milliseconds, a sound server's stream tens of them; two seconds means it hangs.
    static let defaultTimeoutMillis: Int32 = 2_000

    private let work: () -> Int?
    private let timeoutMillis: Int32
    private let asked: WakeEvent
    private let done: WakeEvent
    /// The queue `work` left (≥ 0), or -1 for nil; published before `done` is signalled.
    private let result = Atomic<Int>(-1)
    private let running = Atomic<Bool>(true)
    /// A wait timed out: no more requests, and `stop` does not wait for the thread.
    private let abandoned = Atomic<Bool>(false)
    private var thread: pthread_t?

    convenience init(sink: AudioSink, timeoutMillis: Int32 = SinkMaintenance.defaultTimeoutMillis) throws(SystemCallError) {
        try self.init(timeoutMillis: timeoutMillis) { sink.grow() }
    }

    /// `grow`: the work done on the maintenance thread (the sink's `grow()`).
    init(timeoutMillis: Int32, grow: @escaping () -> Int?) throws(SystemCallError) {
        work = grow
        self.timeoutMillis = timeoutMillis
        asked = try WakeEvent()
        done = try WakeEvent()
    }

    /// Starts its thread (ordinary priority: it only waits, and works once per grown xrun).
    func start() -> Bool {
        var tid = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let rc = pthread_create(&tid, nil, { raw in
            Unmanaged<SinkMaintenance>.fromOpaque(raw!).takeRetainedValue().serve()
            return nil
        }, context)
        guard rc == 0 else {
            Unmanaged<SinkMaintenance>.fromOpaque(context).release()
            return false
        }
        thread = tid
        return true
    }

    private func serve() {
        while running.load(ordering: .acquiring) {
            guard asked.wait(timeoutMillis: -1), running.load(ordering: .acquiring) else { continue }
            result.store(work() ?? -1, ordering: .releasing)
            done.signal()
        }
    }

    /// Render thread: grows the sink on the maintenance thread and waits for it, at most `timeoutMillis`. No
    /// allocation, no lock; the write to `asked`, the polls on `done` and the monotonic clock (vDSO) only.
    func grow() -> Outcome {
        guard !abandoned.load(ordering: .relaxed) else { return .timedOut }
        asked.signal()
        let deadline = MonotonicClock.nanos() + UInt64(timeoutMillis) * 1_000_000
        var left = timeoutMillis
        // A signal cuts a poll short: wait again for what is left.
        while !done.wait(timeoutMillis: left) {
            let now = MonotonicClock.nanos()
            guard now < deadline else {
                abandoned.store(true, ordering: .relaxed)
                return .timedOut
            }
            left = Int32((deadline - now + 999_999) / 1_000_000)
        }
        let r = result.load(ordering: .acquiring)
        return r >= 0 ? .grown(queueFrames: r) : .unchanged
    }

    /// Ends the thread: joined, unless a set-up hung (then it ends on its own once that returns).
    func stop() {
        guard let tid = thread else { return }
        thread = nil
        running.store(false, ordering: .releasing)
        asked.signal()
        if abandoned.load(ordering: .relaxed) { pthread_detach(tid) } else { pthread_join(tid, nil) }
    }
}
