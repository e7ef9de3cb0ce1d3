import Motion
import Glibc
import Platform

/// Reads one motion device until stopped: poll on the node, the hot-plug watch and the stop signal (no busy
/// waiting), every event through the recorder (if any) and the pipeline, SYN_DROPPED handled as the kernel
/// documents it, and unplug/re-plug survived.
public final class LiveSession {
    public private(set) var stats = LiveStats()
    private var device: DiscoveredDevice
    private let options: LiveOptions
    private var node: EvdevNode?
    private var reader: EventReader?
    private var pipeline: MotionPipeline
    private var resyncPending = false
    private var lastStamp = 0.0
    /// Device time the frames covered, forward steps only: a clock that steps back (a device's own, or
    /// CLOCK_REALTIME where monotonic event times were refused) must not stretch --duration by the step.
    private var elapsedDeviceTime = 0.0
    /// A frame has come since the node was opened (the next one measures from it).
    private var inSegment = false
    private var lastProgress = 0.0

    public init(device: DiscoveredDevice, options: LiveOptions = LiveOptions()) {
        self.device = device
        self.options = options
        pipeline = MotionPipeline(device: device.info, axes: device.axes, settings: options.settings)
    }

    /// Blocks on the calling thread, which becomes the reader thread, until `stop` fires, the duration is
    /// over, or reading fails. Throws when the device cannot be opened at the start.
    public func run(stop: StopSignal, recorder: (any TraceRecording)? = nil,
                    handler: (LiveEvent) -> Void) throws(DeviceError) {
        var notes: [String] = []
        if options.realtime, let refused = RealtimePriority.request() { notes.append(refused) }
        try open(path: device.path, notes: &notes)
        try recorder?.begin(device: device.info)
        handler(.opened(device, notes: notes))
        let watch = HotplugWatch(directory: options.inputDirectory)
        lastProgress = MonotonicClock.now()
        defer { node = nil; reader = nil }

        while true {
            var fds = [pollfd(fd: stop.fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: watch?.fd ?? -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: node?.fd ?? -1, events: Int16(POLLIN), revents: 0)]
            var timeout: Int32 = -1
            if let d = options.duration {
                let left = d - elapsedDeviceTime
                if left <= 0 { break }
                // Silence counts too, so a silent or unplugged device still ends the run; but never less than
                // a second of it, or a device (or an emulation) that delivers in bursts would be cut short.
                let wallLeft = max(left, 1) - (MonotonicClock.now() - lastProgress)
                if wallLeft <= 0 { break }
                timeout = Int32(saturating: min(wallLeft, left) * 1000 + 1)
            }
            if !candidates.isEmpty {
                // A node that appeared but could not be opened yet (udev still setting it up): look again soon.
                timeout = timeout < 0 ? 100 : min(timeout, 100)
            }
            let tickMillis = Int32((options.settings.tickSeconds * 1000).rounded(.up))
            if node != nil, haveSample, pipeline.wantsTicks {
                // evdev sends nothing while nothing changes: the poll timeout lets the detector see time pass.
                timeout = timeout < 0 ? tickMillis : min(timeout, tickMillis)
            }
            let n = poll(&fds, 3, timeout)
            if n < 0 && errno != EINTR { throw DeviceError(path: device.path, kind: .openFailed(errno: errno), "poll failed: \(errnoText(errno))") }
            if fds[0].revents != 0 { break }
            if node != nil, fds[2].revents == 0, haveSample, pipeline.wantsTicks {
                tick(mono: MonotonicClock.now(), handler: handler)
            }
            if fds[2].revents != 0 {
                let mono = MonotonicClock.now()
                if drain(recorder: recorder, mono: mono, handler: handler) == false
                    || fds[2].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                    lose(mono: mono, handler: handler)
                }
                try recorder?.flush()
            }
            if let watch, fds[1].revents != 0 {
                for change in watch.changes() {
                    switch change {
                    case .deleted(let path) where path == device.path && node != nil:
                        lose(mono: MonotonicClock.now(), handler: handler)
                    case .created(let path), .attributes(let path):
                        if node == nil { candidates[path] = MonotonicClock.now() + 3 }
                    default:
                        break
                    }
                }
            }
            if node == nil && !candidates.isEmpty { retryCandidates(handler: handler) }
        }
    }


    private func open(path: String, notes: inout [String]) throws(DeviceError) {
        let node = try EvdevNode(path: path)
        if let refused = node.useMonotonicClock() {
            notes.append("CLOCK_MONOTONIC event times refused (\(refused)): event times use the device's default clock")
            monotonicEvents = false
        } else {
            monotonicEvents = true
        }
        self.node = node
        reader = EventReader(fd: node.fd)
        resyncPending = false
        seedState()
    }

    /// Whether event times are CLOCK_MONOTONIC (else the kernel's default, CLOCK_REALTIME).
    private var monotonicEvents = false

    /// The kernel sends only changes, and a still device may send nothing at all after it is opened: the axes'
    /// values at open fill the first frame's unsent axes and, if the device stays silent past the first poll
    /// timeout, are its first sample (stamped at open on the event clock), so its silence can be timed.
    private func seedState() {
        guard let node else { return }
        for code in UInt16(0)..<6 where device.info.axes[Int(code)] != nil {
            if let value = node.currentAbsValue(code) { _ = pipeline.push(InputEvent(micros: 0, type: EV.abs, code: code, value: value)) }
        }
        let mono = MonotonicClock.now()
        var now = timespec()
        if !monotonicEvents { clock_gettime(CLOCK_REALTIME, &now) }
        // Not a frame the device sent: it starts the silence clock but not the --duration count.
        lastStamp = monotonicEvents ? mono : Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
        lastFrameMono = mono
        haveSample = true
        openSamplePending = true
    }

    /// A sample exists (at open or since): silence can be measured from it.
    private var haveSample = false
    /// The state read at open has not become a sample yet (no tick and no frame since).
    private var openSamplePending = false

    /// Reads until the node would block. Returns false when the node is gone.
    private func drain(recorder: (any TraceRecording)?, mono: Double, handler: (LiveEvent) -> Void) -> Bool {
        guard let reader else { return true }
        var recordError: DeviceError?
        while true {
            stats.reads += 1
            let status = reader.read { e in
                stats.events += 1
                if let recorder {
                    do throws(DeviceError) { try recorder.write(e) } catch { recordError = error }
                }
                process(e, mono: mono, handler: handler)
            }
            switch status {
            // evdev hands out everything queued in one read; a short read means the queue is empty, so the
            // next poll, not another read that would only say EAGAIN, waits for more.
            case .read(let n) where n >= EventReader.defaultBatch: continue
            case .read: return recordError == nil
            case .wouldBlock: return recordError == nil
            case .gone, .failed: return false
            }
        }
    }

    @inline(__always)
    private func process(_ e: InputEvent, mono: Double, handler: (LiveEvent) -> Void) {
        if e.type == EV.syn && e.code == EV.synDropped {
            // The kernel's protocol: drop everything up to and including the next SYN_REPORT, then re-read the
            // state. The assembler does the dropping; the state read happens at that SYN_REPORT below.
            resyncPending = true
            stats.resyncs += 1
            _ = pipeline.push(e)
            return
        }
        if resyncPending && e.type == EV.syn && e.code == EV.synReport {
            // Recovery ends here. The re-read state goes into the frame being built rather than into a sample
            // of its own: the next kernel frame closes it, with its MSC_TIMESTAMP spacing intact, marked as
            // following a gap so the estimator re-seeds and the gate holds.
            resyncPending = false
            _ = pipeline.push(e)
            if let node {
                for code in UInt16(0)..<6 where device.info.axes[Int(code)] != nil {
                    if let value = node.currentAbsValue(code) {
                        _ = pipeline.push(InputEvent(micros: e.micros, type: EV.abs, code: code, value: value))
                    }
                }
            }
            pipeline.markGap()
            handler(.resynced(stamp: Double(e.micros) * 1e-6, mono: mono))
            return
        }
        takeRecalibration()
        if let frame = pipeline.push(e) { handle(frame, mono: mono, handler: handler) }
    }

    private var recalibrationsSeen = 0

    @inline(__always)
    private func takeRecalibration() {
        if let r = options.recalibration, r.current != recalibrationsSeen {
            recalibrationsSeen = r.current
            pipeline.recalibrate()
        }
    }

    /// Mono time the last frame arrived; silence is measured from it.
    private var lastFrameMono = 0.0

    /// No event for a poll timeout: the device holds its values. The tick's stamp is the last frame's event
    /// time plus the monotonic time since it arrived (event times may be on another clock).
    private func tick(mono: Double, handler: (LiveEvent) -> Void) {
        let silent = mono - lastFrameMono
        guard silent >= options.settings.tickSeconds else { return }
        takeRecalibration()
        if openSamplePending {
            openSamplePending = false
            _ = pipeline.push(InputEvent(micros: Int64((lastStamp * 1e6).rounded()), type: EV.syn, code: EV.synReport, value: 0))
        }
        let wasCalibrated = pipeline.isCalibrated
        let stamp = lastStamp + silent
        let gesture = pipeline.tick(stamp: stamp)
        stats.ticks += 1
        if !wasCalibrated && pipeline.isCalibrated { handler(.calibrated(stamp: stamp, mono: mono)) }
        calibratedBefore = pipeline.isCalibrated
        if let g = gesture { handler(.gesture(g, mono: mono)) }
    }

    @inline(__always)
    private func handle(_ frame: MotionPipeline.Frame, mono: Double, handler: (LiveEvent) -> Void) {
        let wasCalibrated = stats.samples > 0 && calibratedBefore
        stats.samples += 1
        if inSegment { elapsedDeviceTime += max(0, frame.sample.stamp - lastStamp) }
        inSegment = true
        lastStamp = frame.sample.stamp
        lastProgress = mono
        lastFrameMono = mono
        haveSample = true
        openSamplePending = false
        handler(.frame(frame, mono: mono))
        if !wasCalibrated && pipeline.isCalibrated {
            handler(.calibrated(stamp: frame.sample.stamp, mono: mono))
        }
        calibratedBefore = pipeline.isCalibrated
        if let g = frame.gesture { handler(.gesture(g, mono: mono)) }
    }

    private var calibratedBefore = false

    /// The latest tilt estimate, degrees.
    public var tiltNow: Double { pipeline.detector.tilt }

    private func lose(mono: Double, handler: (LiveEvent) -> Void) {
        guard node != nil else { return }
        node = nil
        reader = nil
        stats.lost += 1
        inSegment = false
        lastProgress = mono
        handler(.deviceLost(path: device.path, stamp: lastStamp, tilt: pipeline.detector.tilt, mono: mono))
    }

    /// Nodes seen appearing while ours is gone, with the time to give up on each.
    private var candidates: [String: Double] = [:]

    private func retryCandidates(handler: (LiveEvent) -> Void) {
        let now = MonotonicClock.now()
        for (path, giveUp) in candidates.sorted(by: { $0.key < $1.key }) {
            if tryReconnect(path: path, handler: handler) {
                candidates.removeAll()
                return
            }
            if now > giveUp { candidates[path] = nil }
        }
    }

    /// A node appeared or changed while ours is gone: if it is the same device, resume and re-calibrate (the
    /// controller may come back in a different hand or pose).
    private func tryReconnect(path: String, handler: (LiveEvent) -> Void) -> Bool {
        guard let candidate = try? EvdevNode(path: path), candidate.motionRule != nil else { return false }
        let info = candidate.info
        let same = DeviceKey.make(bus: info.bus, vendor: info.vendor, product: info.product, name: info.name) == device.configKey
            && candidate.uniq == device.uniq
        guard same else { return false }
        var notes: [String] = []
        if let refused = candidate.useMonotonicClock() { notes.append("CLOCK_MONOTONIC refused: \(refused)") }
        device.path = path
        device.info = info
        node = candidate
        reader = EventReader(fd: candidate.fd)
        resyncPending = false
        pipeline = MotionPipeline(device: info, axes: device.axes, settings: options.settings)
        seedState()
        calibratedBefore = false
        stats.reconnects += 1
        lastProgress = MonotonicClock.now()
        handler(.deviceBack(device, mono: lastProgress))
        return true
    }
}
