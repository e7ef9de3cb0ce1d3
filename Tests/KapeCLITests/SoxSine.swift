import Foundation

/// A mono 16-bit sine at 300 Hz written by sox: the long inputs of the stretch tests.
func soxSine(_ path: String, seconds: Int, rate: Int = 16_000) throws {
    let sox = Process()
    sox.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
    sox.arguments = ["-n", "-r", "\(rate)", "-c", "1", "-b", "16", path, "synth", "\(seconds)", "sine", "300", "vol", "0.5"]
    try sox.run()
    sox.waitUntilExit()
    guard sox.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
}
