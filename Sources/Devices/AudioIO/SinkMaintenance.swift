import Glibc
import Platform
import Synchronization

/// Grows the sink's buffer for the render thread. Growing sets the PCM up again (alsa-lib allocates its
/// parameters, a sound server's plugin re-creates its stream): not work for the real-time thread. After an xrun
/// the buffer is empty anyway, so the render thread asks, waits on an eventfd, and goes on with the grown sink.
final class SinkMaintenance: @unchecked Sendable {
    private let sink: AudioSink
    private let asked: WakeEvent
    private let done: WakeEvent
    /// The queue `grow()` left (≥ 0), or -1 for nil; published before `done` is signalled.
    private let result = Atomic<Int>(-1)
    private let running = Atomic<Bool>(true)
    private var thread: pthread_t?

    init(sink: AudioSink) throws(SystemCallError) {
        self.sink = sink
        asked = try WakeEvent()
        done = try WakeEvent()
    }

    /// Starts its thread (ordinary priority: it only waits, and works once per grown xrun).
    func start() -> Bool {
        var tid = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let rc = pthread_create(&tid, nil, { raw in
            Unmanaged<SinkMaintenance>.fromOpaque(raw!).takeRetainedValue().serve()
            return nil
        }, context)
        guard rc == 0 else {
            Unmanaged<SinkMaintenance>.fromOpaque(context).release()
            return false
        }
        thread = tid
        return true
    }

    private func serve() {
        var p = pollfd(fd: asked.fd, events: Int16(POLLIN), revents: 0)
        while running.load(ordering: .acquiring) {
            p.revents = 0
            guard poll(&p, 1, -1) > 0, asked.drain(), running.load(ordering: .acquiring) else { continue }
            result.store(sink.grow() ?? -1, ordering: .releasing)
            done.signal()
        }
    }

    /// Render thread: grows the sink on the maintenance thread and waits for it. No allocation, no lock here;
    /// the write to `asked` and the poll on `done` are the only system calls.
    func grow() -> Int? {
        asked.signal()
        var p = pollfd(fd: done.fd, events: Int16(POLLIN), revents: 0)
        while true {
            p.revents = 0
            if poll(&p, 1, -1) > 0 && done.drain() { break }
        }
        let r = result.load(ordering: .acquiring)
        return r >= 0 ? r : nil
    }

    func stop() {
        guard let tid = thread else { return }
        running.store(false, ordering: .releasing)
        asked.signal()
        pthread_join(tid, nil)
        thread = nil
    }
}
