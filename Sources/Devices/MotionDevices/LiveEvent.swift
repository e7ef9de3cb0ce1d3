import Motion
import Platform

/// What live input reports, in order, on the reader thread. `mono` is when the frame (or the change) reached
/// Kape; stamps are the device's event times on its own clock (`DeviceTime`). Everything a handler needs is in the
/// event: it is called while the session is being changed and must not call back into the reader.
public enum LiveEvent: Sendable {
    /// Reading started (also after a re-plug); `notes` says what was not granted (clock, priority).
    case opened(DiscoveredDevice, notes: [String])
    /// Every sample, for a live tilt display.
    case frame(MotionPipeline.Frame, mono: MonoInstant)
    case calibrated(stamp: DeviceTime, mono: MonoInstant)
    case gesture(TiltEvent, mono: MonoInstant)
    /// SYN_DROPPED: events were lost, the state was re-read and the estimator re-seeded; the gate held.
    case resynced(stamp: DeviceTime, tilt: Double, mono: MonoInstant)
    /// Unplugged (the game pauses); reading resumes by itself when the same device comes back.
    case deviceLost(path: String, stamp: DeviceTime, tilt: Double, mono: MonoInstant)
    case deviceBack(DiscoveredDevice, mono: MonoInstant)
    /// A gyro on a node of its own came or went while reading (a Wii Remote's Motion Plus): detection goes on with
    /// or without it from a fresh calibration; `reason` says what happened.
    case gyroChanged(present: Bool, reason: String, stamp: DeviceTime, mono: MonoInstant)
}

public struct LiveOptions: Sendable {
    public var settings = TiltSettings()
    /// Stop after this much device time (seconds of samples), or when samples stop for the time still left
    /// (at least a second).
    public var duration: Double?
    public var realtime = true
    public var inputDirectory = DeviceDiscovery.inputDirectory
    /// Where IIO devices are described and where their nodes are (a lost IIO sensor is looked for there).
    public var iioRoot = IIODiscovery.sysfsRoot
    public var iioDevices = IIODiscovery.devDirectory
    /// Another thread's requests for a new neutral pose (the game's countdown); nil: only re-plugs recalibrate.
    public var recalibration: RecalibrationRequest?

    public init() {}
}

/// Counters for `--verbose` and the tests.
public struct LiveStats: Sendable, Equatable {
    public var samples = 0
    public var events = 0
    public var resyncs = 0
    public var lost = 0
    public var reconnects = 0
    public var reads = 0
    /// Poll timeouts the detector was told about (the device sent nothing).
    public var ticks = 0
    /// Gyro nodes that came or went while reading (`LiveSession.reshape`).
    public var reshapes = 0
}
