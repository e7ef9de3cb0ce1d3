import Motion
import Platform
/// The sensor and the driver between the head and the trace: bias, drift, noise, scale error, quantisation,
/// the kernel's fuzz filter, the device clock, report bursts, delivery jitter and SYN_DROPPED.
struct SensorModel {
    let profile: DeviceProfile
    let device: MotionDeviceInfo
    private var gyroBias: SIMD3<Double>
    private var gyroDrift: SIMD3<Double>       // deg/s per second, over the round
    private var accelBias: SIMD3<Double>
    private var accelGain: SIMD3<Double>
    private let accelNoise: Double             // g rms per axis
    private let gyroNoise = 0.12               // deg/s rms
    private var clockSkew: Double               // device clock ppm
    private var timestampStart: UInt32
    /// Axis ranges and true resolutions, even where the header claims 0.
    private let scales: [AxisInfo?]
    private let toDevice: AxisMap
    /// Seconds between samples: the profile's, or the laptop's own report interval.
    let period: Double

    init(profile: DeviceProfile, unknownAccelResolution: Bool, accelNoise: Double = 0.006, random: inout SeededGenerator) {
        self.profile = profile
        self.accelNoise = accelNoise
        device = profile.device(knownResolution: !unknownAccelResolution)
        scales = profile.device(knownResolution: true).axes
        toDevice = device.driverFrame.inverse
        func vec(_ r: ClosedRange<Double>, _ random: inout SeededGenerator) -> SIMD3<Double> {
            SIMD3(random.uniform(r), random.uniform(r), random.uniform(r))
        }
        gyroBias = vec(-2.5...2.5, &random)
        gyroDrift = vec(-0.01...0.01, &random)
        accelBias = vec(-0.02...0.02, &random)
        accelGain = SIMD3(repeating: 1) + vec(-0.02...0.02, &random)
        clockSkew = random.uniform(-200...200) * 1e-6
        // Start the uint32 microsecond counter 3 to 40 s before it wraps, so every such trace wraps once.
        timestampStart = UInt32.max - UInt32(saturating: random.uniform(3...40) * 1e6)
        period = profile == .iioLaptop ? 1 / random.uniform(10...100) : profile.samplePeriod
    }

