import Benchmark
import Motion

/// 60 s of motion after the still start: enough gestures that the gate's every branch runs.
let motion = Fixtures.samples(seconds: 62)
/// 10 s as evemu text, with evemu's per-event comments.
let recording = Fixtures.evemu(seconds: 10)
let recordingSamples = 2500

let benchmarks: @Sendable () -> Void = {
    // One scaled iteration = one sample, so the time shown is ns per sample. Calibration happens before the
    // measurement starts: what is measured is the steady state, and its malloc count must be 0.
    Benchmark("GestureDetector.process",
              configuration: .init(metrics: [.wallClock, .cpuTotal, .instructions, .mallocCountTotal, .throughput],
                                   scalingFactor: .kilo, maxDuration: .seconds(3))) { benchmark in
        var detector = GestureDetector(hasGyro: true)
        for s in motion.prefix(Fixtures.stillSamples) { blackHole(detector.process(s)) }
        precondition(detector.estimator.isCalibrated, "benchmark trace did not calibrate")
        var i = Fixtures.stillSamples
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(detector.process(motion[i]))
            i += 1
            if i == motion.count { i = Fixtures.stillSamples }
        }
        benchmark.stopMeasurement()
    }

    Benchmark("GestureDetector.process, accelerometer only",
              configuration: .init(metrics: [.wallClock, .instructions, .mallocCountTotal],
                                   scalingFactor: .kilo, maxDuration: .seconds(2))) { benchmark in
        var detector = GestureDetector(hasGyro: false)
        for s in motion.prefix(Fixtures.stillSamples) { blackHole(detector.process(s)) }
        var i = Fixtures.stillSamples
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(detector.process(motion[i]))
            i += 1
            if i == motion.count { i = Fixtures.stillSamples }
        }
        benchmark.stopMeasurement()
    }

    // A laptop's sensor hub at 12.5 Hz (every 20th sample of the same motion): between two samples the observer
    // takes 10 ms steps: about seven observer steps a sample.
    Benchmark("GestureDetector.process, accelerometer only, 12.5 Hz",
              configuration: .init(metrics: [.wallClock, .instructions, .mallocCountTotal],
                                   scalingFactor: .kilo, maxDuration: .seconds(2))) { benchmark in
        let slow = stride(from: 0, to: motion.count, by: 20).map { motion[$0] }
        let still = Fixtures.stillSamples / 20
        var detector = GestureDetector(hasGyro: false)
        for s in slow.prefix(still) { blackHole(detector.process(s)) }
        precondition(detector.estimator.isCalibrated, "12.5 Hz benchmark trace did not calibrate")
        var i = still
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(detector.process(slow[i]))
            i += 1
            if i == slow.count { i = still }
        }
        benchmark.stopMeasurement()
    }

    // One iteration = parse 10 s of a recording (2500 samples, 20 k event lines) into samples.
    Benchmark("EvemuReader+FrameAssembler, 10 s recording",
              configuration: .init(metrics: [.wallClock, .instructions, .mallocCountTotal, .throughput],
                                   maxDuration: .seconds(3))) { benchmark in
        var count = 0
        try recording.withUnsafeBytes { bytes in
            _ = try TraceSource.read(bytes: bytes, file: "bench.evemu", format: .evemu) { s in
                count += 1
                blackHole(s)
            }
        }
        precondition(count == recordingSamples, "expected \(recordingSamples) samples, got \(count)")
    }

    // One iteration = write 10 s of samples as evemu text (the `kape trace convert` CSV → evemu path).
    Benchmark("MotionEventEncoder+EvemuWriter, 10 s recording",
              configuration: .init(metrics: [.wallClock, .instructions, .mallocCountTotal, .throughput],
                                   maxDuration: .seconds(3))) { benchmark in
        var encoder = MotionEventEncoder(device: MotionEventEncoder.dualSenseProfile())
        var writer = EvemuWriter(device: encoder.device, kernel: nil, dmi: nil)
        var out: [UInt8] = []
        out.reserveCapacity(recording.count + 4096)
        benchmark.startMeasurement()
        for s in motion.prefix(recordingSamples) {
            encoder.encode(s) { writer.append($0, to: &out) }
        }
        benchmark.stopMeasurement()
        blackHole(out.count)
    }
    iioBenchmarks()
}
