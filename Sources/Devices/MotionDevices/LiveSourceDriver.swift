import Platform

/// The one live driver: poll on the stop signal, the hot-plug folder and the source's descriptors (no busy
/// waiting), read, and hand everything to the `LiveSession`, doing what it asks. The loop, the ticks of silence,
/// the loss and the search for the device are written once here for every kind of source.
public final class LiveSourceDriver<Source: LiveSource>: LiveDriver {
    public private(set) var session: LiveSession
    public let source: Source
    private let options: LiveOptions

    public init(source: Source, options: LiveOptions = LiveOptions()) {
        self.source = source
        self.options = options
        session = LiveSession(device: source.device, options: options)
    }

    public var stats: LiveStats { session.stats }

    /// Blocks on the calling thread, which becomes the reader thread, until `stop` fires, the duration is
    /// over, or reading fails. Throws when the device cannot be opened at the start.
    public func run(stop: StopSignal, recorder: (any TraceRecording)?, handler: (LiveEvent) -> Void) throws(DeviceError) {
        var notes: [String] = []
        if options.realtime, let refused = RealtimePriority.request() { notes.append(refused) }
        defer { source.close(lost: false) }
        let opening = try source.open()
        // Made for the device as opened (an IIO sensor's axes come from its channels).
        session = LiveSession(device: source.device, options: options)
        try recorder?.begin(device: source.device.info)
        guard session.connect(opening.node, at: opening.at, notes: notes + opening.notes, emit: handler) else {
            throw DeviceError(path: source.device.path, kind: .notMotion, "not a motion device")
        }
        let folder = source.hotplugFolder
        let watch = HotplugWatch(directory: folder.directory, prefix: folder.prefix)

        var ready = PollSet(count: 2 + Source.descriptorSlots)
        ready.watch(0, stop.fd)
        ready.watch(1, watch?.descriptor)
        while true {
            var timeout: Int32
            switch session.wait(at: .now()) {
            case .finished: return
            case .forever: timeout = -1
            case .milliseconds(let m): timeout = m
            }
            if let most = source.prepare(&ready, from: 2) { timeout = timeout < 0 ? most : min(timeout, most) }
            do throws(SystemCallError) { try ready.wait(timeoutMillis: timeout) } catch {
                throw DeviceError(path: session.device.path, kind: .openFailed(errno: error.errno), "\(error)")
            }
            if ready.isReady(0) { return }
            let now = MonoInstant.now()
            switch try source.read(ready, from: 2, into: &session, recorder: recorder, at: now, handler: handler) {
            case .idle: session.tick(at: now, emit: handler)
            case .fresh: break
            case .gone:
                source.close(lost: true)
                session.lose(at: now, emit: handler)
            }
            try recorder?.flush()
            var hotplugged = false
            if let watch, ready.isReady(1) {
                for change in watch.changes() {
                    source.hotplug(change, into: &session, recorder: recorder, at: now, handler: handler)
                }
                hotplugged = true
            }
            if !session.isConnected {
                source.close(lost: true)
                source.reconnect(&session, hotplugged: hotplugged, handler: handler)
            }
        }
    }
}
