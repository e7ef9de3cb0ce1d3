import Glibc
import Motion
import Platform

/// The evdev driver of a `LiveSession`.
public typealias LiveReader = LiveSourceDriver<EvdevSource>

/// An evdev node: opened with the event clock it accepts, read until it would block, its axes re-read when the
/// session asks after SYN_DROPPED. Reconnecting tries the nodes that appeared since the loss, in order.
public final class EvdevSource: DeviceLiveSource {
    public static let descriptorSlots = 1
    public let device: DiscoveredDevice
    private let options: LiveOptions
    private var node: EvdevNode?
    private var reader: EventReader?

    public init(device: DiscoveredDevice, options: LiveOptions = LiveOptions()) {
        self.device = device
        self.options = options
    }

    public var hotplugFolder: (directory: String, prefix: String) { (options.inputDirectory, "event") }

    public func open() throws(DeviceError) -> LiveOpening {
        let first = try EvdevNode(path: device.path)
        keep(first)
        return opening(first)
    }

    /// What the session needs of an opened node: its identity, the clock it stamps events with, the axes now.
    private func opening(_ candidate: EvdevNode) -> LiveOpening {
        let refusal = candidate.useMonotonicClock()
        let clock: EventClock = refusal == nil ? .monotonic : .realtime
        let now = MonoInstant.now()
        let openMicros = clock == .monotonic ? Int64(now.nanos / 1000) : WallClock.micros()
        let node = OpenedNode(path: candidate.path, info: candidate.info, uniq: candidate.uniq,
                              isMotionNode: candidate.motionRule != nil, clock: clock, clockRefusal: refusal,
                              axisValues: (0..<6).map { candidate.currentAbsValue(UInt16($0)) }, openMicros: openMicros)
        return LiveOpening(node: node, at: now)
    }

    private func keep(_ candidate: EvdevNode) {
        node = candidate
        reader = EventReader(fd: candidate.fd)
    }

    public func prepare(_ ready: inout PollSet, from first: Int) -> Int32? {
        ready.watch(first, node?.descriptor)
        return nil
    }

    public func read(_ ready: PollSet, from first: Int, into session: inout LiveSession, recorder: (any TraceRecording)?,
                     at now: MonoInstant, handler: (LiveEvent) -> Void) -> LiveRead {
        guard ready.isReady(first) else { return .idle }
        return drain(into: &session, recorder: recorder, at: now, handler: handler) && !ready.hasFailed(first) ? .fresh : .gone
    }

    /// Reads until the node would block. Returns false when the node is gone (or the recording failed).
    private func drain(into session: inout LiveSession, recorder: (any TraceRecording)?, at now: MonoInstant,
                       handler: (LiveEvent) -> Void) -> Bool {
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

    public func close(lost: Bool) {
        node = nil
        reader = nil
    }

    /// Tries the nodes that appeared since the loss, in order; one the session takes is kept.
    public func reconnect(_ session: inout LiveSession, hotplugged: Bool, handler: (LiveEvent) -> Void) {
        for path in session.candidates {
            if let candidate = try? EvdevNode(path: path) {
                let o = opening(candidate)
                if session.connect(o.node, at: o.at, emit: handler) {
                    keep(candidate)
                    return
                }
            }
            session.notReconnected(path, at: .now())
        }
    }
}
