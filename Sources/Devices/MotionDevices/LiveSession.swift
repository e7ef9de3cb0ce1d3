import Motion
import Platform

/// One motion device read live, as a state machine without I/O: a driver (`LiveReader` for evdev) feeds it what
/// it opened, read and saw change, and carries out what it asks for. Time arrives with each input (`MonoInstant`
/// for arrival, the device's own seconds inside events), so the tests drive every path — SYN_DROPPED, unplug and
/// reconnect, a refused clock, silence — without a device.
public struct LiveSession: Sendable {
    /// Where the device is. Each case carries what only that case needs.
    public enum Link: Sendable, Equatable {
        /// Not opened yet.
        case idle
        case connected(Connection)
        /// Unplugged: nodes that appeared since, each with the time to give up on it.
        case lost(candidates: [String: MonoInstant])
    }

    public struct Connection: Sendable, Equatable {
        /// The clock the node stamps events with.
        public var clock: EventClock
        /// SYN_DROPPED seen: everything up to and including the next SYN_REPORT is dropped, then the state re-read.
        public var resyncing = false
        /// The axes read at open have not become a sample yet (no frame and no tick since).
        public var openSamplePending = true
        /// A frame has come since the node was opened (the next one measures device time from it).
        public var inSegment = false
        /// When the last frame (or the open) reached Kape: silence is measured from it.
        public var lastArrival: MonoInstant
        /// The open stamp on the event clock, in µs, for the open sample.
        public var openMicros: Int64
    }

    /// What the driver must do for the machine after an event.
    public enum Need: Sendable, Equatable {
        case nothing
        /// SYN_DROPPED recovery reached its SYN_REPORT: read the axes now and hand them to `resynced`.
        case currentAxes(micros: Int64)
    }

    /// How long the driver may wait for input before it must call `tick` (or `isFinished` says stop).
    public enum Wait: Sendable, Equatable {
        case forever
        case milliseconds(Int32)
        case finished
    }

    public internal(set) var stats = LiveStats()
    public private(set) var link: Link = .idle
    public private(set) var device: DiscoveredDevice
    private let options: LiveOptions
    private var pipeline: MotionPipeline
    /// The last frame's stamp (or the open stamp), on the event clock.
    private var lastStamp = DeviceTime.zero
    /// Device time the frames covered, forward steps only: a clock that steps back (a device's own, or
    /// CLOCK_REALTIME where monotonic event times were refused) must not stretch --duration by the step.
    private var elapsedDeviceTime = 0.0
    /// When input last moved --duration on (a frame, the open, a loss).
    private var lastProgress = MonoInstant(nanos: 0)
    private var calibratedBefore = false
    private var recalibrationsSeen = 0

    public init(device: DiscoveredDevice, options: LiveOptions = LiveOptions()) {
        self.device = device
        self.options = options
        pipeline = MotionPipeline(device: device.info, axes: device.axes, settings: options.settings)
    }

    public var isConnected: Bool { if case .connected = link { true } else { false } }

    /// The latest tilt estimate, degrees.
    public var tiltNow: Double { pipeline.detector.tilt }

    // MARK: Opening: the first open and every reconnect are this one path.

    /// A node was opened. The first one is the device; later ones (after a loss) are taken only when they are the
    /// same device come back, and start afresh (pipeline re-made, re-calibrated: it may be in another hand).
    /// Returns whether the node was taken; when not, the driver closes it.
    public mutating func connect(_ node: OpenedNode, at now: MonoInstant, notes: [String] = [],
                                 emit: (LiveEvent) -> Void) -> Bool {
        let first = link == .idle
        if !first {
            guard node.isMotionNode, node.configKey == device.configKey, node.uniq == device.uniq else { return false }
            device.path = node.path
            device.info = node.info
            pipeline = MotionPipeline(device: node.info, axes: device.axes, settings: options.settings)
            calibratedBefore = false
            stats.reconnects += 1
        }
        // The kernel sends only changes, and a still device may send nothing at all after it is opened: the
        // axes' values at open fill the first frame's unsent axes and, if the device stays silent past the first
        // poll timeout, are its first sample (stamped at open on the event clock), so its silence can be timed.
        for code in 0..<6 where device.info.axes[code] != nil {
            if let value = node.axisValues[code] {
                _ = pipeline.push(InputEvent(micros: 0, type: EV.abs, code: UInt16(code), value: value))
            }
        }
        lastStamp = DeviceTime(micros: node.openMicros)
        var connection = Connection(clock: node.clock, lastArrival: now, openMicros: node.openMicros)
        // A driver with nothing to read at open (IIO: the first scan is the first sample) has no open sample.
        connection.openSamplePending = node.axisValues.contains { $0 != nil }
        link = .connected(connection)
        lastProgress = now
        if first {
            var all = notes
            if let refused = node.clockRefusal {
                all.append("CLOCK_MONOTONIC event times refused (\(refused)): event times use the device's default clock")
            }
            emit(.opened(device, notes: all))
        } else {
            emit(.deviceBack(device, mono: now))
        }
        return true
    }

