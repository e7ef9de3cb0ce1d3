import Glibc
import Motion
import Platform

/// The IIO driver of a `LiveSession`.
public typealias IIOReader = LiveSourceDriver<IIOSource>

extension LiveSourceDriver where Source == IIOSource {
    /// The rate asked of a sensor, and the polling rate without a buffer.
    public static var targetRate: Double { IIOSource.targetRate }
    public var cutScans: Int { source.cutScans }
    public var timestampStepsBack: Int { source.timestampStepsBack }
}

/// An IIO sensor: scans read from /dev/iio:deviceN (buffered; a chip's accelerometer and gyro devices joined on
/// their timestamps), or sysfs polled, turned into the events an evdev motion node sends (`IIOFrameEncoder`) for
/// the session, exactly as an evdev node's are. `t` is the sensor's own timeline (its scan timestamps; read
/// times when polled), 0 at the first sample. Every attribute changed for buffered reading is put back on every
/// way out. Lost, it looks for the same sensor again in sysfs.
public final class IIOSource: DeviceLiveSource {
    /// The accelerometer's buffer and a paired gyro's.
    public static let descriptorSlots = 2
    private let options: LiveOptions
    public private(set) var device: DiscoveredDevice
    private var input: Input?
    /// The sensor time of the first sample (ns): the timeline's 0.
    private var origin: Int64?
    private var lastSensorNanos: Int64 = 0
    /// The recording could not be written: the run ends with it (after the attributes are put back).
    private var recordFailure: DeviceError?
    /// When the lost device was first found again (it may still be appearing).
    private var firstSeenAgain: UInt64?
    /// When to look for the lost device again.
    private var nextLook: UInt64 = 0
    /// A pair's two streams joined on their timestamps.
    private var merger = SensorPairMerger()
    private var encoder: IIOFrameEncoder
    /// Bytes of a scan cut off when the device went away (never decoded).
    public private(set) var cutScans = 0
    /// Sensor timestamps that went backwards (the frame clock holds; a recording goes on from its last time).
    public private(set) var timestampStepsBack = 0

    private enum Input {
        /// One buffer per part: the accelerometer's first (it closes frames), then a paired gyro's.
        case buffered([IIOBuffer], [IIOScanStream])
        case polled(IIOPoller, periodNanos: UInt64, next: UInt64)
    }

    public init(device: DiscoveredDevice, options: LiveOptions = LiveOptions()) {
        precondition(device.iio != nil, "IIOSource reads IIO devices")
        self.options = options
        self.device = device
        encoder = Self.encoder(device.iio!)
    }

    /// The rate asked of a sensor, and the polling rate without a buffer.
    public static let targetRate = 100.0

    public var hotplugFolder: (directory: String, prefix: String) { (options.iioDevices, "iio:device") }

    static func encoder(_ d: IIODevice) -> IIOFrameEncoder {
        let a = d.accelPart!.accel!
        let g = d.gyroPart?.gyro.flatMap { $0.scale == nil ? nil : $0 }
        return IIOFrameEncoder(accel: .init(scale: a.scale, offset: a.offset, mount: a.mount),
                               gyro: g.map { .init(scale: $0.scale, offset: $0.offset, mount: $0.mount) },
                               hasTimestamp: false)
    }

    public func open() throws(DeviceError) -> LiveOpening {
        let notes = try setUp(device.iio!)
        return LiveOpening(node: opened(), at: .now(), notes: notes)
    }

    public func prepare(_ ready: inout PollSet, from first: Int) -> Int32? {
        ready.watch(first, nil)
        ready.watch(first + 1, nil)
        switch input {
        case .buffered(let buffers, _)?:
            for (i, b) in buffers.enumerated() { ready.watch(first + i, b.descriptor) }
            return merger.pending > 0 ? 100 : nil
        case .polled(_, _, let next)?:
            let now = MonotonicClock.nanos()
            return next > now ? Int32(min((next - now + 999_999) / 1_000_000, 1000)) : 0
        case nil:
            return firstSeenAgain == nil ? 500 : 50  // lost: look for it again (a polled device has no node to watch)
        }
    }

