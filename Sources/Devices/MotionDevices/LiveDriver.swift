/// What reads a motion device for a `LiveSession`: one `LiveSourceDriver` over the device's `LiveSource`
/// (`LiveReader` for evdev nodes, `IIOReader` for IIO sensors, `WiimoteReader` for a Wii Remote's accelerometer
/// and Motion Plus nodes). Every source feeds the session kernel input events, so everything after them is one
/// path.
public protocol LiveDriver: AnyObject {
    var stats: LiveStats { get }
    /// Blocks on the calling thread until `stop` fires, the duration is over, or reading fails. Throws when the
    /// device cannot be opened at the start.
    func run(stop: StopSignal, recorder: (any TraceRecording)?, handler: (LiveEvent) -> Void) throws(DeviceError)
}

extension LiveDriver {
    public func run(stop: StopSignal, handler: (LiveEvent) -> Void) throws(DeviceError) {
        try run(stop: stop, recorder: nil, handler: handler)
    }
}

public enum LiveDrivers {
    /// The driver for the device: IIO, a Wii Remote (with or without its Motion Plus, which may come later), or evdev.
    public static func reader(for device: DiscoveredDevice, options: LiveOptions = LiveOptions()) -> any LiveDriver {
        if device.iio != nil { return IIOReader(device: device, options: options) }
        if device.rule == .accelerometerOnRotationalAxes { return WiimoteReader(device: device, options: options) }
        return LiveReader(device: device, options: options)
    }
}
