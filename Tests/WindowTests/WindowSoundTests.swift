import AudioIO
import CSDL2
import Game
@testable import GameRuntime
import GameScreens
import GameWindow
import Glibc
import Platform
import TestSupport
import Testing
import WindowLayout

extension WindowSDLTests {
    /// The window's thread adds no xrun: a round's sounds through a private PipeWire whose null sink runs on a
    /// real-time clock (ALSA's null PCM is not paced), while the window redraws a whole 1920×1080 frame at every
    /// wake-up of its loop (up to 250 a second, where the game draws only what changed) and answers keys: the
    /// engine's own count stays 0. Two 256-frame periods kept queued (10.7 ms): the machine the tests share runs
    /// other builds, and the game's 128-frame buffer meets the server's own late wake-ups there with or without a
    /// window (`kape bench window --device` gives both figures). Not PulseAudio: its main thread, which relays the
    /// device's room to the plugin, is not real-time and misses even 256-frame deadlines on a loaded machine.
    @Test func theWindowsThreadAddsNoXrunToTheSound() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        try SoundServer.pipewire.with { config, _ in
            var request = SinkRequest()
            request.periodFrames = 256
            request.lean = false
            request.adaptive = false
            let sink = try AlsaSink(device: SoundServer.pipewire.pcm, request: request, configFile: config)
            let sound = try GameSound(sink: sink, soundsDirectory: packageRoot + "/sounds")
            let host = try GameWindowHost(size: (1920, 1080), fontPath: Self.font)
            defer { host.close() }
            var session = Sessions.session()
            session.input = .motion("test")  // answers count at once
            let loop = GameLoop(session: session, feed: nil, sound: sound, rumble: nil, fullScreen: false,
                                onFinished: { _, _, _, _ in }, onSettings: { _ in })
            // The round's clock four times as fast as the wall's: the countdown and a dozen answers in 2.5 s.
            let start = MonotonicClock.now()
            loop.clock = { (MonotonicClock.now() - start) * 4 }
            let front = WindowFront(loop: loop, host: host)
            front.redrawAlways = true
            front.startRound(deckID: "mix")
            var nextKey = 0.9, keys = 0
            while MonotonicClock.now() - start < 2.5 {
                let t = MonotonicClock.now() - start
                if t >= nextKey {
                    Self.key(keys % 2 == 0 ? SDLK_DOWN : SDLK_UP)
                    keys += 1
                    nextKey += 0.15
                }
                front.step(wait: true)
            }
            let frames = front.history.count
            let seconds = MonotonicClock.now() - start
            _ = sound.finish()
            let xruns = sound.engine.takeXruns()
            #expect(sound.engine.xruns == 0, "\(xruns.map { "away \(Double($0.awayNanos) / 1e6) ms, queued \($0.queueBeforeFrames)" })")
            // It did draw all along, the round's sounds were played, and the sink was paced in real time.
            #expect(frames > 30, "\(frames) frames")
            #expect(sound.played >= 8, "\(sound.played) sounds")
            #expect(Double(sound.engine.framesWritten) > seconds * 48_000 * 0.8, "\(sound.engine.framesWritten) frames in \(seconds) s")
            #expect(sound.engine.deviceError == nil)
        }
    }
}

extension WindowSDLTests {
    /// Frames go to the display in the parts that changed: between consecutive frames of the game (menus, a round's
    /// countdown, clock, flashes, pause, warning, results scrolled), every pixel that differs lies in a box
    /// `changedBoxes` names, and a clock's tick names far less than the screen.
    @Test func onlyTheChangedPartsAreSentAndTheyHoldEveryChangedPixel() throws {
        let (w, h) = (480, 270)
        var s = Sessions.session()
        var frames: [GameSession] = [s]
        func keep(_ change: (inout GameSession) -> Void) { change(&s); frames.append(s) }
        keep { _ = $0.key(.down, at: 0) }
        keep { _ = $0.key(.down, at: 0) }
        keep { _ = $0.key(.up, at: 0); _ = $0.key(.up, at: 0) }
        keep { _ = $0.startRound(deckID: "mix", at: 0) }
        for t in [1.2, 2.2, 3.5, 4.5, 5.5] { keep { _ = $0.tick(at: t) } }
        keep { _ = $0.gesture(.correct, at: 5.6) }
        keep { _ = $0.tick(at: 6.0) }
        keep { _ = $0.gesture(.pass, at: 6.5) }
        keep { _ = $0.tick(at: 7.0) }
        keep { _ = $0.key(.space, at: 7.5) }
        keep { _ = $0.key(.space, at: 8) }
        for t in [11.5, 56.0, 57.0, 70.0] { keep { _ = $0.tick(at: t) } }
        keep { _ = $0.key(.right, at: 71) }
        var long = Sessions.longResults()
        frames.append(long)
        _ = long.key(.down, at: 80)
        frames.append(long)
        let frame = try OffscreenFrame(width: w, height: h, fontPath: Self.font)
        var last: (Scene, [UInt8])?
        var tick: Int?
        for session in frames {
            let scene = WindowLayout.scene(session, width: w, height: h, measure: frame.painter)
            frame.draw(scene)
            let px = frame.rgb()
            if let (old, before) = last, let boxes = scene.changedBoxes(since: old) {
                for i in 0..<(w * h) where px[3 * i] != before[3 * i] || px[3 * i + 1] != before[3 * i + 1] || px[3 * i + 2] != before[3 * i + 2] {
                    let (x, y) = (i % w, i / w)
                    #expect(boxes.contains { $0.contains(x: x, y: y) }, "\(old.name) → \(scene.name): \(x),\(y) changed outside \(boxes)")
                    if !boxes.contains(where: { $0.contains(x: x, y: y) }) { break }
                }
                if old.name == .card && scene.name == .card && tick == nil { tick = boxes.reduce(0) { $0 + $1.w * $1.h } }
            }
            last = (scene, px)
        }
        let ticked = try #require(tick)
        #expect(ticked * 10 < w * h, "a second of the clock sends \(ticked) of \(w * h) pixels")
    }
}

extension WindowSDLTests {
    /// On X11 the loop sleeps until the screen changes by itself: the clock's next second, a flash's end; short
    /// slices for the countdown (its beeps); a quarter of a second where nothing changes by itself.
    @Test func theLoopSleepsUntilTheScreenChangesByItself() throws {
        var s = Sessions.session()
        #expect(WindowFront.untilChange(s, now: 0) == 250)
        _ = s.startRound(deckID: "mix", at: 0)
        #expect(WindowFront.untilChange(s, now: 0.5) == 4)
        _ = s.tick(at: 3.7)  // 0.7 s played: 59.3 s left, the clock shows 1:00 until 0.3 s from now
        #expect((300...302).contains(WindowFront.untilChange(s, now: 3.7)), "a millisecond after the second, give or take rounding")
        _ = s.gesture(.correct, at: 3.7)  // the flash ends 0.3 s after it began, the same time
        _ = s.tick(at: 3.8)
        #expect((200...202).contains(WindowFront.untilChange(s, now: 3.8)))
        _ = s.key(.space, at: 4.5)
        #expect(s.round?.state == .paused && WindowFront.untilChange(s, now: 4.5) == 250)
    }
}