    public func read(_ ready: PollSet, from first: Int, into session: inout LiveSession, recorder: (any TraceRecording)?,
                     at now: MonoInstant, handler: (LiveEvent) -> Void) throws(DeviceError) -> LiveRead {
        var outcome = LiveRead.idle
        switch input {
        case .buffered(let buffers, _)?:
            for i in buffers.indices where ready.isReady(first + i) {
                if !drain(i, into: &session, recorder: recorder, at: now, handler: handler) || ready.hasFailed(first + i) {
                    outcome = .gone
                    break
                }
                outcome = .fresh
            }
        case .polled(let poller, let period, let next)? where MonotonicClock.nanos() >= next:
            outcome = .fresh
            switch poller.read() {
            case .values(let a, let g):
                deliver(accel: a, gyro: g, sensorNanos: Int64(MonotonicClock.nanos()), into: &session, recorder: recorder,
                        at: now, handler: handler)
            case .unreadable:
                break  // a busy or slow read (hid-sensor's request timed out): the next poll tries again
            case .gone:
                outcome = .gone
            }
            if outcome != .gone { input = .polled(poller, periodNanos: period, next: max(next + period, MonotonicClock.nanos())) }
        default:
            break
        }
        if outcome != .gone, case .buffered(let buffers, _)? = input, buffers.count > 1 {
            merger.releaseStale(now: MonotonicClock.nanos()) { t, a, g in
                deliver(accel: a, gyro: g, sensorNanos: t, into: &session, recorder: recorder, at: now, handler: handler)
            }
        }
        if let recordFailure { throw recordFailure }
        return outcome
    }

    /// The session knows nodes by the device's path: a change to any node of ours is a change to it.
    public func hotplug(_ change: LiveSession.Change, into session: inout LiveSession, recorder: (any TraceRecording)?,
                        at now: MonoInstant, handler: (LiveEvent) -> Void) {
        let ours = device.iio?.parts.compactMap(\.node) ?? []
        switch change {
        case .deleted(let p) where ours.contains(p): session.hotplug(.deleted(device.path), at: now, emit: handler)
        default: session.hotplug(change, at: now, emit: handler)
        }
    }

