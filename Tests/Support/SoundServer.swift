import Foundation
import Glibc

/// A private sound server with a null sink on a real-time clock, for the tests that need paced playback and a
/// real snd_pcm_delay without a sound card: PulseAudio (scripts/pulse-null-sink.sh) or PipeWire with WirePlumber
/// (scripts/pipewire-null-sink.sh), the default server of current distributions. posix_spawn and waitpid,
/// because Foundation's Process can miss the exit of a child that leaves daemons behind.
public enum SoundServer: String, CaseIterable, Sendable, CustomStringConvertible {
    case pulse
    case pipewire

    public var description: String { rawValue }

    /// The ALSA PCM its asound.conf defines (`default` goes there too).
    public var pcm: String { "kape_\(rawValue)" }

    var script: String { self == .pulse ? "pulse-null-sink.sh" : "pipewire-null-sink.sh" }

    /// `start DIR` (writes DIR/asound.conf) or `stop DIR`.
    public func run(_ arguments: [String]) throws { try runScript(script, arguments) }

    /// Runs the server for the duration of `body`, which gets the asound.conf to use and the server's folder.
    public func with<T>(_ body: (_ config: String, _ dir: String) throws -> T) throws -> T {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kape-\(rawValue)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try run(["start", dir])
        defer { _ = try? run(["stop", dir]) }
        return try body(dir + "/asound.conf", dir)
    }
}

/// The PulseAudio server alone, as the older tests name it.
public enum PulseNullSink {
    public static func run(_ arguments: [String]) throws { try SoundServer.pulse.run(arguments) }
}
