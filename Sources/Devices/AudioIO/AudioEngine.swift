import AudioDSP
import Synchronization
import Glibc
import Platform

/// The mixer, a sink and the render thread between them.
///
/// The render thread keeps the device buffer full one period at a time (less its reserve, on PipeWire: see
/// `SinkInfo.reserveFrames`) and sleeps in `poll` on the device and on a `WakeEvent` that `play` signals, so a new
/// sound is written as soon as there is any room rather than at the next period boundary. Between waits it only
/// mixes, encodes and writes: no allocation, no locks, and no system calls but the PCM's own (its state, avail and
/// delay queries, the write, the poll). What to do next is `RenderPacing`'s decision (the spin guard among it).
///
/// An xrun is recovered, recorded with how long the thread had been away from the device (longer than the
/// buffer: the thread was not scheduled; shorter: the device or server side ran dry), and the sink's buffer grows
/// by a period if its request allows (`SinkRequest.adaptive`), set up again by `SinkMaintenance` on a thread of
/// its own while the render thread waits.
///
/// Threads: `play`, `stop`, `take…` and the figures are the control side (one thread); `RenderSide` belongs to the
/// render thread (or to the caller of `renderOffline`, when there is none), which debug builds check.
public final class AudioEngine: @unchecked Sendable {
    public let sink: AudioSink
    /// The sink's shape now (its buffer grows after xruns when adaptive).
    public var info: SinkInfo { sink.info }
    /// The shape the render loop needs: rate, channels, format and period never change.
    private let shape: SinkInfo
    public let bank: SoundBank
    private let mixer: Mixer
    private let control: MixerControl
    /// `play` signals it; the render thread's poll wakes on it.
    private let wake: WakeEvent
    private let floatBlock: UnsafeMutablePointer<Float>
    private let byteBlock: UnsafeMutableRawPointer
    private let records = SPSCQueue<LatencyRecord>(capacity: 1024)
    private let running = Atomic<Bool>(false)
    private let stallMs = Atomic<Int>(0)
    private let xrunCount = Atomic<Int>(0)
    /// Each xrun as it was recovered, for reports and plots; preallocated, so the render thread never allocates.
    private let xrunRecords = SPSCQueue<XrunRecord>(capacity: 256)
    /// Render side: what only the render thread reads and writes.
    private struct RenderSide {
        /// Monotonic time of the last write, to tell a late render thread from a device that ran dry.
        var lastWriteNanos: UInt64 = 0
        /// Monotonic time of the previous xrun (0: none yet), for `XrunPolicy`'s repeat window.
        var lastXrunNanos: UInt64 = 0
        var pacing: RenderPacing
    }
    private var render: RenderSide
    /// Grows the sink off the render thread (started with it when the sink can grow).
    private var maintenance: SinkMaintenance?
    private let costs = RenderCostHistogram()
    private let memoryLocked = Atomic<Bool>(false)
    private let realtime = Atomic<Bool>(false)
    /// How the render thread got real-time priority or why not (set by `start`, read after it).
    public private(set) var realtimeOutcome = RealtimeOutcome.refused("not started")
    /// The render thread's kernel id once it runs (0 before), for benchmarks that watch its scheduling.
    public var renderThread: Int32 { renderThreadID.load(ordering: .acquiring) }
    /// The render thread's kernel id, published as it starts so `start` can raise it.
    private let renderThreadID = Atomic<Int32>(0)
    private let written = Atomic<Int>(0)
    private let lostRecords = Atomic<Int>(0)
    /// Render-loop passes (each ends in a write or a wait): about one per period when all is well.
    private let passes = Atomic<Int>(0)
    /// The most frames queued after a refill (a write without a trigger): the buffer, or less on a sink with a
    /// reserve (`SinkInfo.reserveFrames`).
    private let peakQueue = Atomic<Int>(0)
    /// Times the spin guard slept instead of polling the device.
    private let guardedWakeups = Atomic<Int>(0)
    /// CPU time the render thread used, and its wall time, in ns (written when it ends).
    private let threadCPUNanos = Atomic<Int>(0)
    private let threadWallNanos = Atomic<Int>(0)
    private let failed = Atomic<Bool>(false)
    private var failure: AudioError?      // written by the render thread before `failed` is set
    /// Made before the render thread runs, which allocates nothing (not even for its last error).
    private let maintenanceHung: AudioError
    private var thread: pthread_t?
    /// Control side.
    private var nextToken: UInt64 = 1

