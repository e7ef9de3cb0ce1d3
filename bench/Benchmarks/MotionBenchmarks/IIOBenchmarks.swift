import Benchmark
import Motion

/// One scaled iteration = one scan of an MPU-6050 stream (24 bytes: accelerometer, temperature, gyro, timestamp)
/// from the bytes of a read to the frame's events in the assembler: reassembly, decoding, scale and mount
/// matrix, the evdev-shaped events. Reads are 4 KiB, as the IIO driver's. Its malloc count must be 0.
func iioBenchmarks() {
    Benchmark("IIO scan → frame (MPU-6050, 24-byte scans)",
              configuration: .init(metrics: [.wallClock, .cpuTotal, .instructions, .mallocCountTotal, .throughput],
                                   scalingFactor: .kilo, maxDuration: .seconds(3))) { benchmark in
        let s16 = IIOScanType(bigEndian: true, signed: true, bits: 16, storageBits: 16)
        guard let layout = try? IIOScanLayout(channels: [("accel_x", 0, s16), ("accel_y", 1, s16), ("accel_z", 2, s16), ("temp", 3, s16),
                                                         ("anglvel_x", 4, s16), ("anglvel_y", 5, s16), ("anglvel_z", 6, s16),
                                                         ("timestamp", 7, .timestamp)]) else { return }
        let encoder = IIOFrameEncoder(accel: .init(scale: SIMD3(repeating: 0.000598)), gyro: .init(scale: SIMD3(repeating: 0.001064724)),
                                      hasTimestamp: true)
        var assembler = FrameAssembler(device: encoder.device)
        let stream = IIOScanStream(scanBytes: layout.scanBytes, capacityScans: 256)
        let ax = ["accel_x", "accel_y", "accel_z"].compactMap { layout.element($0) }
        let gx = ["anglvel_x", "anglvel_y", "anglvel_z"].compactMap { layout.element($0) }
        guard let ts = layout.element("timestamp") else { return }
        let perRead = 4096 / layout.scanBytes
        let bytes = (0..<(perRead * layout.scanBytes)).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        var frames = 0
        benchmark.startMeasurement()
        var done = 0
        while done < benchmark.scaledIterations.count {
            bytes.withUnsafeBytes { b in
                stream.feed(b) { scan in
                    let a = SIMD3(Double(ax[0].type.value(in: scan, at: ax[0].offset)), Double(ax[1].type.value(in: scan, at: ax[1].offset)),
                                  Double(ax[2].type.value(in: scan, at: ax[2].offset)))
                    let g = SIMD3(Double(gx[0].type.value(in: scan, at: gx[0].offset)), Double(gx[1].type.value(in: scan, at: gx[1].offset)),
                                  Double(gx[2].type.value(in: scan, at: gx[2].offset)))
                    let t = ts.type.value(in: scan, at: ts.offset) / 1000
                    encoder.encode(accelRaw: a, gyroRaw: g, micros: Int64(done) * 10_000, sensorMicros: UInt32(truncatingIfNeeded: t)) { e in
                        if assembler.push(e) { frames += 1 }
                    }
                    done += 1
                }
            }
        }
        benchmark.stopMeasurement()
        blackHole(frames)
    }
}
