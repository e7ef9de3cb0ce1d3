import Motion
/// The kinds of motion node the synthesiser imitates: how they sample, deliver, scale and quantise.
public enum DeviceProfile: String, Sendable, CaseIterable {
    /// DualSense over USB: 250 Hz, MSC_TIMESTAMP (started close to the uint32 wrap), 8192/g, 1024 per deg/s.
    case ds250 = "ds250"
    /// Joy-Con: three samples per report every 15 ms, all with the report's event time, no timestamp.
    case burst = "burst"
    /// A 100 Hz node without MSC_TIMESTAMP (event times only, with delivery jitter).
    case hz100 = "hz100"
    /// Accelerometer only (Sixaxis-like 113/g, 100 Hz, no gyro, no timestamp).
    case accelOnly = "accel-only"
    /// DualSense with SYN_DROPPED gaps where the reader fell behind.
    case dropped = "dropped"
    /// DualShock 3 / Sixaxis "Motion Sensors" (hid-sony): accelerometer only, 113/g, fuzz 4, 100 Hz. Still, it
    /// goes silent: the kernel drops values within the fuzz and frames with nothing left in them.
    case ds3 = "ds3"
    /// Wii Remote "Accelerometer" node (hid-wiimote): ABS_RX/RY/RZ, ±500, fuzz 2, no resolution (about 100/g),
    /// 100 Hz, Bluetooth; the Motion Plus gyro would be another node.
    case wiimote = "wiimote"
    /// A Wii Remote with Motion Plus as Kape's Wii Remote driver delivers it (`WiimoteFusion`): the accelerometer
    /// node's counts (about 100 per g, no resolution) on ABS_X/Y/Z and the Motion Plus rates (8192·9/440 units per
    /// °/s, quantised at that) in the accelerometer's frame, m°/s, on ABS_RX/RY/RZ; every axis in every 100 Hz
    /// report, no timestamp. What `kape record` writes for one.
    case wiimoteMP = "wiimote-mp"
    /// A phone's IMU through IIO as Kape's IIO driver delivers it (PinePhone's MPU-6050: ±2 g at 16384 counts per
    /// g, ±2000 °/s at 16.4 per °/s, 100 Hz from its FIFO with the sensor's own timestamps): every axis every
    /// frame (IIO has no fuzz filter), µg and m°/s, MSC_TIMESTAMP from the sensor clock.
    case iioPhone = "iio-phone"
    /// A phone or tablet accelerometer without gyro through IIO, 50 Hz, 1024 counts per g (an MXC6655 or BMA).
    case iioAccel = "iio-accel"
    /// A convertible laptop's hid-sensor-accel-3d: accelerometer only, 1 mg per count, a report interval of
    /// 10 to 100 Hz (each round draws its own), timestamps from the sensor hub with a little jitter.
    case iioLaptop = "iio-laptop"

    /// Profiles with a gyro, and those without (the accelerometer-only detector's corpus).
    public var hasGyro: Bool { gyroResolution != nil }

    var isIIO: Bool { self == .iioPhone || self == .iioAccel || self == .iioLaptop }

    /// The sensor's own counts per g and per °/s, before the IIO driver turns them into µg and m°/s.
    var sensorCounts: (accel: Double, gyro: Double)? {
        switch self {
        case .iioPhone: (16384, 16.4)
        case .iioAccel: (1024, 0)
        case .iioLaptop: (1000, 0)
        case .wiimoteMP: (100, WiimoteFusion.unitsPerDegree)
        default: nil
        }
    }

    var accelResolution: Int32 {
        switch self {
        case .iioPhone, .iioAccel, .iioLaptop: IIOFrameEncoder.accelPerG
        case .ds250, .dropped: 8192
        case .burst: 4096
        case .hz100: 16384
        case .accelOnly, .ds3: 113
        case .wiimote, .wiimoteMP: 100
        }
    }

    /// Every axis goes out with every frame: IIO has no fuzz filter, and a fused Wii Remote frame carries both nodes.
    var sendsEveryAxis: Bool { isIIO || self == .wiimoteMP }

    var gyroResolution: Int32? {
        switch self {
        case .iioPhone: IIOFrameEncoder.gyroPerDegree
        case .iioAccel, .iioLaptop: nil
        case .ds250, .dropped: 1024
        case .burst: 14247
        case .hz100: 16
        case .accelOnly, .ds3, .wiimote: nil
        case .wiimoteMP: WiimoteFusion.gyroPerDegree
        }
    }

    var accelRange: Int32 {
        switch self {
        case .iioPhone, .iioAccel, .iioLaptop: 64 * IIOFrameEncoder.accelPerG
        case .ds250, .dropped: 32768
        case .burst: 32767
        case .hz100: 32768
        case .accelOnly, .ds3: 511
        case .wiimote, .wiimoteMP: 500
        }
    }