    /// Sets the device up: buffered when every part can be, else polled with the reason. Returns the notes.
    private func setUp(_ d: IIODevice) throws(DeviceError) -> [String] {
        var notes: [String] = []
        var reason: String?
        if case .polled(let why) = d.mode { reason = why }
        // 100 Hz, or the sensor's nearest: enough for a nod, and what the gate's timings were tuned at. A sensor
        // whose list offers no rate Kape would ask for keeps its own.
        let wanted: Double?
        if let available = d.accelPart?.available {
            wanted = IIOValues.choose(Self.targetRate, from: available)
            if wanted == nil, let name = d.accelPart?.rateAttribute {
                notes.append("\(name)_available offers no rate above 0 and up to \(Int(IIOValues.maximumRate)) Hz: the rate is left as it is")
            }
        } else {
            wanted = d.accelPart?.rateAttribute != nil ? Self.targetRate : nil
        }
        if reason == nil {
            var buffers: [IIOBuffer] = []
            do throws(IIOBuffer.SetupError) {
                let accel = d.accelPart!
                if let g = d.gyroPart, g.number == accel.number {
                    // One device with both: its gyro channels join the accelerometer's scan (even with a gyro
                    // scale that cannot be used: the scan is then the one the driver delivers by default).
                    buffers = [try IIOBuffer(part: accel, kinds: ["accel", "anglvel"], rate: wanted)]
                } else {
                    buffers = [try IIOBuffer(part: accel, kinds: ["accel"], rate: wanted)]
                    if d.hasGyro, let g = d.gyroPart { buffers.append(try IIOBuffer(part: g, kinds: ["anglvel"], rate: wanted)) }
                }
            } catch {
                for b in buffers { b.restore() }
                reason = error.reason
                buffers = []
            }
            if !buffers.isEmpty {
                for b in buffers { notes += b.notes.map { "\(b.part.sysfs): \($0)" } }
                let timestamped = buffers.allSatisfy { $0.timestamp != nil }
                let streams = buffers.map { IIOScanStream(scanBytes: $0.layout.scanBytes) }
                input = .buffered(buffers, streams)
                encoder = IIOFrameEncoder(accel: encoder.accel, gyro: encoder.gyro, hasTimestamp: timestamped)
                notes.append("IIO: reading \(buffers.map { $0.part.node ?? "" }.joined(separator: " + ")) buffered, "
                             + buffers.map { "\($0.layout.scanBytes)-byte scans" }.joined(separator: " + ")
                             + (timestamped ? ", sensor timestamps" : ", no timestamp channel: arrival times"))
            }
        }
        if let reason {
            let gyro = d.hasGyro ? d.gyroPart?.sysfs : nil
            let poller: IIOPoller
            do throws(IIOPoller.OpenError) { poller = try IIOPoller(accel: d.accelPart!.sysfs, gyro: gyro) } catch {
                throw DeviceError(path: device.path, kind: .openFailed(errno: EACCES), "cannot be read buffered (\(reason)) nor polled (\(error.reason))")
            }
            let hz = Self.targetRate
            let period = UInt64(1e9 / hz)
            input = .polled(poller, periodNanos: period, next: MonotonicClock.nanos())
            encoder = IIOFrameEncoder(accel: encoder.accel, gyro: encoder.gyro, hasTimestamp: false)
            notes.append("IIO: polling sysfs at \(Int(hz.rounded())) Hz: \(reason)")
        }
        // An attribute both sensors of a part share (`in_mount_matrix`, a shared offset) is said once.
        func note(_ text: String) { if !notes.contains(text) { notes.append(text) } }
        for p in d.parts {
            for (s, isAccel) in [(p.accel, true), (p.gyro, false)] {
                guard let s else { continue }
                if let why = s.scaleProblem {
                    note("\(p.sysfs): \(why): " + (isAccel ? "accelerometer scale taken from the still period" : "gyro not used"))
                }
                if let why = s.offsetProblem { note("\(p.sysfs): \(why): offset 0 used") }
                if let why = s.mountProblem { note("\(p.sysfs): \(why): identity used") }
                if s.mount.isMirror { note("\(p.sysfs): the mount matrix (\(s.mountSource)) mirrors the frame") }
            }
        }
        var info = encoder.device
        info.name = device.info.name
        device.info = info
        return notes
    }

    private func opened() -> OpenedNode {
        OpenedNode(path: device.path, info: device.info, uniq: device.uniq, isMotionNode: true, clock: .monotonic,
                   axisValues: [Int32?](repeating: nil, count: 6), openMicros: 0)
    }

    /// Reads the part's node until it would block. False when it is gone.
    private func drain(_ index: Int, into session: inout LiveSession, recorder: (any TraceRecording)?, at now: MonoInstant,
                       handler: (LiveEvent) -> Void) -> Bool {
        guard case .buffered(let buffers, let streams) = input else { return true }
        let b = buffers[index]
        let isAccel = index == 0
        let both = encoder.gyro != nil && b.gyroAxes != nil
        // A bounded number of reads per wake-up: a node that never runs dry (a flood, a stream of zeros) still
        // lets the loop see Ctrl-C and --duration; poll wakes it again at once for the rest.
        for _ in 0..<Self.readsPerWake {
            session.stats.reads += 1
            let space = streams[index].freeSpace
            let n = Glibc.read(b.fd, space.baseAddress, space.count)
            if n < 0 {
                let e = errno
                if e == EAGAIN || e == EWOULDBLOCK || e == EINTR { return true }
                cutScans += streams[index].partialBytes > 0 ? 1 : 0
                return false
            }
            if n == 0 {
                cutScans += streams[index].partialBytes > 0 ? 1 : 0
                return false
            }
            streams[index].commit(n) { scan in
                let values = b.values(scan)
                let sensor = b.stamp(scan) ?? Int64(MonotonicClock.nanos())
                func emit(_ nanos: Int64, _ accel: SIMD3<Double>, _ gyro: SIMD3<Double>) {
                    deliver(accel: accel, gyro: gyro, sensorNanos: nanos, into: &session, recorder: recorder, at: now, handler: handler)
                }
                if buffers.count == 1 {
                    emit(sensor, values, both ? gyroValues(b, scan) : .zero)
                } else if isAccel {
                    merger.accel(sensor, values, arrival: MonotonicClock.nanos(), emit: emit)
                } else {
                    merger.gyro(sensor, values, emit: emit)
                }
            }
            if n < space.count { return true }
        }
        return true
    }

