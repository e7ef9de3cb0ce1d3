import Glibc
import Motion
import Platform

/// The driver of a Wii Remote for a `LiveSession`.
public typealias WiimoteReader = LiveSourceDriver<WiimoteSource>

/// A Wii Remote as one source: hid-wiimote's Accelerometer node and, when the remote has one, its Motion Plus node,
/// two evdev nodes with event streams of their own, joined on their event times (`SensorPairMerger`, one frame per
/// report) into the frames of one six-axis node (`WiimoteFusion`). A Motion Plus that is missing, appears later
/// (the driver polls for it every 4 s and then adds its node) or goes away mid-round leaves the accelerometer
/// alone, and the session is reshaped (`LiveEvent.gyroChanged`).
public final class WiimoteSource: DeviceLiveSource {
    public static let descriptorSlots = 2
    public private(set) var device: DiscoveredDevice
    private let options: LiveOptions
    private var pair: WiimotePair?
    /// The recording's shape, fixed by its header: with or without the gyro axes.
    private var recordedGyro = false
    private var recordFailure: DeviceError?
    /// Nodes that appeared while the remote had no Motion Plus, tried again until their time is up (udev may still be
    /// setting a new node up: permissions, or an emulation its replies).
    private var gyroCandidates: [String: MonoInstant] = [:]

    public init(device: DiscoveredDevice, options: LiveOptions = LiveOptions()) {
        var fused = device
        fused.info = WiimoteFusion.device(accelerometer: device.info, gyro: device.gyroNode != nil)
        self.device = fused
        self.options = options
    }

    public var hotplugFolder: (directory: String, prefix: String) { (options.inputDirectory, "event") }

    public func open() throws(DeviceError) -> LiveOpening {
        let first = try WiimotePair(accelerometer: device.path, gyroPath: device.gyroNode?.path, inputDirectory: options.inputDirectory)
        pair = first
        recordedGyro = first.hasGyro
        device.info = first.info
        return opening(first, notes: first.notes)
    }

    private func opening(_ candidate: WiimotePair, notes: [String] = []) -> LiveOpening {
        let node = OpenedNode(path: candidate.accelPath, info: candidate.info, uniq: device.uniq, isMotionNode: true,
                              clock: candidate.clock, clockRefusal: candidate.clockRefusal,
                              axisValues: candidate.currentAxes, openMicros: candidate.openMicros)
        return LiveOpening(node: node, at: .now(), notes: notes)
    }

    public func prepare(_ ready: inout PollSet, from first: Int) -> Int32? {
        ready.watch(first, pair?.accelFD ?? -1)
        ready.watch(first + 1, pair?.gyroFD ?? -1)
        // Frames waiting for the other node are released after the merger's patience at the latest.
        return (pair?.pending ?? 0) > 0 || !gyroCandidates.isEmpty ? 100 : nil
    }

    public func read(_ ready: PollSet, from first: Int, into session: inout LiveSession, recorder: (any TraceRecording)?,
                     at now: MonoInstant, handler: (LiveEvent) -> Void) throws(DeviceError) -> LiveRead {
        guard let pair else { return .idle }
        var fresh = false
        if ready.isReady(first + 1) {
            fresh = true
            if !drain(pair, gyro: true, session: &session, recorder: recorder, at: now, handler: handler) || ready.hasFailed(first + 1) {
                dropGyro("the Motion Plus node \(pair.gyroPath ?? "") went away", session: &session, recorder: recorder, at: now, handler: handler)
            }
        }
        var gone = false
        if ready.isReady(first) {
            fresh = true
            gone = !drain(pair, gyro: false, session: &session, recorder: recorder, at: now, handler: handler) || ready.hasFailed(first)
        }
        pair.releaseStale(now: MonotonicClock.nanos()) { deliver($0, session: &session, recorder: recorder, at: now, handler: handler) }
        if gone { pair.releaseAll { deliver($0, session: &session, recorder: recorder, at: now, handler: handler) } }
        tryGyroCandidates(&session, at: now, handler: handler)
        if let recordFailure { throw recordFailure }
        return gone ? .gone : fresh ? .fresh : .idle
    }

