/// Turns a stream of kernel events into samples, exactly as a motion node delivers them: the kernel sends only
/// changed axes, so the last value of each axis is kept and every SYN_REPORT closes one sample. Used by trace
/// replay and by live input alike, so both see the same samples.
public struct FrameAssembler: Sendable {
    public struct Counters: Sendable, Equatable {
        public var samples = 0
        public var dropped = 0          // SYN_DROPPED seen
        public var discardedEvents = 0  // events thrown away while recovering from SYN_DROPPED
        public var ignoredEvents = 0    // event types or codes a motion node has no use for
        public var clockResets = 0      // MSC_TIMESTAMP deltas that made no sense (device reset)
    }

    public private(set) var counters = Counters()
    /// The sample completed by the last `push` that returned true.
    public private(set) var sample = MotionSample(time: 0, stamp: .zero, accel: .zero)

    private let accelScale: SIMD3<Double>
    /// 0, or 3 where the accelerometer sits on ABS_RX/RY/RZ (hid-wiimote).
    private let accelBase: Int
    private let gyroScale: SIMD3<Double>
    private var committed = SIMD8<Int32>()  // ABS_X...ABS_RZ as of the last SYN_REPORT
    private var pending = SIMD8<Int32>()    // the frame being built
    private var pendingTimestamp: UInt32 = 0
    private var hasPendingTimestamp = false
    private var lastTimestamp: UInt32 = 0
    private var hasLastTimestamp = false
    private var lastStamp = DeviceTime.zero
    private var clock = 0.0
    private var started = false
    private var recovering = false
    private var gapPending = false

    private let axes: AxisMap

    /// Axes without a resolution pass raw units through (scale 1); the estimator's calibration normalises them.
    /// `axes` turns the device's frame onto the canonical one (identity where the caller does it itself).
    public init(device: MotionDeviceInfo, axes: AxisMap = .identity) {
        self.axes = axes
        func scale(_ i: Int) -> Double {
            let r = device.axes[i]?.resolution ?? 0
            return r > 0 ? 1 / Double(r) : 1
        }
        let base = device.accelCodeBase
        accelBase = base
        accelScale = SIMD3(scale(base), scale(base + 1), scale(base + 2))
        gyroScale = device.hasGyro ? SIMD3(scale(3), scale(4), scale(5)) : .zero
    }

    /// Feeds one kernel event at its own time.
    @inline(__always)
    public mutating func push(_ e: InputEvent) -> Bool {
        push(stamp: DeviceTime(micros: e.micros), type: e.type, code: e.code, value: e.value)
    }

    /// Feeds one event at `stamp`. Returns true when it completed a sample (read it from `sample`).
    @inline(__always)
    public mutating func push(stamp: DeviceTime, type: UInt16, code: UInt16, value: Int32) -> Bool {
        if recovering {
            if type == EV.syn && code == EV.synReport {
                recovering = false
                gapPending = true
                pending = committed
                hasPendingTimestamp = false
            }
            counters.discardedEvents += 1
            return false
        }
        switch type {
        case EV.abs:
            if code <= EV.absRZ { pending[Int(code)] = value } else { counters.ignoredEvents += 1 }
            return false
        case EV.msc:
            if code == EV.mscTimestamp {
                pendingTimestamp = UInt32(bitPattern: value)
                hasPendingTimestamp = true
            } else {
                counters.ignoredEvents += 1
            }
            return false
        case EV.syn:
            if code == EV.synReport { return closeFrame(stamp: stamp) }
            if code == EV.synDropped { markDropped() } else { counters.ignoredEvents += 1 }
            return false
        default:
            counters.ignoredEvents += 1
            return false
        }
    }

    /// SYN_DROPPED: the partial frame and everything up to and including the next SYN_REPORT are discarded.
    public mutating func markDropped() {
        counters.dropped += 1
        pending = committed
        hasPendingTimestamp = false
        recovering = true
    }

    /// Live input after a libevdev resync: the state was re-read, the next sample follows a gap.
    public mutating func markGap() { gapPending = true }

    @inline(__always)
    private mutating func closeFrame(stamp: DeviceTime) -> Bool {
        var dt = stamp - lastStamp
        if hasPendingTimestamp {
            if hasLastTimestamp {
                let ticks = pendingTimestamp &- lastTimestamp  // uint32 microseconds, wraps
                if ticks > 0 && ticks <= 1_000_000 {
                    dt = Double(ticks) * 1e-6
                } else {
                    counters.clockResets += 1
                }
            }
            lastTimestamp = pendingTimestamp
            hasLastTimestamp = true
            hasPendingTimestamp = false
        }
        if !started {
            started = true
            clock = stamp.seconds  // the sample clock starts at the event time, then goes its own way
        } else {
            clock += max(0, dt)
        }
        lastStamp = stamp
        committed = pending
        let a = SIMD3(Double(committed[accelBase]), Double(committed[accelBase + 1]), Double(committed[accelBase + 2])) * accelScale
        let g = SIMD3(Double(committed[3]), Double(committed[4]), Double(committed[5])) * gyroScale
        sample = MotionSample(time: clock, stamp: stamp, accel: axes.apply(a), gyro: axes.apply(g), afterGap: gapPending)
        gapPending = false
        counters.samples += 1
        return true
    }
}