    /// Throws only when the process is out of descriptors for the wake-up.
    public init(sink: AudioSink, bank: SoundBank, maxVoices: Int = 32) throws(AudioError) {
        precondition(bank.clips.allSatisfy { $0.rate == sink.info.rate && $0.channels == sink.info.channels },
                     "load the bank at the sink's rate and channels")
        self.sink = sink
        let shape = sink.info
        self.shape = shape
        self.bank = bank
        maintenanceHung = AudioError.lost(shape.device, "it was being set up again after an xrun and did not answer within "
                                          + "\(SinkMaintenance.defaultTimeoutMillis / 1000) s")
        mixer = Mixer(clips: bank.clips, rate: shape.rate, channels: shape.channels, maxVoices: maxVoices)
        control = mixer.control
        do throws(SystemCallError) { wake = try WakeEvent() } catch {
            throw AudioError(.device, "cannot make the render thread's wake-up: \(error)")
        }
        render = RenderSide(pacing: RenderPacing(period: shape.periodFrames, rate: shape.rate,
                                                 periodMilliseconds: shape.periodMilliseconds))
        floatBlock = .allocate(capacity: shape.periodFrames * shape.channels)
        byteBlock = .allocate(byteCount: shape.periodFrames * shape.channels * shape.format.bytes, alignment: 16)
    }

    deinit {
        stop()
        if memoryLocked.load(ordering: .relaxed) { forEachRenderRegion { MemoryLock.unlock($0, bytes: $1) } }
        floatBlock.deallocate()
        byteBlock.deallocate()
    }

    private func forEachRenderRegion(_ body: (UnsafeRawPointer, Int) -> Void) {
        body(floatBlock, shape.periodFrames * shape.channels * MemoryLayout<Float>.stride)
        body(byteBlock, shape.periodFrames * shape.channels * shape.format.bytes)
        mixer.withRenderMemory(body)
        costs.withMemory(body)
    }

    // MARK: control side (one thread)

    /// Starts sound `clip`; `arrival` is when its cause reached the engine (default: now).
    /// Returns the voice's token. Throws when the device has failed.
    @discardableResult
    public func play(_ clip: Int, gain: Float = 1, at frame: Int64? = nil, arrival: UInt64? = nil) throws -> UInt64 {
        if failed.load(ordering: .acquiring), let failure { throw failure }
        guard clip >= 0 && clip < bank.clips.count else {
            throw AudioError(.usage, "no sound number \(clip): the bank has \(bank.clips.count)")
        }
        let token = nextToken
        nextToken += 1
        let request = PlayRequest(clip: clip, gain: gain, token: token, at: frame, arrival: arrival ?? MonotonicClock.nanos())
        guard control.play(request) else { throw AudioError(.usage, "too many sounds queued at once") }
        signal()
        return token
    }

    public func stopSound(_ token: UInt64) { control.send(.stop(token: token)); signal() }
    public func stopAll() { control.send(.stopAll); signal() }

    private func signal() { wake.signal() }

    /// Debug builds: render-side state is touched only on the render thread (or with none running).
    @inline(__always)
    private func assertRenderSide() {
        assert(thread == nil || ThreadPriority.currentThreadID() == renderThreadID.load(ordering: .relaxed),
               "render-side state touched off the render thread")
    }

    /// Latency records produced since the last call.
    public func takeRecords() -> [LatencyRecord] {
        var out: [LatencyRecord] = []
        while let r = records.pop() { out.append(r) }
        return out
    }

    public var xruns: Int { xrunCount.load(ordering: .relaxed) }
    /// The most frames the render thread has queued between triggers (see `peakQueue`).
    public var peakQueuedFrames: Int { peakQueue.load(ordering: .relaxed) }
    /// Whether the render thread got real-time priority: SCHED_FIFO (CAP_SYS_NICE or an rtprio limit) or rtkit's.
    public var hasRealtimePriority: Bool { realtime.load(ordering: .relaxed) }
    /// Whether the memory the render thread touches is locked in RAM (refused past RLIMIT_MEMLOCK).
    public var hasLockedMemory: Bool { memoryLocked.load(ordering: .relaxed) }

    /// The xruns recovered since the last call (at most 256 kept between calls).
    public func takeXruns() -> [XrunRecord] {
        var out: [XrunRecord] = []
        while let r = xrunRecords.pop() { out.append(r) }
        return out
    }