    /// Reads one node until it would block. False when it is gone.
    private func drain(_ pair: WiimotePair, gyro: Bool, session: inout LiveSession, recorder: (any TraceRecording)?,
                       at now: MonoInstant, handler: (LiveEvent) -> Void) -> Bool {
        while true {
            session.stats.reads += 1
            let status = pair.read(gyro: gyro, arrival: MonotonicClock.nanos()) { frame in
                deliver(frame, session: &session, recorder: recorder, at: now, handler: handler)
            }
            switch status {
            case .read(let n) where n >= EventReader.defaultBatch: continue
            case .read, .wouldBlock: return true
            case .gone, .failed: return false
            }
        }
    }

    /// One fused frame to the session, and to the recording in the shape it began with.
    private func deliver(_ frame: WiimotePair.Frame, session: inout LiveSession, recorder: (any TraceRecording)?,
                         at now: MonoInstant, handler: (LiveEvent) -> Void) {
        let micros = frame.nanos / 1000
        if frame.afterGap {
            // A node overflowed (SYN_DROPPED) and was re-read: the frame follows a gap, as on a single node.
            for e in [InputEvent(micros: micros, type: EV.syn, code: EV.synDropped, value: 0),
                      InputEvent(micros: micros, type: EV.syn, code: EV.synReport, value: 0)] {
                record(e, recorder)
                if case .currentAxes(let at) = session.receive(e, at: now, emit: handler) {
                    session.resynced(axes: [Int32?](repeating: nil, count: 6), micros: at, at: now, emit: handler)
                }
            }
        }
        if let recorder, recordFailure == nil {
            WiimoteFusion.encode(accel: frame.accel, rate: frame.hasGyro ? frame.rate : .zero, gyro: recordedGyro, micros: micros) {
                record($0, recorder)
            }
        }
        WiimoteFusion.encode(accel: frame.accel, rate: frame.rate, gyro: frame.hasGyro, micros: micros) { e in
            _ = session.receive(e, at: now, emit: handler)
        }
    }

    private func record(_ e: InputEvent, _ recorder: (any TraceRecording)?) {
        guard let recorder, recordFailure == nil else { return }
        do throws(DeviceError) { try recorder.write(e) } catch { recordFailure = error }
    }

    /// The Motion Plus went away (read error, hang-up, node deleted): the accelerometer goes on alone.
    private func dropGyro(_ reason: String, session: inout LiveSession, recorder: (any TraceRecording)?, at now: MonoInstant,
                          handler: (LiveEvent) -> Void) {
        guard let pair, pair.hasGyro else { return }
        pair.releaseAll { deliver($0, session: &session, recorder: recorder, at: now, handler: handler) }
        pair.detachGyro()
        device.info = pair.info
        session.reshape(pair.info, reason: reason, at: now, emit: handler)
    }

    /// A node came or went in /dev/input: the session's own changes, and this remote's Motion Plus appearing (or
    /// getting its permissions), or going.
    public func hotplug(_ change: LiveSession.Change, into session: inout LiveSession, recorder: (any TraceRecording)?,
                        at now: MonoInstant, handler: (LiveEvent) -> Void) {
        session.hotplug(change, at: now, emit: handler)
        guard let pair, session.isConnected else { return }
        switch change {
        case .deleted(let path) where path == pair.gyroPath:
            dropGyro("the Motion Plus node \(path) was removed", session: &session, recorder: recorder, at: now, handler: handler)
        case .created(let path), .attributes(let path):
            guard !pair.hasGyro, path != pair.accelPath else { return }
            gyroCandidates[path] = now.advanced(bySeconds: 3)
        default:
            break
        }
    }

    /// Tries the nodes that appeared since the Motion Plus was missing; the first that is this remote's is fused.
    private func tryGyroCandidates(_ session: inout LiveSession, at now: MonoInstant, handler: (LiveEvent) -> Void) {
        guard !gyroCandidates.isEmpty else { return }
        guard let pair, session.isConnected, !pair.hasGyro else { gyroCandidates = [:]; return }
        for (path, giveUp) in gyroCandidates.sorted(by: { $0.key < $1.key }) {
            if pair.attachGyro(path) {
                gyroCandidates = [:]
                device.info = pair.info
                session.reshape(pair.info, reason: "Motion Plus found at \(path)", at: now, emit: handler)
                return
            }
            if now > giveUp { gyroCandidates[path] = nil }
        }
    }

