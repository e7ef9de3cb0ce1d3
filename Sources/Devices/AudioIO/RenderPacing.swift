/// What the render thread does next, decided from what the device said and whether a trigger waits: a pure
/// value (no clock, no device), so the spin guard, the reserve and the drain at stop are tested directly.
struct RenderPacing: Sendable {
    enum Step: Sendable, Equatable {
        /// Mix and write this many frames; `refill`: no trigger asked for it (it counts toward the peak queue).
        case render(frames: Int, refill: Bool)
        /// Sleep in poll on the device and the wake-up.
        case waitForDevice(milliseconds: Int32)
        /// The device's descriptors woke the thread twice with nothing to do: sleep on the wake-up alone until a
        /// period should be free, so a device whose descriptors stay readable cannot make it spin.
        case waitForTrigger(milliseconds: Int32)
        /// Stopped, and a queued trigger found no room for four waits: give up on it.
        case end
    }

    let period: Int
    let rate: Int
    /// Smallest write worth waking for when a trigger arrives and less than a period is free.
    let minimumChunk: Int
    let deviceTimeout: Int32
    private var idleWakeups = 0
    private var drainWaits = 0

    init(period: Int, rate: Int, periodMilliseconds: Double, minimumChunk: Int = 8) {
        self.period = period
        self.rate = rate
        self.minimumChunk = minimumChunk
        deviceTimeout = Int32(saturating: max(10, 4 * periodMilliseconds))
    }

    /// `avail`: frames the device can take; `reserve`: frames kept free for triggers (pipewire-alsa);
    /// `triggered`: a command waits; `running`: not stopping.
    mutating func next(avail: Int, reserve: Int, triggered: Bool, running: Bool) -> Step {
        if avail >= period || (triggered && avail >= minimumChunk) {
            idleWakeups = 0
            // A trigger takes all the room there is; otherwise the reserve stays free for the next one.
            let frames = triggered ? min(avail, period) : min(avail - reserve, period)
            if frames > 0 { return .render(frames: frames, refill: !triggered) }
        }
        if !running {
            // Stopping with a trigger queued: it is committed once a period frees (a few periods at most).
            drainWaits += 1
            return drainWaits > 4 ? .end : .waitForDevice(milliseconds: deviceTimeout)
        }
        if idleWakeups >= 2 {
            idleWakeups = 0
            let missing = max(0, period - avail)
            return .waitForTrigger(milliseconds: max(1, Int32(clamping: (missing * 1000 + rate - 1) / max(1, rate))))
        }
        idleWakeups += 1
        return .waitForDevice(milliseconds: deviceTimeout)
    }
}