    // MARK: Reading

    /// One kernel event as read. On the reader's hot path: no allocation.
    @inline(__always)
    public mutating func receive(_ e: InputEvent, at now: MonoInstant, emit: (LiveEvent) -> Void) -> Need {
        guard case .connected(var c) = link else { return .nothing }
        stats.events += 1
        if e.type == EV.syn && e.code == EV.synDropped {
            // The kernel's protocol: drop everything up to and including the next SYN_REPORT, then re-read the
            // state. The assembler does the dropping; the state read happens at that SYN_REPORT below.
            c.resyncing = true
            link = .connected(c)
            stats.resyncs += 1
            _ = pipeline.push(e)
            return .nothing
        }
        if c.resyncing && e.type == EV.syn && e.code == EV.synReport {
            c.resyncing = false
            link = .connected(c)
            _ = pipeline.push(e)
            return .currentAxes(micros: e.micros)
        }
        takeRecalibration()
        if let frame = pipeline.push(e) { handle(frame, at: now, emit: emit) }
        return .nothing
    }

    /// The axes re-read after SYN_DROPPED (nil: unreadable). They go into the frame being built rather than into
    /// a sample of their own: the next kernel frame closes it with its MSC_TIMESTAMP spacing intact, marked as
    /// following a gap, so the estimator re-seeds and the gate holds.
    public mutating func resynced(axes: [Int32?], micros: Int64, at now: MonoInstant, emit: (LiveEvent) -> Void) {
        guard isConnected else { return }
        for code in 0..<min(6, axes.count) where device.info.axes[code] != nil {
            if let value = axes[code] {
                _ = pipeline.push(InputEvent(micros: micros, type: EV.abs, code: UInt16(code), value: value))
            }
        }
        pipeline.markGap()
        emit(.resynced(stamp: DeviceTime(micros: micros), tilt: pipeline.detector.tilt, mono: now))
    }

    @inline(__always)
    private mutating func handle(_ frame: MotionPipeline.Frame, at now: MonoInstant, emit: (LiveEvent) -> Void) {
        guard case .connected(var c) = link else { return }
        let wasCalibrated = stats.samples > 0 && calibratedBefore
        stats.samples += 1
        let advanced = c.inSegment ? max(0, frame.sample.stamp - lastStamp) : 0
        elapsedDeviceTime += advanced
        // A frame that moved no device time (a sensor clock stuck while data flows) is no progress: --duration
        // then ends on its wall-clock share, as in a silence, instead of never.
        if advanced > 0 || !c.inSegment { lastProgress = now }
        c.inSegment = true
        c.lastArrival = now
        c.openSamplePending = false
        link = .connected(c)
        lastStamp = frame.sample.stamp
        emit(.frame(frame, mono: now))
        if !wasCalibrated && pipeline.isCalibrated { emit(.calibrated(stamp: frame.sample.stamp, mono: now)) }
        calibratedBefore = pipeline.isCalibrated
        if let g = frame.gesture { emit(.gesture(g, mono: now)) }
    }

    @inline(__always)
    private mutating func takeRecalibration() {
        if let r = options.recalibration, r.current != recalibrationsSeen {
            recalibrationsSeen = r.current
            pipeline.recalibrate()
        }
    }

    // MARK: Time passing

    /// The wait ended with nothing from the device. When it has been silent for a tick and the detector cares
    /// (calibrating, or accelerometer-only), time passes for it: the device holds its values. The tick's stamp is
    /// the last frame's event time plus the monotonic time since it arrived (event times may be on another clock).
    public mutating func tick(at now: MonoInstant, emit: (LiveEvent) -> Void) {
        guard case .connected(var c) = link, pipeline.wantsTicks else { return }
        let silent = now.seconds(since: c.lastArrival)
        guard silent >= options.settings.tickSeconds else { return }
        takeRecalibration()
        if c.openSamplePending {
            // Not a frame the device sent: it starts the silence clock but not the --duration count.
            c.openSamplePending = false
            link = .connected(c)
            _ = pipeline.push(InputEvent(micros: c.openMicros, type: EV.syn, code: EV.synReport, value: 0))
        }
        let wasCalibrated = pipeline.isCalibrated
        // The one crossing of clocks: monotonic seconds of silence added to a time on the device's timeline.
        let stamp = lastStamp.advanced(by: silent)
        let gesture = pipeline.tick(stamp: stamp)
        stats.ticks += 1
        if !wasCalibrated && pipeline.isCalibrated { emit(.calibrated(stamp: stamp, mono: now)) }
        calibratedBefore = pipeline.isCalibrated
        if let g = gesture { emit(.gesture(g, mono: now)) }
    }

