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

/// One line per xrun: when, why (the thread was away longer than what it keeps queued, or the device side ran dry),
/// who had the CPU meanwhile when a benchmark watched (`SchedulerWitness`) and what the buffer did about it.
enum XrunReport {
    static func lines(_ xruns: [XrunRecord], info: SinkInfo, windows: [SchedulerWitness.Window?] = [],
                      time: (UInt64) -> Double) -> String {
        var out = ""
        func ms(_ frames: Int) -> String { fixed(Double(frames) * 1000 / Double(info.rate), 1) }
        for (i, x) in xruns.enumerated() {
            let away = Double(x.awayNanos) / 1e6
            let queueMs = Double(x.queueBeforeFrames) * 1000 / Double(info.rate)
            let late = away > queueMs
            let cause = late ? "no write for \(fixed(away, 1)) ms, longer than the \(fixed(queueMs, 1)) ms queued (the render thread was not woken or not scheduled in time)"
                             : "the device side ran dry \(fixed(away, 1)) ms after the last write (\(fixed(queueMs, 1)) ms queued)"
            let witness = i < windows.count ? windows[i].map { "; meanwhile " + describe($0, late: late) } ?? "" : ""
            let action = switch x.response {
            case .kept: "buffer stays at \(x.bufferFrames) frames"
            case .keptLongStall: "buffer stays at \(x.bufferFrames) frames: even the grown queue would not have bridged \(fixed(away, 1)) ms (a second xrun within \(XrunPolicy.repeatWindowNanos / 1_000_000_000) s grows it)"
            case .reserveGivenUp: "the whole \(x.bufferFrames)-frame buffer is kept queued from now on (\(ms(x.queueFrames)) ms)"
            case .bufferGrown: "buffer grown to \(x.bufferFrames) frames (\(ms(x.queueFrames)) ms)"
            }
            out += "kape: xrun at \(fixed(time(x.nanos), 3)) s: \(cause)\(witness); \(action)\n"
        }
        return out
    }

    /// Who had the CPU while the thread was away. Steal comes in 10 ms steps, so a few ms of it may not show.
    static func describe(_ w: SchedulerWitness.Window, late: Bool) -> String {
        var parts = ["host steal \(fixed(w.stealMs, 0)) ms on the busiest vCPU",
                     "run-queue wait \(fixed(w.waitingMs, 1)) ms"]
        if let serverMs = w.serverWaitingMs, let name = w.serverThread {
            parts.append("the sound server's thread \"\(printable(name))\" waited \(fixed(serverMs, 1)) ms for a CPU")
        }
        if late {
            parts.append(w.stealMs > 0 ? "the hypervisor took the CPU away"
                         : w.waitingMs >= 1 ? "the guest kernel ran other work first"
                         : (w.serverWaitingMs ?? 0) >= 1 ? "the sound server, which relays the device's room, was kept from a CPU"
                         : "the thread slept: nothing woke it in time")
        }
        return parts.joined(separator: ", ")
    }
}

extension XrunResponse {
    /// The name `kape bench latency --json` gives it.
    var name: String {
        switch self {
        case .kept: "kept"
        case .keptLongStall: "kept_long_stall"
        case .reserveGivenUp: "reserve_given_up"
        case .bufferGrown: "buffer_grown"
        }
    }
}