    var gyroRange: Int32 {
        switch self {
        case .iioPhone: 100_000 * IIOFrameEncoder.gyroPerDegree
        case .iioAccel, .iioLaptop: 0
        case .ds250, .dropped: 2048 * 1024
        case .burst: 32_767_000
        case .hz100: 32768
        case .accelOnly, .ds3, .wiimote: 0
        case .wiimoteMP: WiimoteFusion.device(accelerometer: Self.wiimoteAccelerometer, gyro: true).axes[3]?.maximum ?? 0
        }
    }

    /// Seconds between samples at the device.
    var samplePeriod: Double {
        switch self {
        case .ds250, .dropped: 0.004
        case .burst: 0.005
        case .hz100, .accelOnly, .ds3, .wiimote, .wiimoteMP, .iioPhone: 0.010
        case .iioAccel: 0.020
        case .iioLaptop: 0.010  // the round draws its own (SensorModel)
        }
    }

    var samplesPerReport: Int { self == .burst ? 3 : 1 }
    var hasTimestamp: Bool { self == .ds250 || self == .dropped || isIIO }

    var deviceName: String {
        switch self {
        case .ds250, .dropped: "Sony Interactive Entertainment DualSense Wireless Controller Motion Sensors"
        case .burst: "Nintendo Switch Left Joy-Con IMU"
        case .hz100: "Kape Synthetic 100 Hz IMU"
        case .accelOnly, .ds3: "Sony PLAYSTATION(R)3 Controller Motion Sensors"
        case .wiimote, .wiimoteMP: "Nintendo Wii Remote Accelerometer"
        case .iioPhone: "mpu6050" + DriverTable.iioSuffix
        case .iioAccel: "mxc6655" + DriverTable.iioSuffix
        case .iioLaptop: "accel_3d accel-display" + DriverTable.iioSuffix
        }
    }

    var ids: (bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16) {
        switch self {
        case .ds250, .dropped: (0x03, 0x054c, 0x0ce6, 0x8111)
        case .burst: (0x05, 0x057e, 0x2006, 0x8001)
        case .hz100: (0x06, 0x4b50, 0x0100, 0x0001)
        case .accelOnly, .ds3: (0x03, 0x054c, 0x0268, 0x8111)
        case .wiimote, .wiimoteMP: (0x05, 0x057e, 0x0306, 0x8600)
        case .iioPhone, .iioAccel, .iioLaptop: (0, 0, 0, 0)
        }
    }

    /// The evdev description of the node. `knownResolution` false writes 0 (drivers that do not say).
    func device(knownResolution: Bool) -> MotionDeviceInfo {
        if isIIO {
            return IIOFrameEncoder.device(name: deviceName, hasGyro: gyroResolution != nil, hasTimestamp: true,
                                          accelScaleKnown: knownResolution)
        }
        var d = MotionDeviceInfo(name: deviceName)
        (d.bus, d.vendor, d.product, d.version) = ids
        if self == .wiimoteMP { return WiimoteFusion.device(accelerometer: Self.wiimoteAccelerometer, gyro: true) }
        if self == .wiimote { return Self.wiimoteAccelerometer }
        d.properties[0] = 1 << UInt8(EV.propAccelerometer)
        let fuzz: Int32 = self == .accelOnly || self == .ds3 ? 4 : 16
        for i in 0..<3 {
            d.axes[i] = AxisInfo(minimum: -accelRange, maximum: accelRange - (self == .accelOnly ? 0 : 0), fuzz: fuzz,
                                 resolution: knownResolution ? accelResolution : 0)
        }
        if let g = gyroResolution {
            for i in 3..<6 { d.axes[i] = AxisInfo(minimum: -gyroRange, maximum: gyroRange, fuzz: fuzz, resolution: g) }
        }
        d.hasTimestamp = hasTimestamp
        d.eventBits[EV.syn] = [0x0b]
        d.eventBits[EV.abs] = [gyroResolution == nil ? 0x07 : 0x3f]
        if hasTimestamp { d.eventBits[EV.msc] = [0x20] }
        return d
    }

    /// hid-wiimote's accelerometer node: no property, no resolution, the accelerometer on the "rotational" codes.
    static let wiimoteAccelerometer: MotionDeviceInfo = {
        var d = MotionDeviceInfo(name: "Nintendo Wii Remote Accelerometer")
        (d.bus, d.vendor, d.product, d.version) = (0x05, 0x057e, 0x0306, 0x8600)
        for i in 3..<6 { d.axes[i] = AxisInfo(minimum: -500, maximum: 500, fuzz: 2, flat: 4, resolution: 0) }
        d.eventBits[EV.syn] = [0x0b]
        d.eventBits[EV.abs] = [0x38]
        return d
    }()
}
