/// Joins an accelerometer stream and a gyro stream that arrive from two nodes with timestamps of their own (an IIO
/// chip's two devices, st_lsm6dsx; the Wii Remote's Accelerometer and Motion Plus evdev nodes): samples are taken
/// in timestamp order, each stream's latest value holds until its next sample, and a sample waits until the other
/// stream has reached its time, or until it has waited `patience` (a stream that stopped). The two nodes are read
/// one after the other and deliver in bursts, so the frames depend on the timestamps only, not on which node was
/// read first. Fixed rings, no allocation after init.
public struct SensorPairMerger: Sendable {
    public typealias Emit = (_ nanos: Int64, _ accel: SIMD3<Double>, _ gyro: SIMD3<Double>) -> Void

    /// Which samples make a frame.
    public enum Pacing: Sendable, Equatable {
        /// Every accelerometer sample, with the gyro sample that held at its time (IIO: the accelerometer's rate
        /// is the frame rate; a gyro sample at the same time counts as held).
        case accelerometer
        /// Every sample of either stream, once: a gyro sample at most `coalesceNanos` after an accelerometer sample
        /// belongs to the same report and joins its frame (hid-wiimote stamps the two nodes' events of one report
        /// microseconds apart). Frames start with the first accelerometer sample; a gyro sample released only by
        /// the patience (the accelerometer lags) is held, not a frame of its own.
        case either(coalesceNanos: Int64)
    }

    private struct Ring: Sendable {
        var times: [Int64]
        var values: [SIMD3<Double>]
        var arrivals: [UInt64]
        var head = 0
        var count = 0
        /// The newest time ever pushed: how far the stream has got.
        var reached: Int64?

        init(capacity: Int) {
            times = Array(repeating: 0, count: capacity)
            values = Array(repeating: .zero, count: capacity)
            arrivals = Array(repeating: 0, count: capacity)
        }

        var isFull: Bool { count == times.count }
        var headTime: Int64 { times[head] }

        mutating func push(_ t: Int64, _ v: SIMD3<Double>, _ arrival: UInt64) {
            let slot = (head + count) % times.count
            times[slot] = t
            values[slot] = v
            arrivals[slot] = arrival
            count += 1
            reached = max(reached ?? t, t)
        }

        mutating func pop() -> (Int64, SIMD3<Double>) {
            let out = (times[head], values[head])
            head = (head + 1) % times.count
            count -= 1
            return out
        }
    }

    private var accels: Ring
    private var gyros: Ring
    private var heldAccel: SIMD3<Double>?
    private var heldGyro = SIMD3<Double>.zero
    /// The last frame's time: a sample released late (the other stream lagged past the patience) never takes
    /// the frames back in time.
    private var lastEmitted = Int64.min
    private let patience: UInt64
    public let pacing: Pacing

    /// `patience`: how long (ns of arrival time) a sample may wait for the other stream. 0.3 s: with the machine
    /// loaded 6–7 on 2 cores, one of umockdev's two replayed Wii Remote nodes fell more than 100 ms behind the
    /// other (the old patience) in 2 of 4 runs, and the frames, and the gestures, then depended on the scheduler;
    /// at 0.3 s none did in 16. A stream that stopped costs that long once, before frames go on without it.
    public init(capacity: Int = 256, patienceNanos: UInt64 = 300_000_000, pacing: Pacing = .accelerometer) {
        accels = Ring(capacity: capacity)
        gyros = Ring(capacity: capacity)
        patience = patienceNanos
        self.pacing = pacing
    }

    /// Samples waiting for the other stream.
    public var pending: Int { accels.count + gyros.count }

    public mutating func accel(_ nanos: Int64, _ value: SIMD3<Double>, arrival: UInt64 = 0, emit: Emit) {
        if accels.isFull { release(force: true, emit) }
        accels.push(nanos, value, arrival)
        release(force: false, emit)
    }

    /// `arrival` nil: the sample never goes stale (it only ever waits to be held, as with accelerometer pacing).
    public mutating func gyro(_ nanos: Int64, _ value: SIMD3<Double>, arrival: UInt64? = nil, emit: Emit) {
        if gyros.isFull { release(force: true, emit) }
        gyros.push(nanos, value, arrival ?? Self.never)
        release(force: false, emit)
    }

    /// Releases the samples that waited longer than the patience.
    public mutating func releaseStale(now: UInt64, emit: Emit) {
        while let oldest = oldestArrival, oldest != Self.never, now >= oldest, now - oldest >= patience {
            release(force: true, once: true, emit)
        }
        release(force: false, emit)
    }

    /// Everything still waiting (the device is going away).
    public mutating func releaseAll(emit: Emit) {
        while pending > 0 { release(force: true, once: true, emit) }
    }

    private static let never = UInt64.max

    private var oldestArrival: UInt64? {
        switch (accels.count > 0, gyros.count > 0) {
        case (true, true): min(accels.arrivals[accels.head], gyros.arrivals[gyros.head])
        case (true, false): accels.arrivals[accels.head]
        case (false, true): gyros.arrivals[gyros.head]
        case (false, false): nil
        }
    }

    /// Takes samples in time order while the other stream has reached them (or, forced, the earliest one).
    private mutating func release(force: Bool, once: Bool = false, _ emit: Emit) {
        var forced = force
        func out(_ t: Int64, _ a: SIMD3<Double>) {
            lastEmitted = max(lastEmitted, t)
            emit(lastEmitted, a, heldGyro)
        }
        while accels.count > 0 || gyros.count > 0 {
            // The earliest waiting sample; on a tie the gyro first, so it counts as held at the accelerometer's time.
            let gyroFirst = gyros.count > 0 && (accels.count == 0 || gyros.headTime <= accels.headTime)
            if gyroFirst {
                let t = gyros.headTime
                let reached = accels.reached.map { $0 >= t } ?? false
                guard forced || reached else { return }
                heldGyro = gyros.pop().1
                // A gyro sample that ran ahead of a lagging accelerometer is only held: frames keep its clock.
                if case .either(let window) = pacing, reached, let a = heldAccel {
                    // A gyro sample alone (its report's accelerometer values were unchanged, dropped by the kernel).
                    if accels.count > 0 && accels.headTime <= t + window {
                        let (at, av) = accels.pop()
                        heldAccel = av
                        out(at, av)
                    } else {
                        out(t, a)
                    }
                }
            } else {
                let t = accels.headTime
                guard forced || (gyros.reached.map { $0 >= t } ?? false) else { return }
                let (_, value) = accels.pop()
                heldAccel = value
                if case .either(let window) = pacing, gyros.count > 0, gyros.headTime <= t + window {
                    heldGyro = gyros.pop().1
                }
                out(t, value)
            }
            if once { return }
            forced = false
        }
    }
}
