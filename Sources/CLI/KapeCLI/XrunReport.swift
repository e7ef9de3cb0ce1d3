import AudioIO
import TextFormat

/// How the render thread runs, in one line: what a player or a benchmark needs to trust the figures.
enum RealtimeReport {
    static func describe(_ engine: AudioEngine) -> String {
        let locked = engine.hasLockedMemory ? "yes" : "refused (RLIMIT_MEMLOCK too small)"
        let plugin = (engine.sink as? AlsaSink).map { "; sound-server threads raised to real-time: \($0.pluginThreads)" } ?? ""
        return "kape: render thread: real-time priority \(engine.realtimeOutcome.summary); memory locked \(locked)\(plugin)\n"
    }
}

/// One line per xrun: when, why (the thread was away longer than what it keeps queued, or the device side ran dry)
/// and what the buffer did about it.
enum XrunReport {
    static func lines(_ xruns: [XrunRecord], info: SinkInfo, time: (UInt64) -> Double) -> String {
        var out = ""
        func ms(_ frames: Int) -> String { fixed(Double(frames) * 1000 / Double(info.rate), 1) }
        for x in xruns {
            let away = Double(x.awayNanos) / 1e6
            let queueMs = Double(x.queueBeforeFrames) * 1000 / Double(info.rate)
            let cause = away > queueMs ? "no write for \(fixed(away, 1)) ms, longer than the \(fixed(queueMs, 1)) ms queued (the render thread was not woken or not scheduled in time)"
                                       : "the device side ran dry \(fixed(away, 1)) ms after the last write (\(fixed(queueMs, 1)) ms queued)"
            let action = switch x.response {
            case .kept: "buffer stays at \(x.bufferFrames) frames"
            case .reserveGivenUp: "the whole \(x.bufferFrames)-frame buffer is kept queued from now on (\(ms(x.queueFrames)) ms)"
            case .bufferGrown: "buffer grown to \(x.bufferFrames) frames (\(ms(x.queueFrames)) ms)"
            }
            out += "kape: xrun at \(fixed(time(x.nanos), 3)) s: \(cause); \(action)\n"
        }
        return out
    }
}
