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
    /// The window's thread adds no xrun: a round's sounds through a private PulseAudio whose null sink runs on a
    /// real-time clock (ALSA's null PCM is not paced), while the window redraws a whole 1920×1080 frame at every
    /// turn of its loop, as fast as it can, and answers keys. The engine's own count stays 0. The buffer is the
    /// game's shape at 256-frame periods: on a shared, loaded machine the server's own wake-ups (its main thread
    /// is not real-time) make 128-frame xruns without any window (`kape bench window --device` gives both figures).
    @Test func theWindowsThreadAddsNoXrunToTheSound() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        try SoundServer.pulse.with { config, _ in
            var request = SinkRequest()
            request.periodFrames = 256
            request.adaptive = false
            let sink = try AlsaSink(device: SoundServer.pulse.pcm, request: request, configFile: config)
            let sound = try GameSound(sink: sink, soundsDirectory: packageRoot + "/sounds")
            let host = try GameWindowHost(size: (1920, 1080), fontPath: Self.font)
            defer { host.close() }
            var session = Sessions.session()
            session.input = .motion("test")  // answers count at once
            let loop = GameLoop(session: session, feed: nil, sound: sound, rumble: nil, fullScreen: false,
                                onFinished: { _, _, _, _ in }, onSettings: { _ in })
            // The round's clock four times as fast as the wall's: the countdown and a dozen answers in 3 s.
            let start = MonotonicClock.now()
            loop.clock = { (MonotonicClock.now() - start) * 4 }
            let front = WindowFront(loop: loop, host: host)
            front.redrawAlways = true
            front.startRound(deckID: "mix")
            var nextKey = 1.0, keys = 0
            while MonotonicClock.now() - start < 3 {
                let t = MonotonicClock.now() - start
                if t >= nextKey {
                    Self.key(keys % 2 == 0 ? SDLK_DOWN : SDLK_UP)
                    keys += 1
                    nextKey += 0.15
                }
                front.step(wait: false)
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
