import Glibc
import Motion
import Platform

/// The evdev driver of a `LiveSession`: poll on the node, the hot-plug watch and the stop signal (no busy
/// waiting), read, and hand everything to the session, doing what it asks. Every decision is the session's.
public final class LiveReader {
    public private(set) var session: LiveSession
    private let options: LiveOptions
    private var node: EvdevNode?
    private var reader: EventReader?

    public init(device: DiscoveredDevice, options: LiveOptions = LiveOptions()) {
        self.options = options
        session = LiveSession(device: device, options: options)
    }

    public var stats: LiveStats { session.stats }

    /// Blocks on the calling thread, which becomes the reader thread, until `stop` fires, the duration is
    /// over, or reading fails. Throws when the device cannot be opened at the start.
    public func run(stop: StopSignal, recorder: (any TraceRecording)? = nil,
                    handler: (LiveEvent) -> Void) throws(DeviceError) {
        var notes: [String] = []
        if options.realtime, let refused = RealtimePriority.request() { notes.append(refused) }
        let path = session.device.path
        let first = try EvdevNode(path: path)
        try recorder?.begin(device: session.device.info)
        take(first, notes: notes, handler: handler)
        let watch = HotplugWatch(directory: options.inputDirectory)
        defer { node = nil; reader = nil }

        var ready = PollSet(count: 3)
        ready.watch(0, stop.fd)
        ready.watch(1, watch?.fd ?? -1)
        while true {
            let timeout: Int32
            switch session.wait(at: .now()) {
            case .finished: return
            case .forever: timeout = -1
            case .milliseconds(let m): timeout = m
            }
            ready.watch(2, node?.fd ?? -1)
            do throws(SystemCallError) { try ready.wait(timeoutMillis: timeout) } catch {
                throw DeviceError(path: session.device.path, kind: .openFailed(errno: error.errno), "\(error)")
            }
            if ready.isReady(0) { return }
            let now = MonoInstant.now()
            if ready.isReady(2) {
                if drain(recorder: recorder, at: now, handler: handler) == false || ready.hasFailed(2) {
                    session.lose(at: now, emit: handler)
                }
                try recorder?.flush()
            } else {
                session.tick(at: now, emit: handler)
            }
            if let watch, ready.isReady(1) {
                for change in watch.changes() { session.hotplug(change, at: now, emit: handler) }
            }
            if !session.isConnected {
                node = nil
                reader = nil
                reconnect(handler: handler)
            }
        }
    }

    /// Hands an opened node to the session (the first open and every reconnect); keeps it when taken.
    @discardableResult
    private func take(_ candidate: EvdevNode, notes: [String] = [], handler: (LiveEvent) -> Void) -> Bool {
        let refusal = candidate.useMonotonicClock()
        let clock: EventClock = refusal == nil ? .monotonic : .realtime
        let now = MonoInstant.now()
        let openMicros = clock == .monotonic ? Int64(now.nanos / 1000) : WallClock.micros()
        let opened = OpenedNode(path: candidate.path, info: candidate.info, uniq: candidate.uniq,
                                isMotionNode: candidate.motionRule != nil, clock: clock, clockRefusal: refusal,
                                axisValues: (0..<6).map { candidate.currentAbsValue(UInt16($0)) }, openMicros: openMicros)
        guard session.connect(opened, at: now, notes: notes, emit: handler) else { return false }
        node = candidate
        reader = EventReader(fd: candidate.fd)
        return true
    }

    /// While the device is lost: tries the nodes that appeared since, in order.
    private func reconnect(handler: (LiveEvent) -> Void) {
        for path in session.candidates {
            if let candidate = try? EvdevNode(path: path), take(candidate, handler: handler) { return }
            session.notReconnected(path, at: .now())
        }
    }

    /// Reads until the node would block. Returns false when the node is gone.
    private func drain(recorder: (any TraceRecording)?, at now: MonoInstant, handler: (LiveEvent) -> Void) -> Bool {
        guard let reader, let node else { return true }
        var recordError: DeviceError?
        while true {
            session.stats.reads += 1
            let status = reader.read { e in
                if let recorder {
                    do throws(DeviceError) { try recorder.write(e) } catch { recordError = error }
                }
                if case .currentAxes(let micros) = session.receive(e, at: now, emit: handler) {
                    let axes = (0..<6).map { node.currentAbsValue(UInt16($0)) }
                    session.resynced(axes: axes, micros: micros, at: now, emit: handler)
                }
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
}
