import ArgumentParser
import AudioDSP
import AudioIO
import Game
import Motion
import MotionDevices
import Platform
import TextFormat
import Reports

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the engine end to end.",
        subcommands: [BenchLatency.self, BenchWindow.self])
}

struct BenchLatency: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "latency",
        abstract: "Replay a trace in real time through detector, mixer and sink; report per-trigger latency.",
        discussion: """
            Internal latency: from the moment the trace frame that fired reached the engine to the moment the first \
            frame of its sound was committed to the device. Audible: internal plus the frames queued ahead of it \
            then (snd_pcm_delay). Through a sound server the delay includes the server's own buffer.
            With --json, one object per trigger, then the summary object as the last line.
            """)

    @Argument(help: "An evemu recording or a kape CSV trace.")
    var trace: String

    @OptionGroup var output: EngineAudioOutputOptions
    @OptionGroup var sounds: SoundsDirectoryOption
    @OptionGroup var tuning: TiltOptions

    @Flag(help: "One JSON object per trigger, then the summary.")
    var json = false

    @Flag(name: .shortAndLong, help: "Device, sounds, real-time priority and xruns on stderr.")
    var verbose = false

    @Option(help: "Also draw the latency distribution (histogram, CDF, p50/p99) and the trigger timeline as SVG.")
    var plot: String?

    func validate() throws {
        try OptionCheck.outputs([("--plot", plot), ("--device", output.wavPath)],
                                inputs: [trace] + OptionCheck.files(in: sounds.path))
    }

    func run() throws {
        // Read the whole trace first: file I/O must not disturb the real-time replay.
        var samples: [MotionSample] = []
        var hasGyro = false
        let summary = try TraceSource.read(path: trace, header: { hasGyro = $0.hasGyro }, sample: { samples.append($0) })
        guard summary.samples > 0 else { throw TraceError(file: trace, "no samples") }

        let sink = try output.open(paced: true, verbose: verbose)
        let kinds = GestureKind.allCases
        let bank = try SoundBank.feedback(kinds.map { RoundSound(gesture: $0).rawValue }, directory: sounds.path,
                                      rate: sink.info.rate, channels: sink.info.channels)
        let engine = try AudioEngine(sink: sink, bank: bank)
        if verbose { Console.err(describe(sink.info) + "\n") }
        try engine.start()
        // Steady state first: the buffer full, as it is mid-game.
        let ready = MonotonicClock.nanos() + 2_000_000_000
        while engine.framesWritten < sink.info.bufferFrames && engine.deviceError == nil && MonotonicClock.nanos() < ready {
            MonotonicClock.sleep(nanos: 1_000_000)
        }

        var events: [UInt64: TiltEvent] = [:]
        let first = samples[0].stamp
        let witness = SchedulerWitness.watching(engine, expectedSeconds: (samples.last?.stamp ?? first) - first)
        // A monotonic instant on the trace's timeline: the replay started the trace's first sample at t0.
        func traceTime(_ nanos: UInt64) -> Double { first.advanced(by: Double(Int64(nanos) - Int64(t0)) / 1e9).seconds }
        let t0 = MonotonicClock.nanos()
        try RealTimeReplay.run(samples, hasGyro: hasGyro, settings: tuning.settings, start: t0) { e, arrival in
            events[try engine.play(kinds.firstIndex(of: e.kind)!, arrival: arrival)] = e
        }
        var records: [LatencyRecord] = []
        let deadline = MonotonicClock.nanos() + 1_000_000_000
        while records.count < events.count && MonotonicClock.nanos() < deadline && engine.deviceError == nil {
            records += engine.takeRecords()
            MonotonicClock.sleep(nanos: 1_000_000)
        }
        records += engine.takeRecords()
        // Stopped before the xruns are taken, so none is counted after the list (the summary's count and its
        // per-xrun lists agree); `finish()` then plays out what is queued.
        engine.stop()
        let xruns = engine.takeXruns()
        let xrunTimes = xruns.map(\.nanos)
        witness?.stop()
        let windows = SchedulerWitness.windows(witness, for: xruns)
        engine.finish()
        if let e = engine.deviceError { throw e }
        let sorted = records.sorted { $0.token < $1.token }
        let xrunAt = xruns.map { traceTime($0.nanos) }
        report(sorted, events: events, engine: engine, xrunAt: xrunAt, xruns: xruns, windows: windows,
               stealMs: witness?.totalStealMs, server: witness?.server)
        if verbose {
            Console.err(RealtimeReport.describe(engine) + "kape: xruns: \(engine.xruns)\n"
                        + XrunReport.lines(xruns, info: engine.info, windows: windows) { traceTime($0) })
        }
        if let plot {
            let triggers = sorted.map { r in
                LatencyPlot.Trigger(traceTime: (events[r.token]?.stamp ?? first) - first, internalMs: r.internalMs, audibleMs: r.audibleMs)
            }
            let xruns = xrunTimes.map { Double(Int64($0) - Int64(t0)) / 1e9 }
            let svg = LatencyPlot.render(triggers: triggers, xrunTraceTimes: xruns, duration: (samples.last?.stamp ?? first) - first,
                                         title: "kape bench latency — \(engine.info.device), \(engine.info.rate) Hz, period \(engine.info.periodFrames), buffer \(engine.info.bufferFrames)")
            try OutputFile.write(svg.text, to: plot)
        }
    }

    private func report(_ records: [LatencyRecord], events: [UInt64: TiltEvent], engine: AudioEngine, xrunAt: [Double],
                        xruns: [XrunRecord], windows: [SchedulerWitness.Window?], stealMs: Double?,
                        server: SoundServerProcess?) {
        let info = engine.info
        let grown = xruns.filter(\.grew).count
        func list(_ values: [Double?]) -> String { "[" + values.map { $0.map { fixed($0, 3) } ?? "null" }.joined(separator: ", ") + "]" }
        let internalMs = Percentiles(records.map(\.internalMs))
        let audibleMs = Percentiles(records.map(\.audibleMs))
        var out = ""
        for (i, r) in records.enumerated() {
            let e = events[r.token]
            if json {
                var line = JSONLine()
                line.add("trigger", i + 1)
                line.add("t", e?.stamp.seconds ?? .nan, decimals: 6)
                line.add("event", e?.kind.rawValue ?? "")
                line.add("internal_ms", r.internalMs, decimals: 3)
                line.add("audible_ms", r.audibleMs, decimals: 3)
                line.add("ahead_frames", r.aheadFrames)
                line.add("queued_frames", r.queuedFrames)
                out += line.text + "\n"
            } else {
                out += "trigger \(i + 1) at \(fixed(e?.stamp.seconds ?? .nan, 3)) s (\(e?.kind.rawValue ?? "?")): internal \(fixed(r.internalMs, 3)) ms, audible \(fixed(r.audibleMs, 3)) ms (\(r.aheadFrames) frames ahead)\n"
            }
        }
        func object(_ p: Percentiles) -> String {
            var o = JSONLine()
            o.add("p50", p.p50, decimals: 3)
            o.add("p99", p.p99, decimals: 3)
            o.add("max", p.max, decimals: 3)
            return o.text
        }
        if json {
            var line = JSONLine()
            line.add("triggers", records.count)
            line.addRaw("internal_ms", object(internalMs))
            line.addRaw("audible_ms", object(audibleMs))
            line.add("xruns", engine.xruns)
            line.add("rate", info.rate)
            line.add("period_frames", info.periodFrames)
            line.add("buffer_frames", info.bufferFrames)
            line.add("queue_frames", info.queueFrames)
            line.add("peak_queued_frames", engine.peakQueuedFrames)
            line.add("device", info.device)
            let load = engine.renderThreadLoad
            line.add("render_cpu_percent", load.cpuPercent, decimals: 2)
            line.add("render_passes_per_period", load.passesPerPeriod, decimals: 3)
            line.add("spin_guarded", load.guardedWakeups)
            line.addRaw("xrun_at", list(xrunAt))
            // Why each happened: the render thread away longer than what was queued, or the server ran dry.
            line.addRaw("xrun_away_ms", list(xruns.map { Double($0.awayNanos) / 1e6 }))
            line.addRaw("xrun_queued_ms", list(xruns.map { Double($0.queueBeforeFrames) * 1000 / Double(info.rate) }))
            // While it was away: the hypervisor's steal on the vCPU that lost most, and the thread's run-queue wait
            // (null where the kernel gives no figures).
            line.addRaw("xrun_steal_ms", list(windows.map { $0?.stealMs }))
            line.addRaw("xrun_waiting_ms", list(windows.map { $0?.waitingMs }))
            // The sound server's thread that waited longest for a CPU meanwhile: through PulseAudio its main thread
            // relays every report of room (null without a watched server).
            line.addRaw("xrun_server_waiting_ms", list(windows.map { $0?.serverWaitingMs }))
            line.addRaw("xrun_server_thread", "[" + windows.map { $0?.serverThread.map(quoted) ?? "null" }.joined(separator: ", ") + "]")
            line.addRaw("xrun_response", "[" + xruns.map { "\"\($0.response.name)\"" }.joined(separator: ", ") + "]")
            if let stealMs { line.add("steal_ms", stealMs, decimals: 0) }
            if let server { line.add("sound_server", server.name) } else { line.addRaw("sound_server", "null") }
            line.add("buffer_grown", grown)
            let cost = engine.renderCost
            var c = JSONLine()
            c.add("p50", cost.p50, decimals: 0)
            c.add("p99", cost.p99, decimals: 0)
            c.add("max", cost.max, decimals: 0)
            line.addRaw("render_us", c.text)
            line.add("realtime", engine.hasRealtimePriority)
            line.add("memory_locked", engine.hasLockedMemory)
            out += line.text + "\n"
        } else {
            out += "triggers: \(records.count)\n"
            out += "internal ms: p50 \(fixed(internalMs.p50, 3))  p99 \(fixed(internalMs.p99, 3))  max \(fixed(internalMs.max, 3))\n"
            out += "audible ms:  p50 \(fixed(audibleMs.p50, 3))  p99 \(fixed(audibleMs.p99, 3))  max \(fixed(audibleMs.max, 3))\n"
            out += "xruns: \(engine.xruns)\(xrunAt.isEmpty ? "" : " at " + xrunAt.map { fixed($0, 3) + " s" }.joined(separator: ", "))\(grown > 0 ? "; buffer grown \(grown)×" : "")\n"
            out += "device: \(info.device), \(info.rate) Hz, period \(info.periodFrames) frames, buffer \(info.bufferFrames) frames\(info.reserveFrames > 0 ? " (\(info.queueFrames) kept queued, the rest free for triggers)" : "")\n"
            let load = engine.renderThreadLoad
            let cost = engine.renderCost
            out += "render thread: \(fixed(load.cpuPercent, 2)) % of a core, \(fixed(load.passesPerPeriod, 3)) loop passes per period, spin guard \(load.guardedWakeups)×; mix+encode per period p50 \(fixed(cost.p50, 0)) µs, p99 \(fixed(cost.p99, 0)) µs, max \(fixed(cost.max, 0)) µs\n"
        }
        Console.out(out)
    }
}
