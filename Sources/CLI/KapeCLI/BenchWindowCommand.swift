import ArgumentParser
import AudioIO
import Game
import GameRuntime
import GameScreens
import GameWindow
import Motion
import Platform
import TextFormat

/// `kape bench window`: the window's cost and its gesture-to-frame latency, on SDL's dummy driver by default; with
/// a sound device, the same trace again without the window, so what the window's thread does to the sound shows.
struct BenchWindow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "window",
        abstract: "The game's window: CPU while a card is shown, gesture → frame submitted, and with --device what it does to the sound.",
        discussion: """
            First --idle seconds of a card on screen with no input (CPU of the whole process, % of one core), then \
            the trace replayed in real time as the motion device through the window's loop, rounds restarted as they \
            end: for every gesture that changed the screen, the time from the arrival of the sample that fired it to \
            the return of SDL_RenderPresent. SDL_VIDEODRIVER defaults to dummy (no display needed) with the \
            software renderer. With --device, sounds play through the real-time engine: its xruns and the gestures' \
            motion → sound latency (internal: sample arrival → sound committed; audible: plus what was queued ahead) \
            are given with the window, then for the same trace through the same loop with no window at all. \
            --redraw draws a whole frame at every wake-up of the loop (up to 250 a second), the window's worst case.
            """)

    @Argument(help: "An evemu recording or a kape CSV trace (e.g. from `kape trace synth --idle 1`).")
    var trace: String

    @Option(help: "Window size WxH, at most 3840×2160 pixels in all.")
    var size = "1920x1080"

    @Option(help: "Seconds of an idle card for the CPU figure.")
    var idle = 5.0

    @OptionGroup var audio: EngineAudioOutputOptions
    /// Sound only when a device is named: the figures are the window's unless asked.
    var device: String? { audio.device }

    @Flag(help: "Draw at every wake-up of the loop, changed or not.")
    var redraw = false

    @Flag(name: .shortAndLong, help: "Each xrun on stderr: when, why, who had the CPU meanwhile.")
    var verbose = false

    @OptionGroup var decks: DecksDirectoryOption
    @OptionGroup var sounds: SoundsDirectoryOption

    @Flag(help: "One JSON object.")
    var json = false

    func validate() throws {
        _ = try Play.parseSize(size)
        guard idle >= 0 && idle <= 600 else { throw ValidationError("--idle must be 0 to 600 seconds") }
    }

    /// What one pass of the trace gave.
    struct Figures {
        var idleCPU = 0.0
        var idleFrames = 0
        /// Laying out, drawing and submitting an idle card's frames (the clock's seconds), ms.
        var idleDraws: [Double] = []
        var gestureToFrame: [Double] = []
        var draws: [Double] = []
        var slowScreen = "-"
        var xruns: Int?
        var sound: [LatencyRecord] = []
    }

    func run() throws {
        ProcessControl.setEnvironmentDefault("SDL_VIDEODRIVER", "dummy")
        ProcessControl.setEnvironmentDefault("SDL_RENDER_DRIVER", "software")
        var samples: [MotionSample] = []
        var hasGyro = false
        _ = try TraceSource.read(path: trace, header: { hasGyro = $0.hasGyro }, sample: { samples.append($0) })
        guard !samples.isEmpty else { throw InputError("\(trace): no motion samples") }
        let all = try decks.load()
        guard let deck = all.first(where: { !$0.vip }) ?? all.first else { throw InputError("no decks in \(try decks.path)") }

        let host: GameWindowHost
        do { host = try GameWindowHost(size: try Play.parseSize(size), fontPath: try Play.windowFont()) } catch let e as WindowError {
            throw InputError(e.description)
        }
        let driver = host.driver
        if verbose { Console.err("kape: window: \(driver), \(host.pixelFormat), \(host.updatesChangedParts ? "changed parts sent" : "renderer presents") \n") }
        let windowed: Figures
        do {
            defer { host.close() }
            windowed = try pass(samples, hasGyro: hasGyro, deck: deck, host: host)
        }
        // The same trace through the same loop, no window: the baseline for the sound's figures.
        let plain = device == nil ? nil : try pass(samples, hasGyro: hasGyro, deck: deck, host: nil)
        report(windowed, plain, driver: driver)
    }

    /// The idle card (with a window), then the trace in real time; rounds restarted as they end.
    func pass(_ samples: [MotionSample], hasGyro: Bool, deck: Deck, host: GameWindowHost?) throws -> Figures {
        var sound: GameSound?
        if let device {
            let (sink, _) = try openSink(device: device, request: audio.request, paced: true)
            sound = try GameSound(sink: sink, soundsDirectory: sounds.path)
        }
        let session = GameSession(decks: [deck], locked: [false], settings: GameSettings(sound: sound != nil, rumble: false),
                                  input: .motion("bench")) { $0.cards }
        let feed = try MotionFeed()
        let loop = GameLoop(session: session, feed: feed, sound: sound, rumble: nil, fullScreen: false,
                            onFinished: { _, _, _, _ in }, onSettings: { _ in })
        let front = WindowFront(loop: loop, host: host)
        front.redrawAlways = redraw
        var f = Figures()
        let started = MonotonicClock.nanos()
        let witness = verbose ? sound.flatMap { SchedulerWitness.watching($0.engine, expectedSeconds: 600) } : nil

        if host != nil {
            // An idle card: through the countdown, then the CPU the loop uses while nothing happens.
            front.startRound(deckID: deck.id)
            let countdownEnd = MonotonicClock.now() + RoundMachine.bufferSeconds + 0.2
            while MonotonicClock.now() < countdownEnd { front.step(wait: true) }
            let cpu0 = MonotonicClock.processCPUSeconds(), wall0 = MonotonicClock.now()
            let framesBefore = front.history.count
            while MonotonicClock.now() - wall0 < idle { front.step(wait: true) }
            f.idleCPU = (MonotonicClock.processCPUSeconds() - cpu0) / max(1e-9, MonotonicClock.now() - wall0) * 100
            f.idleFrames = front.history.count - framesBefore
            f.idleDraws = front.frameDraws.dropFirst(framesBefore).map { Double($0) / 1e6 }
        } else {
            front.startRound(deckID: deck.id)
        }

        // Gestures: the trace in real time as the motion device; each finished round starts again.
        feed.startTrace(samples, hasGyro: hasGyro)
        while !front.stopped {
            front.step(wait: true)
            if front.showsResults { front.press(.enter) }
        }
        feed.shutdown()
        if let sound {
            f.sound = sound.finish()
            f.xruns = Int(sound.engine.xruns)
            witness?.stop()
            if verbose {
                let xruns = sound.engine.takeXruns()
                Console.err("kape: \(host == nil ? "without a window" : "with the window"): \(xruns.count) xruns\n"
                    + XrunReport.lines(xruns, info: sound.engine.info, windows: SchedulerWitness.windows(witness, for: xruns)) {
                        Double(Int64($0) - Int64(started)) / 1e9
                    })
            }
        }
        f.gestureToFrame = front.gestureToFrame.map { Double($0) / 1e6 }
        f.draws = front.gestureDraws.map { Double($0) / 1e6 }
        let slowest = front.gestureToFrame.indices.max { front.gestureToFrame[$0] < front.gestureToFrame[$1] }
        f.slowScreen = slowest.map { front.gestureFrames[$0].rawValue } ?? "-"
        return f
    }

    func report(_ w: Figures, _ plain: Figures?, driver: String) {
        let p = Percentiles(w.gestureToFrame)
        let d = Percentiles(w.draws)
        let over = w.gestureToFrame.filter { $0 > 4 }.count
        var line = JSONLine()
        line.add("driver", driver)
        line.add("size", size)
        line.add("redraw", redraw)
        line.add("idle_seconds", idle, decimals: 1)
        line.add("idle_cpu_percent", w.idleCPU, decimals: 2)
        line.add("idle_frames", w.idleFrames)
        let idleDraw = Percentiles(w.idleDraws)
        line.add("idle_frame_ms_p50", idleDraw.p50, decimals: 3)
        line.add("idle_frame_ms_max", idleDraw.max, decimals: 3)
        line.add("gestures", w.gestureToFrame.count)
        line.add("gesture_to_frame_ms_p50", p.p50, decimals: 3)
        line.add("gesture_to_frame_ms_p99", p.p99, decimals: 3)
        line.add("gesture_to_frame_ms_max", p.max, decimals: 3)
        line.add("slowest_screen", w.slowScreen)
        line.add("over_4ms", over)
        line.add("draw_ms_p50", d.p50, decimals: 3)
        line.add("draw_ms_p99", d.p99, decimals: 3)
        var text = """
            window: \(driver), \(size)\(redraw ? ", redrawn at every wake-up" : "")
            idle card: \(fixed(w.idleCPU, 2)) % of a core over \(fixed(idle, 1)) s (\(w.idleFrames) frames drawn, each ms p50 \(fixed(idleDraw.p50, 3)) max \(fixed(idleDraw.max, 3)))
            gesture → frame submitted: \(w.gestureToFrame.count) gestures, ms p50 \(fixed(p.p50, 3)) p99 \(fixed(p.p99, 3)) max \(fixed(p.max, 3)) (slowest: \(w.slowScreen)); \(over) over 4 ms
            of which laying out, drawing and submitting the frame: ms p50 \(fixed(d.p50, 3)) p99 \(fixed(d.p99, 3))

            """
        for (label, key, f) in [("with the window", "", Optional(w)), ("without a window", "without_window_", plain)] {
            guard let f, let xruns = f.xruns else { continue }
            let i = Percentiles(f.sound.map(\.internalMs)), a = Percentiles(f.sound.map(\.audibleMs))
            line.add(key + "xruns", xruns)
            line.add(key + "sound_triggers", f.sound.count)
            line.add(key + "motion_to_sound_internal_ms_p50", i.p50, decimals: 3)
            line.add(key + "motion_to_sound_internal_ms_p99", i.p99, decimals: 3)
            line.add(key + "motion_to_sound_audible_ms_p50", a.p50, decimals: 3)
            line.add(key + "motion_to_sound_audible_ms_p99", a.p99, decimals: 3)
            text += "sound \(label): \(xruns) xruns; motion → sound, \(f.sound.count) gestures: internal ms p50 \(fixed(i.p50, 3)) "
                + "p99 \(fixed(i.p99, 3)), audible ms p50 \(fixed(a.p50, 3)) p99 \(fixed(a.p99, 3))\n"
        }
        Console.out(json ? line.text + "\n" : text)
    }
}
