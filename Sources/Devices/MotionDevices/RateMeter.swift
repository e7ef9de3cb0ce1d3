import Motion

/// Estimates a node's sample rate from the frames it sends: the device clock (MSC_TIMESTAMP) when it has one,
/// else the event times. Mean spacing over the window, so bursts (several samples per report) average out.
struct RateMeter {
    private var frames = 0
    private var firstStamp = 0.0
    private var lastStamp = 0.0
    private var mscSpan: UInt64 = 0
    private var lastMsc: UInt32?
    private var pendingMsc: UInt32?
    private var mscFrames = 0

    mutating func push(_ e: InputEvent) {
        if e.type == EV.msc && e.code == EV.mscTimestamp {
            pendingMsc = UInt32(bitPattern: e.value)
        } else if e.type == EV.syn && e.code == EV.synReport {
            let stamp = Double(e.micros) * 1e-6
            if frames == 0 { firstStamp = stamp }
            lastStamp = stamp
            frames += 1
            if let m = pendingMsc {
                if let last = lastMsc {
                    mscSpan += UInt64(m &- last)
                    mscFrames += 1
                }
                lastMsc = m
            }
            pendingMsc = nil
        } else if e.type == EV.syn && e.code == EV.synDropped {
            lastMsc = nil
        }
    }

    var estimate: DiscoveredDevice.Rate? {
        if mscFrames >= 4, mscSpan > 0 {
            return .init(hertz: Double(mscFrames) / (Double(mscSpan) * 1e-6), source: .mscTimestamp)
        }
        if frames >= 5, lastStamp > firstStamp {
            return .init(hertz: Double(frames - 1) / (lastStamp - firstStamp), source: .eventTime)
        }
        return nil
    }
}