    public func close(lost: Bool) {
        pair = nil
        gyroCandidates = [:]
    }

    /// While lost: the nodes that appeared since, in order; each opened with the Motion Plus found beside it.
    public func reconnect(_ session: inout LiveSession, hotplugged: Bool, handler: (LiveEvent) -> Void) {
        for path in session.candidates {
            if let candidate = try? WiimotePair(accelerometer: path, gyroPath: nil, inputDirectory: options.inputDirectory) {
                let o = opening(candidate)
                if session.connect(o.node, at: o.at, emit: handler) {
                    pair = candidate
                    device.info = candidate.info
                    return
                }
            }
            session.notReconnected(path, at: .now())
        }
    }
}

/// A Wii Remote's accelerometer node and Motion Plus node, read as one source of fused frames.
final class WiimotePair {
    struct Frame {
        var nanos: Int64
        /// The accelerometer's counts (ABS_RX/RY/RZ of its node).
        var accel: SIMD3<Double>
        /// °/s in the accelerometer's frame (zero without a gyro).
        var rate: SIMD3<Double>
        var hasGyro: Bool
        var afterGap: Bool
    }

    /// One evdev node: its reader, the values it holds (the kernel sends only changes), SYN_DROPPED recovery.
    private final class Stream {
        let node: EvdevNode
        let reader: EventReader
        var values: SIMD3<Double>
        var recovering = false

        init(_ node: EvdevNode) {
            self.node = node
            reader = EventReader(fd: node.fd)
            values = SIMD3((0..<3).map { Double(node.currentAbsValue(UInt16(3 + $0)) ?? 0) })
        }

        func reread() {
            for i in 0..<3 { if let v = node.currentAbsValue(UInt16(3 + i)) { values[i] = Double(v) } }
        }
    }

    let accelPath: String
    private let accelStream: Stream
    private var gyroStream: Stream?
    private(set) var gyroPath: String?
    private let accelInfo: MotionDeviceInfo
    private let me: WiimoteNodes.Facts
    let clock: EventClock
    let clockRefusal: String?
    let openMicros: Int64
    private(set) var notes: [String] = []
    private var merger = SensorPairMerger(pacing: .either(coalesceNanos: 2_000_000))
    /// A node re-read after SYN_DROPPED: the next frame follows a gap.
    private var gapPending = false

    /// Opens the accelerometer node and, when given or found beside it in `inputDirectory`, its Motion Plus node.
    init(accelerometer path: String, gyroPath: String?, inputDirectory: String) throws(DeviceError) {
        let node = try EvdevNode(path: path)
        guard node.motionRule == .accelerometerOnRotationalAxes || node.info.accelerometerOnRotationalAxes else {
            throw DeviceError(path: path, kind: .notMotion, "not a Wii Remote accelerometer node")
        }
        accelPath = path
        accelInfo = node.info
        me = WiimoteNodes.Facts(path: path, name: node.name, ids: [node.bus, node.vendor, node.product],
                                parent: SysfsInput(eventNode: path).parentDevice)
        let refusal = node.useMonotonicClock()
        clockRefusal = refusal
        clock = refusal == nil ? .monotonic : .realtime
        let now = MonoInstant.now()
        openMicros = clock == .monotonic ? Int64(now.nanos / 1000) : WallClock.micros()
        accelStream = Stream(node)
        if let gyroPath {
            if !attachGyro(gyroPath) { notes.append("Motion Plus \(gyroPath) cannot be read: accelerometer only") }
        } else {
            for candidate in DeviceDiscovery.eventNodes(in: inputDirectory) where candidate != path {
                if attachGyro(candidate) { break }
            }
        }
        if let p = self.gyroPath { notes.append("Motion Plus \(p) fused with \(path) on their event times") }
    }

