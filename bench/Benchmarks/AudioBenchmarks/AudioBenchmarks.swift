import AudioDSP
import AudioIO
import Benchmark

/// The feedback sounds at 48 kHz stereo, as the engine holds them after start-up.
let clips = SoundSynth.all.map {
    Clip(name: $0.name, rate: SoundSynth.rate, channels: 1, samples: $0.render()).converted(rate: 48_000, channels: 2)
}

let benchmarks: @Sendable () -> Void = {
    // What the harness itself allocates per sample, to read the two below against.
    Benchmark("Baseline: empty loop",
              configuration: .init(metrics: [.mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(1))) { benchmark in
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations { blackHole(i) }
        benchmark.stopMeasurement()
    }

    // One iteration = one 128-frame period with 8 voices sounding (a new voice every 4 periods keeps them
    // turning over). 1000 periods per sample: the malloc count must equal the empty loop's.
    Benchmark("Mixer.render, 128 frames, 8 voices",
              configuration: .init(metrics: [.wallClock, .cpuTotal, .instructions, .mallocCountTotal, .throughput],
                                   scalingFactor: .kilo, maxDuration: .seconds(3))) { benchmark in
        let mixer = Mixer(clips: clips, rate: 48_000, channels: 2)
        let out = UnsafeMutablePointer<Float>.allocate(capacity: 128 * 2)
        defer { out.deallocate() }
        for i in 0..<8 { mixer.control.play(PlayRequest(clip: i % clips.count, gain: 0.5, token: UInt64(i))) }
        mixer.render(out, frames: 128)
        var token: UInt64 = 100
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            if i % 4 == 0 {
                mixer.control.play(PlayRequest(clip: Int(token) % clips.count, gain: 0.5, token: token))
                token += 1
            }
            mixer.render(out, frames: 128)
            blackHole(out[0])
        }
        benchmark.stopMeasurement()
    }

    // The whole render path of the engine: avail/delay query, mix, limit, encode to S16, snd_pcm_writei,
    // latency records. Into ALSA's `null` PCM, so the device never makes us wait.
    Benchmark("AudioEngine period into ALSA null, 128 frames",
              configuration: .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .syscalls, .throughput],
                                   scalingFactor: .kilo, maxDuration: .seconds(3))) { benchmark in
        let sink = try AlsaSink(device: "null")
        let engine = try AudioEngine(sink: sink, bank: SoundBank(clips: clips))
        try engine.renderOffline(frames: 1_024)
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            if i % 16 == 0 { try engine.play(i % clips.count, gain: 0.5) }
            try engine.renderOffline(frames: 128)
        }
        benchmark.stopMeasurement()
        blackHole(engine.takeRecords().count)
    }

    shadowBenchmarks()
}
