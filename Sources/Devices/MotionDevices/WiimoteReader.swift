import Glibc
import Motion
import Platform

/// The driver of a Wii Remote for a `LiveSession`: hid-wiimote's Accelerometer node and, when the remote has one,
/// its Motion Plus node, two evdev nodes with event streams of their own, joined on their event times
/// (`SensorPairMerger`, one frame per report) into the frames of one six-axis node (`WiimoteFusion`). A Motion
/// Plus that is missing, appears later (the driver polls for it every 4 s and then adds its node) or goes away
/// mid-round leaves the accelerometer alone, and the session is reshaped (`LiveEvent.gyroChanged`).
///
/// Shaped as a source that yields frames (`WiimotePair`) and the loop that waits on it, the hot-plug watch and
/// the stop signal, as `LiveReader` is for one node.
public final class WiimoteReader: LiveDriver {
    public private(set) var session: LiveSession
    private let options: LiveOptions
    private var pair: WiimotePair?
    /// The recording's shape, fixed by its header: with or without the gyro axes.
    private var recordedGyro = false
    private var recordFailure: DeviceError?
    /// Nodes that appeared while the remote had no Motion Plus, tried again until their time is up (udev may still be
    /// setting a new node up: permissions, or an emulation its replies).
    fileprivate var gyroCandidates: [String: MonoInstant] = [:]

    public init(device: DiscoveredDevice, options: LiveOptions = LiveOptions()) {
        self.options = options
        var fused = device
        fused.info = WiimoteFusion.device(accelerometer: device.info, gyro: device.gyroNode != nil)
        session = LiveSession(device: fused, options: options)
    }

    public var stats: LiveStats { session.stats }

    public func run(stop: StopSignal, recorder: (any TraceRecording)?, handler: (LiveEvent) -> Void) throws(DeviceError) {
        var notes: [String] = []
        if options.realtime, let refused = RealtimePriority.request() { notes.append(refused) }
        let first = try WiimotePair(accelerometer: session.device.path, gyroPath: session.device.gyroNode?.path,
                                    inputDirectory: options.inputDirectory)
        notes += first.notes
        recordedGyro = first.hasGyro
        try recorder?.begin(device: first.info)
        take(first, notes: notes, handler: handler)
        let watch = HotplugWatch(directory: options.inputDirectory)
        defer { pair = nil }

        var ready = PollSet(count: 4)
        ready.watch(0, stop.fd)
        ready.watch(1, watch?.fd ?? -1)
        while true {
            // Frames waiting for the other node are released after the merger's patience at the latest.
            let busy = (pair?.pending ?? 0) > 0 || !gyroCandidates.isEmpty
            guard let timeout = session.wait(at: .now()).pollTimeout(cappedAt: busy ? 100 : nil) else { return }
            ready.watch(2, pair?.accelFD ?? -1)
            ready.watch(3, pair?.gyroFD ?? -1)
            do throws(SystemCallError) { try ready.wait(timeoutMillis: timeout) } catch {
                throw DeviceError(path: session.device.path, kind: .openFailed(errno: error.errno), "\(error)")
            }
            if ready.isReady(0) { return }
            let now = MonoInstant.now()
            var fresh = false
            if pair != nil {
                if ready.isReady(3) {
                    fresh = true
                    if !drain(gyro: true, recorder: recorder, at: now, handler: handler) || ready.hasFailed(3) {
                        dropGyro("the Motion Plus node \(pair?.gyroPath ?? "") went away", recorder: recorder, at: now, handler: handler)
                    }
                }
                if ready.isReady(2) {
                    fresh = true
                    if !drain(gyro: false, recorder: recorder, at: now, handler: handler) || ready.hasFailed(2) {
                        lose(recorder: recorder, at: now, handler: handler)
                    }
                }
                pair?.releaseStale(now: MonotonicClock.nanos()) { frame in deliver(frame, recorder: recorder, at: now, handler: handler) }
            }
            if let recordFailure { throw recordFailure }
            try recorder?.flush()
            if !fresh { session.tick(at: now, emit: handler) }
            if let watch, ready.isReady(1) {
                for change in watch.changes() {
                    session.hotplug(change, at: now, emit: handler)
                    gyroHotplug(change, recorder: recorder, at: now, handler: handler)
                }
            }
            tryGyroCandidates(at: now, handler: handler)
            if pair != nil, !session.isConnected { pair = nil }
            if pair == nil { reconnect(handler: handler) }
        }
    }