    var hasGyro: Bool { gyroStream != nil }
    var accelFD: Int32 { accelStream.node.fd }
    var gyroFD: Int32 { gyroStream?.node.fd ?? -1 }
    var pending: Int { merger.pending }
    var info: MotionDeviceInfo { WiimoteFusion.device(accelerometer: accelInfo, gyro: hasGyro) }

    /// ABS_X … ABS_RZ of the fused node as the two nodes hold them now.
    var currentAxes: [Int32?] {
        var out = [Int32?](repeating: nil, count: 6)
        WiimoteFusion.encode(accel: accelStream.values, rate: rate, gyro: hasGyro, micros: 0) { e in
            if e.type == EV.abs { out[Int(e.code)] = e.value }
        }
        return out
    }

    private var rate: SIMD3<Double> { gyroStream.map { WiimoteFusion.rate(motionPlus: $0.values) } ?? .zero }

    /// Opens `path` as this remote's Motion Plus node when it is one (and on the same clock). False otherwise.
    @discardableResult
    func attachGyro(_ path: String) -> Bool {
        guard gyroStream == nil, let node = try? EvdevNode(path: path) else { return false }
        let facts = WiimoteNodes.Facts(path: path, name: node.name, ids: [node.bus, node.vendor, node.product],
                                       parent: SysfsInput(eventNode: path).parentDevice)
        guard WiimoteNodes.isMotionPlus(facts, of: me) else { return false }
        // Both nodes must stamp on one clock for their times to be compared.
        let refusal = node.useMonotonicClock()
        guard (refusal == nil) == (clock == .monotonic) else {
            notes.append("Motion Plus \(path) refused the accelerometer's event clock: accelerometer only")
            return false
        }
        gyroStream = Stream(node)
        gyroPath = path
        merger = SensorPairMerger(pacing: .either(coalesceNanos: 2_000_000))
        return true
    }

    func detachGyro() {
        gyroStream = nil
        gyroPath = nil
        merger = SensorPairMerger(pacing: .either(coalesceNanos: 2_000_000))
    }

    /// One read(2) of a node; every frame it completes goes to `frame`.
    func read(gyro: Bool, arrival: UInt64, frame: (Frame) -> Void) -> EventReader.Status {
        guard let stream = gyro ? gyroStream : accelStream else { return .wouldBlock }
        return stream.reader.read { e in
            if e.type == EV.syn && e.code == EV.synDropped {
                stream.recovering = true
                return
            }
            if e.type == EV.abs, (3...5).contains(e.code) {
                if !stream.recovering { stream.values[Int(e.code) - 3] = Double(e.value) }
                return
            }
            guard e.type == EV.syn && e.code == EV.synReport else { return }
            if stream.recovering {
                // The kernel's protocol: everything up to and including this SYN_REPORT is void; re-read the state.
                stream.recovering = false
                stream.reread()
                gapPending = true
                return
            }
            let nanos = e.micros &* 1000
            // Closures written in place: nothing is allocated per frame.
            if gyro {
                merger.gyro(nanos, WiimoteFusion.rate(motionPlus: stream.values), arrival: arrival) { t, a, g in self.emit(t, a, g, frame) }
            } else if hasGyro {
                merger.accel(nanos, stream.values, arrival: arrival) { t, a, g in self.emit(t, a, g, frame) }
            } else {
                self.emit(nanos, stream.values, .zero, frame)
            }
        }
    }

    private func emit(_ nanos: Int64, _ accel: SIMD3<Double>, _ rate: SIMD3<Double>, _ frame: (Frame) -> Void) {
        frame(Frame(nanos: nanos, accel: accel, rate: rate, hasGyro: hasGyro, afterGap: gapPending))
        gapPending = false
    }

    func releaseStale(now: UInt64, frame: (Frame) -> Void) {
        merger.releaseStale(now: now) { t, a, g in emit(t, a, g, frame) }
    }

    func releaseAll(frame: (Frame) -> Void) {
        merger.releaseAll { t, a, g in emit(t, a, g, frame) }
    }
}