    /// How long the driver may wait before calling `tick`, or that the run is over (--duration).
    public func wait(at now: MonoInstant) -> Wait {
        var millis: Int32 = -1
        if let d = options.duration {
            let left = d - elapsedDeviceTime
            if left <= 0 { return .finished }
            // Silence counts too, so a silent or unplugged device still ends the run; but never less than a
            // second of it, or a device (or an emulation) that delivers in bursts would be cut short.
            let wallLeft = max(left, 1) - now.seconds(since: lastProgress)
            if wallLeft <= 0 { return .finished }
            millis = Int32(saturating: min(wallLeft, left) * 1000 + 1)
        }
        func atMost(_ m: Int32) { millis = millis < 0 ? m : min(millis, m) }
        switch link {
        case .lost(let candidates) where !candidates.isEmpty:
            // A node that appeared but could not be opened yet (udev still setting it up): look again soon.
            atMost(100)
        case .connected where pipeline.wantsTicks:
            // evdev sends nothing while nothing changes: the timeout lets the detector see time pass.
            atMost(Int32(saturating: (options.settings.tickSeconds * 1000).rounded(.up)))
        default:
            break
        }
        return millis < 0 ? .forever : .milliseconds(millis)
    }

    /// The device's shape changed while connected (a Wii Remote's Motion Plus came or went): a pipeline for the new
    /// shape, calibrated afresh (the estimator with a gyro and the one without calibrate differently).
    public mutating func reshape(_ info: MotionDeviceInfo, reason: String, at now: MonoInstant, emit: (LiveEvent) -> Void) {
        guard case .connected(var c) = link else { return }
        device.info = info
        pipeline = MotionPipeline(device: info, axes: device.axes, settings: options.settings)
        calibratedBefore = false
        c.lastArrival = now
        c.openSamplePending = false
        link = .connected(c)
        stats.reshapes += 1
        emit(.gyroChanged(present: info.hasGyro, reason: reason, stamp: lastStamp, mono: now))
    }

    // MARK: Losing the device and finding it again

    /// The node failed or went away (read error, POLLHUP, deleted). The driver closes it.
    public mutating func lose(at now: MonoInstant, emit: (LiveEvent) -> Void) {
        guard isConnected else { return }
        link = .lost(candidates: [:])
        stats.lost += 1
        lastProgress = now
        emit(.deviceLost(path: device.path, stamp: lastStamp, tilt: pipeline.detector.tilt, mono: now))
    }

    public enum Change: Sendable, Equatable { case created(String), deleted(String), attributes(String) }

    /// A node appeared, changed or went away in the device folder.
    public mutating func hotplug(_ change: Change, at now: MonoInstant, emit: (LiveEvent) -> Void) {
        switch (change, link) {
        case (.deleted(let path), .connected) where path == device.path:
            lose(at: now, emit: emit)
        case (.created(let path), .lost(var candidates)), (.attributes(let path), .lost(var candidates)):
            candidates[path] = now.advanced(bySeconds: 3)
            link = .lost(candidates: candidates)
        default:
            break
        }
    }

    /// Nodes to try opening (in order) while the device is lost; `connect` takes the right one.
    public var candidates: [String] {
        if case .lost(let c) = link { return c.keys.sorted() }
        return []
    }

    /// `path` could not be opened or is another device: forgotten once its time is up.
    public mutating func notReconnected(_ path: String, at now: MonoInstant) {
        guard case .lost(var c) = link, let giveUp = c[path], now > giveUp else { return }
        c[path] = nil
        link = .lost(candidates: c)
    }
}

/// The clock a node stamps its events with: CLOCK_MONOTONIC when the node accepted it (EVIOCSCLOCKID), else the
/// kernel's default, CLOCK_REALTIME (umockdev does not emulate the request).
public enum EventClock: Sendable, Equatable { case monotonic, realtime }

/// What a driver learnt from a node it opened: enough for the machine to decide and to seed its state.
public struct OpenedNode: Sendable, Equatable {
    public var path: String
    public var info: MotionDeviceInfo
    public var uniq: String
    /// Whether the node is a motion node at all (a re-plug may bring a different node to the same name).
    public var isMotionNode: Bool
    public var clock: EventClock
    /// Why CLOCK_MONOTONIC was refused, when it was.
    public var clockRefusal: String?
    /// ABS_X … ABS_RZ as the kernel holds them at open (nil: the axis is absent or unreadable).
    public var axisValues: [Int32?]
    /// The open time on the event clock, µs.
    public var openMicros: Int64

    public init(path: String, info: MotionDeviceInfo, uniq: String, isMotionNode: Bool, clock: EventClock,
                clockRefusal: String? = nil, axisValues: [Int32?], openMicros: Int64) {
        self.path = path
        self.info = info
        self.uniq = uniq
        self.isMotionNode = isMotionNode
        self.clock = clock
        self.clockRefusal = clockRefusal
        self.axisValues = axisValues
        self.openMicros = openMicros
    }

    var configKey: String { DeviceKey.make(bus: info.bus, vendor: info.vendor, product: info.product, name: info.name) }
}