    /// Hands an opened pair to the session (the first open and every reconnect); keeps it when taken.
    @discardableResult
    private func take(_ candidate: WiimotePair, notes: [String] = [], handler: (LiveEvent) -> Void) -> Bool {
        let opened = OpenedNode(path: candidate.accelPath, info: candidate.info, uniq: session.device.uniq, isMotionNode: true,
                                clock: candidate.clock, clockRefusal: candidate.clockRefusal,
                                axisValues: candidate.currentAxes, openMicros: candidate.openMicros)
        guard session.connect(opened, at: .now(), notes: notes, emit: handler) else { return false }
        pair = candidate
        return true
    }

    private func reconnect(handler: (LiveEvent) -> Void) {
        for path in session.candidates {
            if let candidate = try? WiimotePair(accelerometer: path, gyroPath: nil, inputDirectory: options.inputDirectory),
               take(candidate, handler: handler) { return }
            session.notReconnected(path, at: .now())
        }
    }

    /// Reads one node until it would block. False when it is gone.
    private func drain(gyro: Bool, recorder: (any TraceRecording)?, at now: MonoInstant, handler: (LiveEvent) -> Void) -> Bool {
        guard let pair else { return true }
        while true {
            session.stats.reads += 1
            let status = pair.read(gyro: gyro, arrival: MonotonicClock.nanos()) { frame in
                deliver(frame, recorder: recorder, at: now, handler: handler)
            }
            switch status {
            case .read(let n) where n >= EventReader.defaultBatch: continue
            case .read, .wouldBlock: return true
            case .gone, .failed: return false
            }
        }
    }

    /// One fused frame to the session, and to the recording in the shape it began with.
    private func deliver(_ frame: WiimotePair.Frame, recorder: (any TraceRecording)?, at now: MonoInstant, handler: (LiveEvent) -> Void) {
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

    private func lose(recorder: (any TraceRecording)?, at now: MonoInstant, handler: (LiveEvent) -> Void) {
        pair?.releaseAll { frame in deliver(frame, recorder: recorder, at: now, handler: handler) }
        pair = nil
        session.lose(at: now, emit: handler)
    }

    /// The Motion Plus went away (read error, hang-up, node deleted): the accelerometer goes on alone.
    private func dropGyro(_ reason: String, recorder: (any TraceRecording)?, at now: MonoInstant, handler: (LiveEvent) -> Void) {
        guard let pair, pair.hasGyro else { return }
        pair.releaseAll { frame in deliver(frame, recorder: recorder, at: now, handler: handler) }
        pair.detachGyro()
        session.reshape(pair.info, reason: reason, at: now, emit: handler)
    }

    /// A node came or went in /dev/input: this remote's Motion Plus appearing (or getting its permissions), or going.
    private func gyroHotplug(_ change: LiveSession.Change, recorder: (any TraceRecording)?, at now: MonoInstant,
                             handler: (LiveEvent) -> Void) {
        guard let pair, session.isConnected else { return }
        switch change {
        case .deleted(let path) where path == pair.gyroPath:
            dropGyro("the Motion Plus node \(path) was removed", recorder: recorder, at: now, handler: handler)
        case .created(let path), .attributes(let path):
            guard !pair.hasGyro, path != pair.accelPath else { return }
            gyroCandidates[path] = now.advanced(bySeconds: 3)
        default:
            break
        }
    }
}

extension WiimoteReader {
    /// Tries the nodes that appeared since the Motion Plus was missing; the first that is this remote's is fused.
    private func tryGyroCandidates(at now: MonoInstant, handler: (LiveEvent) -> Void) {
        guard !gyroCandidates.isEmpty else { return }
        guard let pair, session.isConnected, !pair.hasGyro else { gyroCandidates = [:]; return }
        for (path, giveUp) in gyroCandidates.sorted(by: { $0.key < $1.key }) {
            if pair.attachGyro(path) {
                gyroCandidates = [:]
                session.reshape(pair.info, reason: "Motion Plus found at \(path)", at: now, emit: handler)
                return
            }
            if now > giveUp { gyroCandidates[path] = nil }
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
