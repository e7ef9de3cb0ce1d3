import ArgumentParser
import AudioIO
import Game
import GameRuntime
import GameScreens
import GameWindow
import Motion
import Platform
import TextFormat

/// `kape bench window`: the window's cost and its gesture-to-frame latency, on SDL's dummy driver by default.
struct BenchWindow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "window",
        abstract: "The game's window: CPU while a card is shown, and gesture → frame submitted, from a trace replayed in real time.",
        discussion: """
            First --idle seconds of a card on screen with no input (CPU of the whole process, % of one core), then \
            the trace replayed in real time as the motion device through the window's loop, rounds restarted as they \
            end: for every gesture that changed the screen, the time from the arrival of the sample that fired it to \
            the return of SDL_RenderPresent. SDL_VIDEODRIVER defaults to dummy (no display needed) with the \
            software renderer. With --device, sounds play through the real-time engine and its xruns are counted.
            """)

    @Argument(help: "An evemu recording or a kape CSV trace (e.g. from `kape trace synth --idle 1`).")
    var trace: String

    @Option(help: "Window size WxH.")
    var size = "1920x1080"

    @Option(help: "Seconds of an idle card for the CPU figure.")
    var idle = 5.0

    @Option(help: "Sound: an ALSA device (e.g. null) to count the engine's xruns while the window draws.")
    var device: String?

    @OptionGroup var decks: DecksDirectoryOption
    @OptionGroup var sounds: SoundsDirectoryOption

    @Flag(help: "One JSON object.")
    var json = false

    func validate() throws {
        _ = try Play.parseSize(size)
        guard idle >= 0 && idle <= 600 else { throw ValidationError("--idle must be 0 to 600 seconds") }
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

        var sound: GameSound?
        if let device {
            let request = SinkRequest(rate: 48_000, channels: 2, periodFrames: 128, periods: 2, adaptive: false)
            let (sink, _) = try openSink(device: device, request: request, paced: true)
            sound = try GameSound(sink: sink, soundsDirectory: sounds.path)
        }
        let session = GameSession(decks: [deck], locked: [false], settings: GameSettings(sound: sound != nil, rumble: false),
                                  input: .motion("bench")) { $0.cards }
        let host: GameWindowHost
        do { host = try GameWindowHost(size: try Play.parseSize(size), fontPath: try Play.windowFont()) } catch let e as WindowError {
            throw InputError(e.description)
        }
        defer { host.close() }
        let feed = try MotionFeed()
        let loop = GameLoop(session: session, feed: feed, sound: sound, rumble: nil, fullScreen: false,
                            onFinished: { _, _, _, _ in }, onSettings: { _ in })
        let front = WindowFront(loop: loop, host: host)

        // An idle card: through the countdown, then the CPU the loop uses while nothing happens.
        front.startRound(deckID: deck.id)
        let countdownEnd = MonotonicClock.now() + RoundMachine.bufferSeconds + 0.2
        while MonotonicClock.now() < countdownEnd { front.step(wait: true) }
        let cpu0 = MonotonicClock.processCPUSeconds(), wall0 = MonotonicClock.now()
        let framesBefore = front.history.count
        while MonotonicClock.now() - wall0 < idle { front.step(wait: true) }
        let idleCPU = (MonotonicClock.processCPUSeconds() - cpu0) / max(1e-9, MonotonicClock.now() - wall0) * 100
        let idleFrames = front.history.count - framesBefore

        // Gestures: the trace in real time as the motion device; each finished round starts again.
        feed.startTrace(samples, hasGyro: hasGyro)
        while !front.stopped {
            front.step(wait: true)
            if front.showsResults { front.press(.enter) }
        }
        feed.shutdown()
        let xruns = sound.map { s -> Int in _ = s.finish(); return Int(s.engine.xruns) }
        let ms = front.gestureToFrame.map { Double($0) / 1e6 }
        let p = Percentiles(ms)
        let d = Percentiles(front.gestureDraws.map { Double($0) / 1e6 })
        let over = ms.filter { $0 > 4 }.count
        var line = JSONLine()
        line.add("driver", host.driver)
        line.add("size", size)
        line.add("idle_seconds", idle, decimals: 1)
        line.add("idle_cpu_percent", idleCPU, decimals: 2)
        line.add("idle_frames", idleFrames)
        line.add("gestures", ms.count)
        line.add("gesture_to_frame_ms_p50", p.p50, decimals: 3)
        line.add("gesture_to_frame_ms_p99", p.p99, decimals: 3)
        line.add("gesture_to_frame_ms_max", p.max, decimals: 3)
        let slowest = front.gestureToFrame.indices.max { front.gestureToFrame[$0] < front.gestureToFrame[$1] }
        let slowScreen = slowest.map { front.gestureFrames[$0].rawValue } ?? "-"
        line.add("slowest_screen", slowScreen)
        line.add("over_4ms", over)
        line.add("draw_ms_p50", d.p50, decimals: 3)
        line.add("draw_ms_p99", d.p99, decimals: 3)
        if let xruns { line.add("xruns", xruns) }
        Console.out(json ? line.text + "\n" : """
            window: \(host.driver), \(size)
            idle card: \(fixed(idleCPU, 2)) % of a core over \(fixed(idle, 1)) s (\(idleFrames) frames drawn)
            gesture → frame submitted: \(ms.count) gestures, ms p50 \(fixed(p.p50, 3)) p99 \(fixed(p.p99, 3)) max \(fixed(p.max, 3)) (slowest: \(slowScreen)); \(over) over 4 ms
            of which laying out, drawing and submitting the frame: ms p50 \(fixed(d.p50, 3)) p99 \(fixed(d.p99, 3))
            \(xruns.map { "xruns while drawing: \($0)\n" } ?? "")
            """)
    }
}
