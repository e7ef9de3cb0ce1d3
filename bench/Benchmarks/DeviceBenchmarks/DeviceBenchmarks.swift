import Benchmark
import Glibc
import Motion
import MotionDevices

/// A 6-axis node like a DualSense (8192 units/g, 1024 units per deg/s, MSC_TIMESTAMP) at 1000 Hz.
let device: MotionDeviceInfo = {
    var d = MotionDeviceInfo(name: "Bench IMU Motion Sensors")
    for i in 0..<3 { d.axes[i] = AxisInfo(minimum: -32768, maximum: 32767, fuzz: 16, resolution: 8192) }
    for i in 3..<6 { d.axes[i] = AxisInfo(minimum: -2_097_152, maximum: 2_097_152, fuzz: 16, resolution: 1024) }
    d.hasTimestamp = true
    return d
}()

/// Kernel bytes for `count` frames starting at frame `first`: 1.5 s still, then slow nods of ±50°, every axis
/// changing every frame (the worst case: 8 events per frame).
func frames(_ first: Int, _ count: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count * 8 * 24)
    func event(_ micros: Int64, _ type: UInt16, _ code: UInt16, _ value: Int32) {
        withUnsafeBytes(of: micros / 1_000_000) { bytes += $0 }
        withUnsafeBytes(of: micros % 1_000_000) { bytes += $0 }
        withUnsafeBytes(of: type) { bytes += $0 }
        withUnsafeBytes(of: code) { bytes += $0 }
        withUnsafeBytes(of: value) { bytes += $0 }
    }
    for i in first..<(first + count) {
        let t = Double(i) / 1000
        let tilt = t < 1.5 ? 0 : 50 * sin((t - 1.5) * 2)
        let rate = t < 1.5 ? 0 : 100 * cos((t - 1.5) * 2) * 180 / Double.pi
        let th = tilt * Double.pi / 180
        let micros = Int64(100_000_000 + i * 1000)
        let noise = Int32(i % 7) - 3
        event(micros, 3, 0, noise)
        event(micros, 3, 1, Int32(cos(th) * 8192) + noise)
        event(micros, 3, 2, Int32(sin(th) * 8192) - noise)
        event(micros, 3, 3, Int32(-rate * 1024) + noise * 10)
        event(micros, 3, 4, noise * 20)
        event(micros, 3, 5, -noise * 20)
        event(micros, 4, 5, Int32(truncatingIfNeeded: i * 1000))
        event(micros, 0, 0, 0)
    }
    return bytes
}

let benchmarks: @Sendable () -> Void = {
    // One scaled iteration = one frame: read(2) from a pipe, decode, assemble, remap axes, estimator, gate.
    // The writer side refills the pipe every 256 frames inside the measurement (one write of 48 KiB, a few
    // ns per frame). Each read takes one frame's 8 events: what a 1000 Hz device gives per poll wake-up.
    Benchmark("Live frame: read → gate decision (1000 Hz 6-axis)",
              configuration: .init(metrics: [.wallClock, .cpuTotal, .instructions, .mallocCountTotal, .throughput],
                                   scalingFactor: .kilo, maxDuration: .seconds(3))) { benchmark in
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        let reader = EventReader(fd: ends[0], batch: 8)
        var pipeline = MotionPipeline(device: device, axes: .identity)
        let block = 256
        let period = 20_000  // frames before the nod pattern repeats
        var next = 0
        func refill() {
            let bytes = frames(next % period + (next >= period ? 2000 : 0), block)
            next += block
            bytes.withUnsafeBytes { _ = write(ends[1], $0.baseAddress!, $0.count) }
        }
        // Calibrate first: the steady state is what is measured.
        while !pipeline.isCalibrated {
            refill()
            while case .read = reader.read({ _ = pipeline.push($0) }) {}
        }
        var produced = 0, consumed = 0
        var gestures = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            if consumed == produced {
                refill()
                produced += block
            }
            // Drain until one more frame completes.
            var done = false
            while !done {
                _ = reader.read { e in
                    if let f = pipeline.push(e) {
                        consumed += 1
                        done = true
                        if f.gesture != nil { gestures += 1 }
                    }
                }
            }
        }
        benchmark.stopMeasurement()
        blackHole(gestures)
    }

    // The CPU part alone: one frame of events through MotionPipeline.push (no syscall).
    Benchmark("MotionPipeline.push, one 8-event frame",
              configuration: .init(metrics: [.wallClock, .instructions, .mallocCountTotal],
                                   scalingFactor: .kilo, maxDuration: .seconds(2))) { benchmark in
        var events: [InputEvent] = []
        let raw = frames(0, 6000)
        raw.withUnsafeBytes { b in
            for i in stride(from: 0, to: b.count, by: 24) {
                let sec = b.loadUnaligned(fromByteOffset: i, as: Int64.self)
                let usec = b.loadUnaligned(fromByteOffset: i + 8, as: Int64.self)
                events.append(InputEvent(micros: sec * 1_000_000 + usec, type: b.loadUnaligned(fromByteOffset: i + 16, as: UInt16.self),
                                         code: b.loadUnaligned(fromByteOffset: i + 18, as: UInt16.self),
                                         value: b.loadUnaligned(fromByteOffset: i + 20, as: Int32.self)))
            }
        }
        var pipeline = MotionPipeline(device: device, axes: .identity)
        var i = 0
        while !pipeline.isCalibrated { _ = pipeline.push(events[i]); i += 1 }
        let start = 1600 * 8
        i = start
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for _ in 0..<8 {
                blackHole(pipeline.push(events[i]))
                i += 1
            }
            if i == events.count { i = start }
        }
        benchmark.stopMeasurement()
    }
}
