/// Joins the two streams of a chip that gives its accelerometer and its gyro a device each (st_lsm6dsx): every
/// accelerometer sample becomes a frame with the gyro sample that held at its timestamp (the newest at or before
/// it). The two nodes are read one after the other and deliver in bursts, so an accelerometer sample waits until
/// the gyro stream has reached its time, or until it has waited `patience` (a gyro that stopped): the frames then
/// depend on the timestamps only, not on which node was read first. Fixed rings, no allocation after init.
public struct IIOPairMerger: Sendable {
    public typealias Emit = (_ nanos: Int64, _ accel: SIMD3<Double>, _ gyro: SIMD3<Double>) -> Void

    private var gyroTimes: [Int64]
    private var gyroValues: [SIMD3<Double>]
    private var gyroCount = 0
    private var gyroNext = 0
    private var accelTimes: [Int64]
    private var accelValues: [SIMD3<Double>]
    private var accelArrivals: [UInt64]
    private var accelHead = 0
    private var accelCount = 0
    private let patience: UInt64

    /// `patience`: how long (ns of arrival time) an accelerometer sample may wait for the gyro.
    public init(capacity: Int = 256, patienceNanos: UInt64 = 100_000_000) {
        gyroTimes = Array(repeating: 0, count: capacity)
        gyroValues = Array(repeating: .zero, count: capacity)
        accelTimes = Array(repeating: 0, count: capacity)
        accelValues = Array(repeating: .zero, count: capacity)
        accelArrivals = Array(repeating: 0, count: capacity)
        patience = patienceNanos
    }

    public var pending: Int { accelCount }

    public mutating func gyro(_ nanos: Int64, _ value: SIMD3<Double>, emit: Emit) {
        gyroTimes[gyroNext] = nanos
        gyroValues[gyroNext] = value
        gyroNext = (gyroNext + 1) % gyroTimes.count
        gyroCount = min(gyroCount + 1, gyroTimes.count)
        while accelCount > 0 && accelTimes[accelHead] <= nanos { release(emit) }
    }

    public mutating func accel(_ nanos: Int64, _ value: SIMD3<Double>, arrival: UInt64, emit: Emit) {
        if accelCount == 0, let newest = newestGyroTime, newest >= nanos {
            emit(nanos, value, held(at: nanos))
            return
        }
        if accelCount == accelTimes.count { release(emit) }
        let slot = (accelHead + accelCount) % accelTimes.count
        accelTimes[slot] = nanos
        accelValues[slot] = value
        accelArrivals[slot] = arrival
        accelCount += 1
    }

    /// Releases the samples that waited longer than the patience, with the newest gyro there is.
    public mutating func releaseStale(now: UInt64, emit: Emit) {
        while accelCount > 0 && now >= accelArrivals[accelHead] &+ patience { release(emit) }
    }

    /// Everything still waiting (the device is going away).
    public mutating func releaseAll(emit: Emit) {
        while accelCount > 0 { release(emit) }
    }

    private mutating func release(_ emit: Emit) {
        let t = accelTimes[accelHead]
        emit(t, accelValues[accelHead], held(at: t))
        accelHead = (accelHead + 1) % accelTimes.count
        accelCount -= 1
    }

    private var newestGyroTime: Int64? {
        gyroCount == 0 ? nil : gyroTimes[(gyroNext - 1 + gyroTimes.count) % gyroTimes.count]
    }

    /// The newest gyro sample at or before `nanos`; the oldest kept when all are later; zero before any.
    private func held(at nanos: Int64) -> SIMD3<Double> {
        guard gyroCount > 0 else { return .zero }
        var best: Int?
        var oldest = (gyroNext - gyroCount + gyroTimes.count) % gyroTimes.count
        for k in 0..<gyroCount {
            let i = (gyroNext - 1 - k + 2 * gyroTimes.count) % gyroTimes.count
            if gyroTimes[i] <= nanos { best = i; break }
            oldest = i
        }
        return gyroValues[best ?? oldest]
    }
}
