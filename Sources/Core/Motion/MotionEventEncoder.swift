import Platform

/// Turns physical samples back into the events a motion node would send: quantised by the axis resolution,
/// clamped to the axis range, only the axes that changed (the kernel drops repeated values), then
/// MSC_TIMESTAMP and SYN_REPORT. The inverse of `FrameAssembler`, used to write CSV traces as evemu recordings.
public struct MotionEventEncoder {
    public let device: MotionDeviceInfo
    /// Apply the input core's fuzz filter (input_defuzz_abs_event) as a real device node would.
    public var kernelFuzzFilter = false
    /// Added to the device clock: real devices start anywhere, and a test can place the uint32 wrap.
    public var timestampOffset: UInt32 = 0

    private var last = [Int32?](repeating: nil, count: 6)
    private let scale: [Double]
    /// Canonical samples go out in the device's own frame (its driver's table, inverted).
    private let toDevice: AxisMap

    public init(device: MotionDeviceInfo) {
        self.device = device
        toDevice = device.driverFrame.inverse
        scale = (0..<6).map { i in
            let r = device.axes[i]?.resolution ?? 0
            return r > 0 ? Double(r) : 1
        }
    }

    /// A DualSense-like motion node (hid-playstation): accelerometer ±4 g at 8192 per g, gyroscope ±2048 deg/s at
    /// 1024 per deg/s, fuzz 16, INPUT_PROP_ACCELEROMETER, MSC_TIMESTAMP. Without a gyro it keeps ABS_X..Z only.
    public static func dualSenseProfile(gyro: Bool = true, timestamp: Bool = true) -> MotionDeviceInfo {
        var d = MotionDeviceInfo(name: "Sony Interactive Entertainment DualSense Wireless Controller Motion Sensors")
        (d.bus, d.vendor, d.product, d.version) = (0x0003, 0x054c, 0x0ce6, 0x8111)
        d.properties[0] = 1 << UInt8(EV.propAccelerometer)
        for i in 0..<3 { d.axes[i] = AxisInfo(minimum: -32768, maximum: 32768, fuzz: 16, flat: 0, resolution: 8192) }
        if gyro {
            for i in 3..<6 { d.axes[i] = AxisInfo(minimum: -2_097_152, maximum: 2_097_152, fuzz: 16, flat: 0, resolution: 1024) }
        }
        d.eventBits[EV.abs] = [gyro ? 0x3f : 0x07, 0, 0, 0, 0, 0, 0, 0]
        d.eventBits[EV.msc] = timestamp ? [1 << UInt8(EV.mscTimestamp)] : [0]
        d.hasTimestamp = timestamp
        return d
    }

    /// The raw value an axis would report for a physical value.
    public func quantise(_ value: Double, axis i: Int) -> Int32 {
        guard let a = device.axes[i] else { return 0 }
        var v = (value * scale[i]).rounded()
        if v.isNaN { v = 0 }
        v = min(max(v, Double(a.minimum)), Double(a.maximum))
        return Int32(saturating: v)
    }

    /// Calls `emit` with the events of one frame at the sample's `stamp` (E: time) and `time` (device clock).
    public mutating func encode(_ s: MotionSample, _ emit: (InputEvent) throws -> Void) rethrows {
        let micros = Self.micros(s.stamp.seconds)
        let gyro = toDevice.apply(s.gyro), accel = toDevice.apply(s.accel)
        let physical = SIMD8<Double>(gyro.x, gyro.y, gyro.z, accel.x, accel.y, accel.z, 0, 0)
        // hid-playstation reports the gyroscope first, then the accelerometer.
        for k in 0..<6 {
            let i = k < 3 ? k + 3 : k - 3
            guard device.axes[i] != nil else { continue }
            var v = quantise(physical[k], axis: i)
            if let old = last[i] {
                if kernelFuzzFilter { v = KernelFuzzFilter.defuzz(v, old: old, fuzz: device.axes[i]!.fuzz) }
                if v == old { continue }
            }
            last[i] = v
            try emit(InputEvent(micros: micros, type: EV.abs, code: UInt16(i), value: v))
        }
        if device.hasTimestamp {
            let ticks = UInt32(truncatingIfNeeded: Self.micros(s.time)) &+ timestampOffset
            try emit(InputEvent(micros: micros, type: EV.msc, code: EV.mscTimestamp, value: Int32(bitPattern: ticks)))
        }
        try emit(InputEvent(micros: micros, type: EV.syn, code: EV.synReport, value: 0))
    }

    /// Appends the events of one frame.
    public mutating func encode(_ s: MotionSample, into events: inout [InputEvent]) {
        encode(s) { events.append($0) }
    }

    static func micros(_ seconds: Double) -> Int64 {
        let m = (seconds * 1e6).rounded()
        guard m.isFinite else { return 0 }
        return Int64(saturating: min(max(m, 0), 9e18))
    }
}
