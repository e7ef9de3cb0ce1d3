import AudioDSP
import AudioIO
import Benchmark
import Foundation
import LessonPlayback
import Lessons

/// Speech-like input: a gliding harmonic voice in 0.4 s phrases with gaps (mono).
func voice(seconds: Double, rate: Int) -> [Float] {
    var x = [Float](repeating: 0, count: Int(seconds * Double(rate)))
    var phase = 0.0
    for i in x.indices where (i / (rate * 2 / 5)) % 3 != 2 {
        let f0 = 110 + 30 * sin(Double(i) / Double(rate) * 2.1)
        phase += 2 * Double.pi * f0 / Double(rate)
        var v = 0.0
        for h in 1...10 { v += sin(Double(h) * phase) / Double(h) }
        x[i] = Float(0.2 * v)
    }
    return x
}

let shadowBenchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [.wallClock, .cpuTotal, .mallocCountTotal, .throughput]

    // One iteration = 256 output frames at 48 kHz mono; the speed steps through 0.5…2.0 every 64 iterations,
    // input is written as the stretcher asks. The malloc count must equal the empty loop's.
    Benchmark("WSOLAStretcher, 256 frames at 48 kHz, speed changing",
              configuration: .init(metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(3))) { benchmark in
        let source = voice(seconds: 20, rate: 48_000)
        let s = WSOLAStretcher(channels: 1, rate: 48_000)
        let out = UnsafeMutablePointer<Float>.allocate(capacity: 256)
        defer { out.deallocate() }
        let speeds = [0.5, 0.75, 1.0, 1.25, 1.5, 2.0]
        var at = 0
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            if i % 64 == 0 { s.speed = speeds[(i / 64) % speeds.count] }
            var got = 0
            while got < 256 {
                let n = s.read(into: out, frames: 256 - got)
                got += n
                if n > 0 { continue }
                let w = min(1024, s.writableFrames)
                if at + w > source.count { at = 0 }
                _ = source.withUnsafeBufferPointer { s.write($0.baseAddress! + at, frames: w) }
                at += w
            }
            blackHole(out[0])
        }
        benchmark.stopMeasurement()
    }

    // One iteration = 256 output frames, 16 kHz lesson → 48 kHz device, stereo.
    Benchmark("StreamResampler 16 → 48 kHz stereo, 256 frames",
              configuration: .init(metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(3))) { benchmark in
        let r = StreamResampler(from: 16_000, to: 48_000, channels: 2, maxWrite: 256)
        let input = UnsafeMutablePointer<Float>.allocate(capacity: 256 * 2)
        let out = UnsafeMutablePointer<Float>.allocate(capacity: 256 * 2)
        defer { input.deallocate(); out.deallocate() }
        for i in 0..<512 { input[i] = Float(sin(Double(i) * 0.05)) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            var got = 0
            while got < 256 {
                let n = r.read(into: out + got * 2, frames: 256 - got)
                got += n
                if n == 0 { r.write(input, frames: 64) }
            }
            blackHole(out[0])
        }
        benchmark.stopMeasurement()
    }

    // The shadow player's whole render step: delay query, heard position and cue, decode (libsndfile), stretch,
    // resample 16 → 48 kHz, encode, snd_pcm_writei into ALSA's `null` PCM; a speed change every 64 periods.
    Benchmark("LessonPlayer.step, 16 kHz lesson to a 48 kHz device, 256 frames",
              configuration: .init(metrics: metrics + [.syscalls], scalingFactor: .kilo, maxDuration: .seconds(3))) { benchmark in
        let path = NSTemporaryDirectory() + "/kape-bench-lesson-\(getpid()).wav"
        defer { unlink(path) }
        let lesson = voice(seconds: 600, rate: 16_000)
        let w = try SoundFileWriter(path: path, rate: 16_000, channels: 1)
        try lesson.withUnsafeBufferPointer { try w.write($0.baseAddress!, frames: lesson.count) }
        try w.close()
        let cues = (0..<1000).map { Cue(id: "\($0)", start: Double($0) * 0.6, end: Double($0) * 0.6 + 0.4, text: "line \($0)") }
        let sink = try AlsaSink(device: "null", request: SinkRequest(rate: 48_000, channels: 2, periodFrames: 256, periods: 3, formats: [.s16]))
        let player = try LessonPlayer(reader: SoundFileReader(path: path), sink: sink, transcript: Transcript(cues: cues), speed: 0.75)
        var changes = 0
        for _ in 0..<64 { try player.step { _ in changes += 1 } }
        let speeds = [0.5, 0.75, 1.0, 1.25, 1.5, 2.0]
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            if i % 64 == 0 { try player.command(.speed(speeds[(i / 64) % speeds.count])) { _ in } }
            try player.step { _ in changes += 1 }
        }
        benchmark.stopMeasurement()
        blackHole(changes)
    }
}
