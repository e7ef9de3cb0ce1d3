import AudioDSP
import Foundation
import TestSupport
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


/// Polls `condition` until it holds or `seconds` pass (a deadline for a failure, not a sleep to pass).
func eventually(within seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(2000)
    }
    return condition()
}