    /// Samples the body at the device's own rate and writes the events the node would deliver.
    mutating func record(body: HeadBody, duration: Double, random: inout SeededGenerator) -> ([InputEvent], [MotionSample]) {
        var events: [InputEvent] = []
        var samples: [MotionSample] = []
        let count = Int(saturating: duration / period)
        events.reserveCapacity(count * 8)
        samples.reserveCapacity(count)
        var lastValue = [Int32?](repeating: nil, count: 6)
        let hasGyro = profile.gyroResolution != nil
        let reportPeriod = period * Double(profile.samplesPerReport)
        var lastDelivered: Int64 = 0
        // Where the reader falls behind: 2 to 4 drops, 20 to 70 ms each.
        var drops: [(start: Double, length: Double)] = []
        if profile == .dropped {
            for _ in 0..<Int(saturating: random.uniform(2...4.99)) {
                drops.append((random.uniform(4...(duration - 1)), random.uniform(0.02...0.07)))
            }
            drops.sort { $0.start < $1.start }
        }
        var dropIndex = 0
        let startOffset = 1e-6 + random.uniform(0...0.002)  // evemu-record rebases to just after zero

        var k = 0
        while k < count {
            // Device sample time (its clock runs a little fast or slow) and when the kernel delivered it.
            let t = Double(k) * period * (1 + clockSkew)
            let report = Double(k / profile.samplesPerReport + 1) * reportPeriod * (1 + clockSkew)
            // IIO frames carry the sensor's own timestamps (a FIFO's are exact; a sensor hub's jitter a little).
            let jitter = profile.isIIO ? (profile == .iioLaptop ? random.uniform(0...0.0005) : 0)
                : profile == .hz100 ? random.uniform(0...0.002) : random.uniform(0...0.0008)
            let deliveredSeconds = (profile.samplesPerReport > 1 ? report : t) + startOffset + jitter + (profile.isIIO ? 0 : 0.0005)
            var delivered = Int64(saturating: (deliveredSeconds * 1e6).rounded())
            delivered = max(delivered, lastDelivered)  // kernel event times never go backwards
            if profile.samplesPerReport > 1 {
                // Every sample of one report carries the report's time.
                delivered = Int64(saturating: ((report + startOffset + 0.0005) * 1e6).rounded())
                delivered = max(delivered, lastDelivered)
            }
            lastDelivered = delivered

            let canonical = body.imu(t)
            // A real node reports in its driver's frame, not the canonical one.
            let imu = (accel: toDevice.apply(canonical.accel), gyro: toDevice.apply(canonical.gyro))
            let drift = gyroDrift * t
            var a = imu.accel * accelGain + accelBias + SIMD3(random.gaussian(), random.gaussian(), random.gaussian()) * accelNoise
            var g = imu.gyro + gyroBias + drift + SIMD3(random.gaussian(), random.gaussian(), random.gaussian()) * gyroNoise
            if let counts = profile.sensorCounts {
                // The sensor's own quantisation, before the IIO driver scales it.
                a = (a * counts.accel).rounded(.toNearestOrEven) / counts.accel
                if counts.gyro > 0 { g = (g * counts.gyro).rounded(.toNearestOrEven) / counts.gyro }
            }
            samples.append(MotionSample(time: t, stamp: DeviceTime(micros: delivered), accel: canonical.accel, gyro: canonical.gyro))

            // SYN_DROPPED: a partial frame, the drop marker, the tail the reader still saw, then silence.
            if dropIndex < drops.count, t >= drops[dropIndex].start {
                let gapEnd = drops[dropIndex].start + drops[dropIndex].length
                events.append(InputEvent(micros: delivered, type: EV.abs, code: 1, value: quantise(a.y, axis: 1)))
                events.append(InputEvent(micros: delivered, type: EV.syn, code: EV.synDropped, value: 0))
                events.append(InputEvent(micros: delivered, type: EV.abs, code: 2, value: quantise(a.z, axis: 2)))
                events.append(InputEvent(micros: delivered, type: EV.syn, code: EV.synReport, value: 0))
                lastValue = [Int32?](repeating: nil, count: 6)  // the next frame after a drop sends every axis
                dropIndex += 1
                k = Int(saturating: (gapEnd / period).rounded(.up))
                continue
            }

            // Raw values by evdev code (the accelerometer on ABS_RX/RY/RZ for hid-wiimote).
            let base = device.accelCodeBase
            var raw = [Int32](repeating: 0, count: 6)
            raw[base] = quantise(a.x, axis: base)
            raw[base + 1] = quantise(a.y, axis: base + 1)
            raw[base + 2] = quantise(a.z, axis: base + 2)
            if hasGyro { raw[3] = quantise(g.x, axis: 3); raw[4] = quantise(g.y, axis: 4); raw[5] = quantise(g.z, axis: 5) }
            // Drivers send gyro first (Sony) and the kernel drops unchanged or within-fuzz values.
            let order = hasGyro ? [3, 4, 5, 0, 1, 2] : [base, base + 1, base + 2]
            var sent = 0
            for axis in order {
                let fuzz = device.axes[axis]?.fuzz ?? 0
                let value = lastValue[axis].map { KernelFuzzFilter.defuzz(raw[axis], old: $0, fuzz: fuzz) } ?? raw[axis]
                if value != lastValue[axis] || profile.sendsEveryAxis {  // IIO scans, fused Wii Remote frames
                    events.append(InputEvent(micros: delivered, type: EV.abs, code: UInt16(axis), value: value))
                    lastValue[axis] = value
                    sent += 1
                }
            }
            // The kernel passes no SYN_REPORT for a frame with nothing left in it: a still device goes silent.
            if sent == 0 && !profile.hasTimestamp {
                k += 1
                continue
            }
            if profile.hasTimestamp {
                let stamp = timestampStart &+ UInt32(truncatingIfNeeded: Int64(saturating: (t * 1e6).rounded()))
                events.append(InputEvent(micros: delivered, type: EV.msc, code: EV.mscTimestamp, value: Int32(bitPattern: stamp)))
            }
            events.append(InputEvent(micros: delivered, type: EV.syn, code: EV.synReport, value: 0))
            k += 1
        }
        return (events, samples)
    }

    private func quantise(_ physical: Double, axis: Int) -> Int32 {
        let info = scales[axis]!
        // A driver that states no resolution still has one (hid-wiimote: about 100 per g).
        let resolution = info.resolution > 0 ? info.resolution : profile.accelResolution
        let v = (physical * Double(resolution)).rounded()
        return Int32(saturating: max(Double(info.minimum), min(Double(info.maximum), v)))
    }
}
