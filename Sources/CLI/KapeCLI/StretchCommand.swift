import ArgumentParser
import AudioDSP
import AudioIO
import Foundation
import Platform
import TextFormat
import Reports

struct StretchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stretch",
        abstract: "Change the speed of a sound file, keeping the pitch (the player's WSOLA stretcher, offline).")

    @Argument(help: "Input sound file (any format libsndfile reads).")
    var input: String
    @Argument(help: "Output file: .wav, .flac or .ogg.")
    var output: String
    @Option(help: "Speed, 0.5 to 2.0 (2 = twice as fast).")
    var speed: Double = 1.0
    @Flag(help: "Print the summary as one JSON line.")
    var json = false
    @Option(name: .customLong("speed-change"), help: "Change the speed at an input time, as SECONDS:SPEED (repeatable, or a comma-separated list), e.g. 10:1.5,20:0.8.")
    var speedChanges: [String] = []

    /// Speed changes in all: past a few a second of audio they are noise, and the command line holds about 150 000.
    static let maxSpeedChanges = 20_000
    /// `--speed-change` options: the argument parser's cost grows with the square of repeated options (6 000
    /// took 3 s before anything ran), so more changes than this come as comma-separated lists.
    static let maxSpeedChangeOptions = 1_000

    /// Checked on the raw arguments, before the parser sees them.
    static func tooManyOptions(_ arguments: [String]) -> String? {
        guard arguments.first == "stretch" else { return nil }
        let n = arguments.filter { $0 == "--speed-change" || $0.hasPrefix("--speed-change=") }.count
        guard n > maxSpeedChangeOptions else { return nil }
        return "--speed-change is given \(n) times, at most \(maxSpeedChangeOptions): give the changes as comma-separated "
            + "lists (--speed-change 10:1.5,20:0.8,…), up to \(maxSpeedChanges) in all"
    }
    @Option(help: "Also draw the waveform before and after and the output→input time map as SVG.")
    var plot: String?

    private func schedule() throws -> [(at: Double, speed: Double)] {
        let items = speedChanges.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
        guard items.count <= Self.maxSpeedChanges else {
            throw ValidationError("--speed-change: \(items.count) changes, at most \(Self.maxSpeedChanges)")
        }
        return try items.map { item in
            let parts = item.split(separator: ":")
            guard parts.count == 2, let t = Double(parts[0]), let v = Double(parts[1]), t.isFinite, (0...1e7).contains(t),
                  v.isFinite, WSOLAStretcher.speedRange.contains(v) else {
                throw ValidationError("--speed-change takes SECONDS:SPEED with a speed from 0.5 to 2.0, got `\(item)`")
            }
            return (t, v)
        }.sorted { $0.at < $1.at }
    }

    func validate() throws {
        try OptionCheck.number(speed, "--speed", WSOLAStretcher.speedRange)
        _ = try schedule()
        try OptionCheck.outputs([("OUT", output), ("--plot", plot)], inputs: [input])
    }

    func run() throws {
        let reader = try SoundFileReader(path: input)
        // Nothing to stretch: an encoder given no frames leaves a file no reader opens (a 0-byte FLAC).
        guard reader.frames > 0 else { throw InputError("\(input): has no audio frames") }
        let writer = try SoundFileWriter(path: output, rate: reader.rate, channels: reader.channels)
        let stretcher = WSOLAStretcher(channels: reader.channels, rate: reader.rate, mapSeconds: 1)
        stretcher.speed = speed
        let block = 4096
        let ch = reader.channels
        var inBuffer = [Float](repeating: 0, count: block * ch)
        var outBuffer = [Float](repeating: 0, count: block * ch)
        let progress = ProgressBar(enabled: isatty(2) == 1 && !json, total: reader.frames)
        var changes = try schedule()[...]
        var drawing = plot == nil ? nil : StretchPlot(rate: reader.rate)
        let started = DispatchTime.now().uptimeNanoseconds
        var readFrames = 0, pending = 0, pendingAt = 0, ended = false
        try inBuffer.withUnsafeMutableBufferPointer { inb in
            try outBuffer.withUnsafeMutableBufferPointer { outb in
                while true {
                    if pending == 0 && !ended {
                        // Speed changes take effect at the block holding their input time (≤ 85 ms at 48 kHz).
                        while let next = changes.first, Double(readFrames) / Double(reader.rate) >= next.at {
                            stretcher.speed = next.speed
                            changes.removeFirst()
                        }
                        pending = try reader.read(into: inb.baseAddress!, frames: block)
                        drawing?.addInput(inb.baseAddress!, frames: pending, channels: ch)
                        pendingAt = 0
                        readFrames += pending
                        if pending == 0 { ended = true; stretcher.finish() }
                        progress.update(readFrames)
                    }
                    if pending > 0 {
                        let n = stretcher.write(inb.baseAddress! + pendingAt * ch, frames: pending)
                        pending -= n; pendingAt += n
                    }
                    while true {
                        let before = stretcher.outputFrames
                        let n = stretcher.read(into: outb.baseAddress!, frames: block)
                        if n == 0 { break }
                        drawing?.addOutput(outb.baseAddress!, frames: n, channels: ch, firstFrame: before, map: stretcher)
                        try writer.write(outb.baseAddress!, frames: n)
                    }
                    if ended && stretcher.isDrained { break }
                }
            }
        }
        try writer.close()
        progress.finish()
        if let plot, let drawing {
            let changes = speedChanges.flatMap { $0.split(separator: ",") }
            let listed = changes.prefix(8).joined(separator: ", ") + (changes.count > 8 ? " and \(changes.count - 8) more" : "")
            try OutputFile.write(drawing.render(title: "kape stretch \((input as NSString).lastPathComponent) at \(fixed(speed, 2))×"
                + (changes.isEmpty ? "" : ", then " + listed)).text, to: plot)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let audio = Double(readFrames) / Double(reader.rate)
        let outSeconds = Double(stretcher.outputFrames) / Double(reader.rate)
        if json {
            var line = JSONLine()
            line.add("input", input); line.add("output", output)
            line.add("speed", speed, decimals: 3)
            line.add("input_seconds", audio, decimals: 3); line.add("output_seconds", outSeconds, decimals: 3)
            line.add("x_realtime", seconds > 0 ? audio / seconds : 0, decimals: 0)
            Console.out(line.text + "\n")
        } else {
            Console.out("\(output): \(fixed(outSeconds, 3)) s from \(fixed(audio, 3)) s at \(fixed(speed, 2))x"
                + " (\(fixed(seconds > 0 ? audio / seconds : 0, 0))x realtime)\n")
        }
    }
}

/// A one-line progress bar on stderr, redrawn at most every percent; silent when disabled (not a terminal).
final class ProgressBar {
    let enabled: Bool
    let total: Int
    private var lastPercent = -1

    init(enabled: Bool, total: Int) { self.enabled = enabled; self.total = max(1, total) }

    func update(_ done: Int) {
        guard enabled else { return }
        let percent = min(100, done * 100 / total)
        guard percent != lastPercent else { return }
        lastPercent = percent
        let filled = percent * 30 / 100
        FileHandleOutput.stderr("\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled) + "] \(percent)%")
    }

    func finish() { if enabled && lastPercent >= 0 { FileHandleOutput.stderr("\r" + String(repeating: " ", count: 40) + "\r") } }
}