    /// Render thread only: count, grow the buffer if allowed and worth it (`XrunPolicy`), record. Returns the
    /// error that ends the render thread when the sink's set-up did not answer (see `SinkMaintenance`).
    private func countXrun(growing: Bool = true) -> AudioError? {
        assertRenderSide()
        xrunCount.add(1, ordering: .relaxed)
        let now = MonotonicClock.nanos()
        let bufferBefore = sink.bufferFrames, before = bufferBefore - sink.reserveFrames
        let away = render.lastWriteNanos == 0 ? 0 : now - render.lastWriteNanos
        let since = render.lastXrunNanos == 0 ? nil : now - render.lastXrunNanos
        render.lastXrunNanos = now
        var response = XrunResponse.kept
        var grown: Int?
        var hung = false
        if growing, let maintenance, let next = sink.grownQueueFrames {
            if XrunPolicy.shouldGrow(awayNanos: away, grownQueueFrames: next, rate: shape.rate, sincePreviousNanos: since) {
                switch maintenance.grow() {
                case .grown(let frames):
                    grown = frames
                    response = sink.bufferFrames == bufferBefore ? .reserveGivenUp : .bufferGrown
                case .unchanged: break
                case .timedOut: hung = true
                }
            } else {
                response = .keptLongStall
            }
        }
        _ = xrunRecords.push(XrunRecord(nanos: now, bufferFrames: sink.bufferFrames, queueBeforeFrames: before,
                                        queueFrames: grown ?? before, response: response,
                                        awayNanos: away))
        return hung ? maintenanceHung : nil
    }

    /// What one period's mix and encode cost on the render thread (µs), once it has stopped.
    public var renderCost: (p50: Double, p99: Double, max: Double) { costs.summary() }
    public var framesWritten: Int { written.load(ordering: .relaxed) }
    public var isRunning: Bool { running.load(ordering: .acquiring) }
    /// Set when the device stopped working; the render thread has ended.
    public var deviceError: AudioError? { failed.load(ordering: .acquiring) ? failure : nil }

    /// Test hook: the render thread sleeps this long once, as if starved of CPU, to provoke an underrun.
    public func injectStall(milliseconds: Int) { stallMs.store(milliseconds, ordering: .releasing); signal() }

    /// Starts the render thread (real-time priority when the system allows it).
    public func start() throws {
        guard !running.load(ordering: .acquiring) else { return }
        if maintenance == nil, sink.grownQueueFrames != nil {
            let m: SinkMaintenance
            do throws(SystemCallError) { m = try SinkMaintenance(sink: sink) } catch {
                throw AudioError(.device, "cannot make the sink's maintenance wake-up: \(error)")
            }
            guard m.start() else { throw AudioError(.device, "cannot start the sink's maintenance thread") }
            maintenance = m
        }
        var locked = true
        forEachRenderRegion { locked = MemoryLock.lock($0, bytes: $1) && locked }
        memoryLocked.store(locked, ordering: .relaxed)
        running.store(true, ordering: .releasing)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        var tid = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let rc = pthread_create(&tid, &attributes, { raw in
            let engine = Unmanaged<AudioEngine>.fromOpaque(raw!).takeRetainedValue()
            engine.renderLoop()
            return nil
        }, context)
        guard rc == 0 else {
            Unmanaged<AudioEngine>.fromOpaque(context).release()
            running.store(false, ordering: .releasing)
            throw AudioError(.device, "cannot start the render thread: \(errnoText(rc))")
        }
        thread = tid
        // Refused without privileges and without rtkit: fine, but say so (`realtimeOutcome`).
        let waitUntil = MonotonicClock.nanos() + 1_000_000_000
        while renderThreadID.load(ordering: .acquiring) == 0 && MonotonicClock.nanos() < waitUntil {
            MonotonicClock.sleep(nanos: 50_000)
        }
        let id = renderThreadID.load(ordering: .acquiring)
        realtimeOutcome = id == 0 ? .refused("the render thread did not start") : ThreadPriority.raise(thread: id, priority: 20)
        realtime.store(realtimeOutcome.granted, ordering: .relaxed)
    }

    /// Stops the render thread (the device keeps what it has queued); `finish()` plays that out.
    public func stop() {
        guard let tid = thread else { return }
        running.store(false, ordering: .releasing)
        signal()
        pthread_join(tid, nil)
        thread = nil
        maintenance?.stop()
        maintenance = nil
    }

    /// Stops, then lets the device play what is queued and closes it.
    public func finish() {
        stop()
        sink.finish()
    }

    /// Renders exactly `frames` frames on the calling thread, as fast as the sink takes them (offline renders,
    /// and the tests' sample-exact checks). Commands sent before are honoured at their frames.
    public func renderOffline(frames: Int) throws {
        precondition(thread == nil, "the render thread is running")
        var left = frames
        while left > 0 {
            switch sink.space() {
            case .failed(let e): throw e
            case .recovered: _ = countXrun(growing: false)
            case .ready(let avail, let delay):
                if avail <= 0 {
                    sink.wait(wake: wake, timeoutMs: 100)
                    continue
                }
                let n = min(left, avail, shape.periodFrames)
                if let e = renderBlock(frames: n, delay: delay, queued: sink.bufferFrames - avail) { throw e }
                left -= n
            }
        }
    }

