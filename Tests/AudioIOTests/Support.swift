import AudioDSP
import Foundation
@testable import AudioIO

/// A fresh temporary directory, removed by `cleanup`.
struct TempDir {
    let path: String
    init() {
        var template = Array((NSTemporaryDirectory() + "/kape-audio-XXXXXX").utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }
    func file(_ name: String) -> String { path + "/" + name }
    func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: file(name), atomically: true, encoding: .utf8)
        return file(name)
    }
    func cleanup() { try? FileManager.default.removeItem(atPath: path) }
}

/// The package root, from this file's place in it (tests never read anything outside the package).
let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

/// An ALSA configuration with one PCM capturing into `wav` through the `file` plugin (not paced).
func fileCaptureConfig(_ dir: TempDir, wav: String) throws -> String {
    try dir.write("asound.conf", """
        pcm.kape_capture {
            type file
            slave.pcm { type null }
            file "\(wav)"
            format "wav"
        }
        """)
}

/// A stereo clip whose every sample is a distinct 16-bit value, so misplaced frames cannot go unnoticed.
func rampClip(name: String = "ramp", frames: Int, seed: Int, channels: Int = 2) -> Clip {
    var samples: [Float] = []
    for f in 0..<frames {
        for c in 0..<channels {
            let v = ((f * 37 + c * 11 + seed * 101) % 2000) - 1000
            samples.append(Float(v) / 32768)
        }
    }
    return Clip(name: name, rate: 48_000, channels: channels, samples: samples)
}

func sine(_ name: String, frequency: Double, seconds: Double, amplitude: Float, channels: Int = 2) -> Clip {
    let n = Int(seconds * 48_000)
    var samples = [Float](repeating: 0, count: n * channels)
    for i in 0..<n {
        let v = amplitude * Float(sin(2 * Double.pi * frequency * Double(i) / 48_000))
        for c in 0..<channels { samples[i * channels + c] = v }
    }
    return Clip(name: name, rate: 48_000, channels: channels, samples: samples)
}

/// Runs a private PulseAudio null sink for the duration of `body` (see scripts/pulse-null-sink.sh).
func withPulse<T>(_ body: (_ config: String, _ dir: TempDir) throws -> T) throws -> T {
    let dir = TempDir()
    defer { dir.cleanup() }
    try runScript(["start", dir.path])
    defer { _ = try? runScript(["stop", dir.path]) }
    return try body(dir.file("asound.conf"), dir)
}

/// Runs scripts/pulse-null-sink.sh with posix_spawn and waitpid (Foundation's Process can miss the exit of a
/// child that leaves daemons behind).
@discardableResult
func runScript(_ arguments: [String]) throws -> Int32 {
    let path = packageRoot + "/scripts/pulse-null-sink.sh"
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else {
        throw AudioError(.device, "cannot run \(path)")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    guard status == 0 else { throw AudioError(.device, "pulse-null-sink.sh \(arguments[0]) failed (status \(status))") }
    return 0
}

/// Polls `condition` until it holds or `seconds` pass (a deadline for a failure, not a sleep to pass).
func eventually(within seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(2000)
    }
    return condition()
}