    /// Reads per wake-up: 64 full buffers of 64 scans, far beyond what a sensor sends between two wake-ups.
    static let readsPerWake = 64

    private func gyroValues(_ b: IIOBuffer, _ scan: UnsafeRawBufferPointer) -> SIMD3<Double> {
        guard let e = b.gyroAxes else { return .zero }
        return SIMD3(Double(e[0].type.value(in: scan, at: e[0].offset)), Double(e[1].type.value(in: scan, at: e[1].offset)),
                     Double(e[2].type.value(in: scan, at: e[2].offset)))
    }

    /// One sample to the session, as the events of one evdev frame.
    private func deliver(accel: SIMD3<Double>, gyro: SIMD3<Double>, sensorNanos: Int64, into session: inout LiveSession,
                         recorder: (any TraceRecording)?, at now: MonoInstant, handler: (LiveEvent) -> Void) {
        if origin == nil { origin = sensorNanos }
        if sensorNanos < lastSensorNanos { timestampStepsBack += 1 }
        lastSensorNanos = sensorNanos
        let micros = (sensorNanos &- origin!) / 1000
        let sensorMicros = UInt32(truncatingIfNeeded: sensorNanos / 1000)
        encoder.encode(accelRaw: accel, gyroRaw: gyro, micros: micros, sensorMicros: sensorMicros) { e in
            if let recorder, recordFailure == nil {
                do throws(DeviceError) { try recorder.write(e) } catch { recordFailure = error }
            }
            _ = session.receive(e, at: now, emit: handler)
        }
    }

    /// Every buffer back as it was, the nodes closed. Lost: a scan the loss cut off is counted and a pair's
    /// half-joined samples dropped.
    public func close(lost: Bool) {
        guard let input else { return }
        if lost {
            merger = SensorPairMerger()
            if case .buffered(_, let streams) = input { for s in streams where s.partialBytes > 0 { cutScans += 1 } }
        }
        if case .buffered(let buffers, _) = input { for b in buffers { b.restore() } }
        self.input = nil
    }

    /// While lost, every half second (every 50 ms once it is seen again, and at once after a hot-plug change): the
    /// same sensor (same name and place in sysfs) found again is set up afresh.
    public func reconnect(_ session: inout LiveSession, hotplugged: Bool, handler: (LiveEvent) -> Void) {
        if hotplugged { nextLook = 0 }
        guard MonotonicClock.nanos() >= nextLook else { return }
        nextLook = MonotonicClock.nanos() + (firstSeenAgain == nil ? 500_000_000 : 50_000_000)
        guard let again = IIODiscovery.scan(root: options.iioRoot, devDirectory: options.iioDevices).first(where: { d in
            let candidate = IIODiscovery.discovered(d, overrides: [:])
            return candidate.configKey == device.configKey && candidate.uniq == device.uniq
        }) else {
            // Nodes the session was told about that are not this device: this source looks again on its own.
            for path in session.candidates { session.notReconnected(path, at: .now().advanced(bySeconds: 10)) }
            firstSeenAgain = nil
            return
        }
        // A device being added shows its node before all its attributes: a buffered device that looks polled is
        // given two seconds to finish appearing.
        let now = MonotonicClock.nanos()
        if firstSeenAgain == nil { firstSeenAgain = now }
        if again.mode != .buffered, device.iio?.mode == .buffered, now < firstSeenAgain! + 2_000_000_000 { return }
        firstSeenAgain = nil
        device.iio = again
        device.path = again.accelPart?.node ?? again.accelPart?.sysfs ?? device.path
        encoder = Self.encoder(again)
        do throws(DeviceError) { _ = try setUp(again) } catch { return }
        // The timeline keeps its origin: the sensor's clock (CLOCK_MONOTONIC once set) goes on across the unplug.
        if !session.connect(opened(), at: .now(), emit: handler) { close(lost: false) }
        for path in session.candidates { session.notReconnected(path, at: .now().advanced(bySeconds: 10)) }
    }
}
