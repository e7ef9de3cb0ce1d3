import ArgumentParser
import Motion
import MotionDevices
import Platform
import TextFormat

struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record everything a motion device sends to an evemu file (`evemu-play` and `kape replay` read it).",
        discussion: """
            Ctrl-C ends the recording; the file is complete either way. A second Ctrl-C before it is written ends \
            the run at once: the file keeps what it held before, and no temporary file is left beside it.
            """)

    @Argument(help: "Device: /dev/input/eventN, eventN, /dev/iio:deviceN, iio:deviceN, an IIO sysfs folder, or part of its name (default: the first motion device).")
    var device: String?

    @Option(name: .shortAndLong, help: "The evemu file to write.")
    var output: String

    @Option(help: "Stop after this many seconds of samples (or of silence).")
    var duration: Double?

    @Flag(name: .shortAndLong, help: "Report progress on stderr.")
    var verbose = false

    func validate() throws {
        try OptionCheck.motionDevice(device)
        try OptionCheck.number(duration, "--duration", 0.001...864_000, " s")
        // The device node itself is an input (kape record /dev/input/event5 -o /dev/input/event5).
        try OptionCheck.outputs([("-o", output)], inputs: [device])
    }

    func run() throws {
        // The output first: a path that cannot be written is said before any device is looked for or set up.
        let recorder: any TraceRecording
        do throws(DeviceError) { recorder = try TraceRecorders.evemu(path: output) } catch { throw InputError(error.description) }
        let chosen = try AxesOption.resolve(device, axes: nil)
        var options = LiveOptions()
        options.duration = duration
        let session = LiveDrivers.reader(for: chosen, options: options)
        let stop = try withWakeUp { () throws(SystemCallError) in try StopSignal() }
        stop.fireOnInterrupt()
        do {
            try session.run(stop: stop, recorder: recorder) { event in
                guard verbose else { return }
                switch event {
                case .opened(let d, let notes):
                    Console.err("kape: recording \(printable(d.path)) \(printable(d.info.name)) to \(printable(output))\n" + notes.map { "kape: \(printable($0))\n" }.joined())
                case .deviceLost(let path, _, _, _):
                    Console.err("kape: device lost: \(path)\n")
                case .gyroChanged(let present, let reason, _, _):
                    // The trace keeps the shape it began with: a gyro that went reads 0 from here, one that came is not in it.
                    Console.err("kape: gyro \(present ? "back" : "lost"): \(reason) (the recording keeps the axes it started with)\n")
                default:
                    break
                }
            }
            try recorder.finish()
        } catch {
            try? recorder.finish()
            throw InputError(error.description)
        }
        let s = session.stats
        Console.err("kape: recorded \(s.events) events (\(s.samples) frames) to \(output)\n")
    }
}
