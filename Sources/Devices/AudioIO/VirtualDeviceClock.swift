import Glibc
import Platform

/// A sound card's pace without a card: a buffer of `bufferFrames` drained at `rate` by the monotonic clock, started
/// when first full and restarted after running dry (counted like an ALSA xrun). The paced file and silent sinks
/// share it, so the engine's timing, wake-ups and latency records are those of a device.
struct VirtualDeviceClock {
    let rate: Int
    let periodFrames: Int
    private(set) var written: Int64 = 0
    private var startNanos: UInt64 = 0
    private var startFrame: Int64 = 0     // frames played when the virtual device (re)started
    private var started = false

    init(rate: Int, periodFrames: Int) {
        self.rate = rate
        self.periodFrames = periodFrames
    }

    /// Frames played since it started.
    private func played(now: UInt64) -> Int64 {
        guard started else { return startFrame }
        return startFrame + Int64((now - startNanos) / 1000) * Int64(rate) / 1_000_000
    }

    mutating func space(bufferFrames: Int) -> SinkSpace {
        let queued = written - played(now: MonotonicClock.nanos())
        if started && queued < 0 {
            // Ran dry: like ALSA, count it and start again when the buffer is full.
            started = false
            startFrame = written
            return .recovered
        }
        let q = Int(max(0, queued))
        return .ready(avail: bufferFrames - q, delay: q)
    }

    /// Waits on `wake` until a period is free again, at most `timeoutMs`.
    func wait(wake: WakeEvent, timeoutMs: Int32, bufferFrames: Int) {
        var timeout = timeoutMs
        if started {
            let queued = written - played(now: MonotonicClock.nanos())
            let excess = queued - Int64(bufferFrames - periodFrames)
            timeout = Int32(max(0, min(Int64(timeoutMs), (excess * 1000 + Int64(rate) - 1) / Int64(rate))))
        }
        wake.wait(timeoutMillis: timeout)
    }

    mutating func wrote(frames: Int, bufferFrames: Int) {
        written += Int64(frames)
        if !started && written - startFrame >= Int64(bufferFrames) {
            started = true
            startNanos = MonotonicClock.nanos()
        }
    }

    /// Sleeps while what is queued plays out.
    func drain() {
        guard started else { return }
        let queued = written - played(now: MonotonicClock.nanos())
        if queued > 0 { MonotonicClock.sleep(nanos: UInt64(queued) * 1_000_000_000 / UInt64(rate)) }
    }
}

/// A sink without a card (a file, or nowhere) that may keep a device's pace: its shape, whether it is paced, and the
/// clock. The render thread alone drives it.
final class VirtualDevice: @unchecked Sendable {
    let sizes: SinkShape
    let paced: Bool
    var clock: VirtualDeviceClock

    init(_ info: SinkInfo, request: SinkRequest, paced: Bool) {
        sizes = SinkShape(info, request: request)
        self.paced = paced
        clock = VirtualDeviceClock(rate: request.rate, periodFrames: request.periodFrames)
    }
}

/// The `AudioSink` calls a sink over a `VirtualDevice` answers alike: offline (not paced) there is always room and
/// nothing queued; paced, as a card with its buffer would.
protocol VirtualDeviceSink: AudioSink {
    var device: VirtualDevice { get }
}

extension VirtualDeviceSink {
    public var info: SinkInfo { device.sizes.info }
    public var bufferFrames: Int { device.sizes.bufferFrames }
    public var reserveFrames: Int { 0 }
    public var grownQueueFrames: Int? { device.paced ? device.sizes.grownQueue : nil }

    public func grow() -> Int? {
        guard device.paced, let next = device.sizes.grown else { return nil }
        device.sizes.set(bufferFrames: next)
        return next
    }

    public func space() -> SinkSpace {
        device.paced ? device.clock.space(bufferFrames: bufferFrames) : .ready(avail: bufferFrames, delay: 0)
    }

    public func wait(wake: WakeEvent, timeoutMs: Int32) {
        if device.paced { device.clock.wait(wake: wake, timeoutMs: timeoutMs, bufferFrames: bufferFrames) } else {
            wake.wait(timeoutMillis: timeoutMs)
        }
    }

    /// Counts frames written (after they were).
    func wrote(_ frames: Int) { device.clock.wrote(frames: frames, bufferFrames: bufferFrames) }

    /// Lets what is queued play out (paced).
    func drain() { if device.paced { device.clock.drain() } }
}
