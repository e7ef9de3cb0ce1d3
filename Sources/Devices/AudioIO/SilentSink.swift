/// Where sound goes when there is no sound output: nowhere. Paced, it keeps a device's time (`VirtualDeviceClock`),
/// so a game round or a lesson runs as it would through a card; offline it takes frames as fast as they come.
/// Nothing is written anywhere (a file is only ever written when the user names one, `--device wav:PATH`).
public final class SilentSink: VirtualDeviceSink, @unchecked Sendable {
    /// The device name it reports: no PCM, no file.
    public static let deviceName = "silent"
    let device: VirtualDevice

    public init(request: SinkRequest = SinkRequest(), paced: Bool) {
        device = VirtualDevice(SinkInfo(device: Self.deviceName, rate: request.rate, channels: request.channels,
                                        format: request.formats.first ?? .s16, periodFrames: request.periodFrames,
                                        bufferFrames: request.periodFrames * request.periods),
                               request: request, paced: paced)
    }

    public func write(_ bytes: UnsafeRawPointer, frames: Int) -> SinkWrite {
        wrote(frames)
        return .written
    }

    public func finish() { drain() }
}
