import AudioIO
import TextFormat

/// How the render thread runs, in one line: what a player or a benchmark needs to trust the figures.
enum RealtimeReport {
    static func describe(_ engine: AudioEngine) -> String {
        let fifo = engine.hasRealtimePriority ? "yes" : "refused, normal priority (needs CAP_SYS_NICE or an rtprio limit)"
        let locked = engine.hasLockedMemory ? "yes" : "refused (RLIMIT_MEMLOCK too small)"
        let plugin = (engine.sink as? AlsaSink).map { "; sound-server threads raised to real-time: \($0.pluginThreads)" } ?? ""
        return "kape: render thread: real-time priority (SCHED_FIFO) \(fifo); memory locked \(locked)\(plugin)\n"
    }
}

/// One line per xrun: when, why (the thread was away longer than the buffer, or the device side ran dry) and
/// what the buffer did about it.
enum XrunReport {
    static func lines(_ xruns: [XrunRecord], info: SinkInfo, time: (UInt64) -> Double) -> String {
        var out = ""
        var buffer = xruns.first.map { $0.grew ? $0.bufferFrames - info.periodFrames : $0.bufferFrames } ?? info.bufferFrames
        for x in xruns {
            let away = Double(x.awayNanos) / 1e6
            let bufferMs = Double(buffer) * 1000 / Double(info.rate)
            let cause = away > bufferMs ? "no write for \(fixed(away, 1)) ms, longer than the \(fixed(bufferMs, 1)) ms buffer (the render thread was not woken or not scheduled in time)"
                                        : "the device side ran dry \(fixed(away, 1)) ms after the last write (buffer \(fixed(bufferMs, 1)) ms)"
            let action = x.grew ? "buffer grown to \(x.bufferFrames) frames (\(fixed(Double(x.bufferFrames) * 1000 / Double(info.rate), 1)) ms)"
                                : "buffer stays at \(x.bufferFrames) frames"
            out += "kape: xrun at \(fixed(time(x.nanos), 3)) s: \(cause); \(action)\n"
            buffer = x.bufferFrames
        }
        return out
    }
}