    // MARK: render side

    private func renderLoop() {
        renderThreadID.store(ThreadPriority.currentThreadID(), ordering: .releasing)
        MemoryLock.prefaultStack()
        let cpu0 = Self.threadCPUNanos(), wall0 = MonotonicClock.nanos()
        defer {
            threadCPUNanos.store(Self.threadCPUNanos() - cpu0, ordering: .relaxed)
            threadWallNanos.store(Int(MonotonicClock.nanos() - wall0), ordering: .relaxed)
        }
        render.lastWriteNanos = MonotonicClock.nanos()
        while running.load(ordering: .acquiring) || control.pending > 0 && !failed.load(ordering: .relaxed) {
            passes.add(1, ordering: .relaxed)
            let stall = stallMs.exchange(0, ordering: .acquiring)
            if stall > 0 { MonotonicClock.sleep(nanos: UInt64(stall) * 1_000_000) }
            switch sink.space() {
            case .failed(let e):
                fail(e)
                return
            case .recovered:
                if let e = countXrun() {
                    fail(e)
                    return
                }
            case .ready(let avail, let delay):
                switch render.pacing.next(avail: avail, reserve: sink.reserveFrames, triggered: control.pending > 0,
                                          running: running.load(ordering: .acquiring)) {
                case .render(let frames, let refill):
                    let queued = sink.bufferFrames - avail
                    if refill, queued + frames > peakQueue.load(ordering: .relaxed) {
                        peakQueue.store(queued + frames, ordering: .relaxed)
                    }
                    if let e = renderBlock(frames: frames, delay: delay, queued: queued) {
                        fail(e)
                        return
                    }
                case .waitForDevice(let ms):
                    sink.wait(wake: wake, timeoutMs: ms)
                case .waitForTrigger(let ms):
                    guardedWakeups.add(1, ordering: .relaxed)
                    sleepOnWake(milliseconds: ms)
                case .end:
                    return
                }
            }
        }
    }

    /// The spin guard's wait: a trigger still wakes it at once.
    private func sleepOnWake(milliseconds: Int32) {
        wake.wait(timeoutMillis: max(1, milliseconds))
    }

    private static func threadCPUNanos() -> Int {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return ts.tv_sec * 1_000_000_000 + ts.tv_nsec
    }

    /// What the render thread cost, once it has stopped: CPU as a share of one core over its life, loop passes
    /// per period written (about 1 when every wake-up had work), and how often the spin guard stepped in.
    public var renderThreadLoad: (cpuPercent: Double, passesPerPeriod: Double, guardedWakeups: Int) {
        let wall = threadWallNanos.load(ordering: .relaxed)
        let periods = Double(max(1, framesWritten)) / Double(shape.periodFrames)
        return (wall > 0 ? 100 * Double(threadCPUNanos.load(ordering: .relaxed)) / Double(wall) : 0,
                Double(passes.load(ordering: .relaxed)) / periods, guardedWakeups.load(ordering: .relaxed))
    }

    private func fail(_ e: AudioError) {
        failure = e
        failed.store(true, ordering: .releasing)
        running.store(false, ordering: .releasing)
    }

    /// Mix, encode, write, then report the voices that started in this block. Returns a device failure.
    private func renderBlock(frames: Int, delay: Int, queued: Int) -> AudioError? {
        assertRenderSide()
        let begin = MonotonicClock.nanos()
        mixer.render(floatBlock, frames: frames)
        shape.format.encode(floatBlock, count: frames * shape.channels, into: byteBlock)
        costs.add(nanos: MonotonicClock.nanos() - begin)
        let result = sink.write(byteBlock, frames: frames)
        let commit = MonotonicClock.nanos()
        switch result {
        case .failed(let e): return e
        case .recovered: if let e = countXrun() { return e }
        case .written: break
        }
        render.lastWriteNanos = commit
        written.add(frames, ordering: .relaxed)
        for i in 0..<mixer.startCount {
            let s = mixer.start(i)
            let record = LatencyRecord(token: s.token, arrivalNanos: s.arrival, commitNanos: commit,
                                       aheadFrames: delay + s.offset, queuedFrames: queued + s.offset, rate: shape.rate)
            if !records.push(record) { lostRecords.add(1, ordering: .relaxed) }
        }
        return nil
    }
}
