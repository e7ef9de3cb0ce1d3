import ArgumentParser
import Motion
import MotionDevices
import Platform
import TextFormat

struct Live: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read a motion device live and print every tilt gesture as it happens.",
        discussion: """
            Hold the device still in the neutral pose for a second to calibrate, then nod. With --json, one object \
            per line in the shape of `kape replay` plus "mono" (CLOCK_MONOTONIC seconds when the frame arrived):
            {"t": <event time>, "event": "correct"|"pass"|"calibrated"|"resync"|"deviceLost"|"deviceBack"|"gyroLost"|"gyroBack", "tilt": <degrees>, "mono": <s>}.
            For an IIO sensor, t is on the sensor's own timeline, 0 at the first sample; -v says whether it is read \
            buffered or polled, and why. Ctrl-C stops (an IIO sensor's attributes are put back as they were).
            """)

    @Argument(help: "Device: /dev/input/eventN, eventN, /dev/iio:deviceN, iio:deviceN, an IIO sysfs folder, or part of its name (default: the first motion device).")
    var device: String?

    @Flag(help: "One JSON object per event per line.")
    var json = false

    @Option(help: "Stop after this many seconds of samples (or of silence).")
    var duration: Double?

    @OptionGroup var axes: AxesOption
    @OptionGroup var tuning: TiltOptions

    @Flag(name: .shortAndLong, help: "Say how the device is read (clock, priority, resyncs) on stderr.")
    var verbose = false

    func validate() throws {
        try OptionCheck.motionDevice(device)
        try OptionCheck.number(duration, "--duration", 0.001...864_000, " s")
    }

    func run() throws {
        let chosen = try axes.resolve(device)
        var options = LiveOptions()
        options.settings = tuning.settings
        options.duration = duration
        let session = LiveDrivers.reader(for: chosen, options: options)
        let stop = try withWakeUp { () throws(SystemCallError) in try StopSignal() }
        stop.fireOnInterrupt()
        let tty = ProcessControl.isTerminal(1) && !json
        var lastShown = -1.0
        do {
            try session.run(stop: stop) { event in
                switch event {
                case .opened(let d, let notes):
                    if verbose {
                        var s = "kape: reading \(printable(d.path)) \(printable(d.info.name)), axes \(d.axes) (\(d.axesSource.rawValue)), "
                        s += d.info.hasGyro ? "gyro + accelerometer\n" : "accelerometer only\n"
                        for n in notes { s += "kape: \(printable(n))\n" }
                        Console.err(s)
                    }
                    if !json { FileHandleOutput.stdout("Hold still in the neutral pose to calibrate…\n") }
                case .frame(let f, let mono):
                    if tty && mono.seconds - lastShown >= 0.1 {
                        lastShown = mono.seconds
                        FileHandleOutput.stdout("\rtilt \(pad(fixed(f.tilt, 1)))°  ")
                    }
                case .calibrated(let stamp, let mono):
                    emit(stamp.seconds, "calibrated", 0, mono, text: "calibrated")
                case .gesture(let g, let mono):
                    emit(g.stamp.seconds, g.kind.rawValue, g.tilt, mono, text: "\(g.kind.rawValue) at \(fixed(g.tilt, 1))°")
                case .resynced(let stamp, let tilt, let mono):
                    if json || verbose { emit(stamp.seconds, "resync", tilt, mono, text: "events dropped by the kernel (SYN_DROPPED): state re-read, gate held") }
                case .deviceLost(let path, let stamp, let tilt, let mono):
                    emit(stamp.seconds, "deviceLost", tilt, mono, text: "device lost: \(path) — plug it back in to resume")
                case .deviceBack(let d, let mono):
                    emit(.nan, "deviceBack", 0, mono, text: "device back: \(d.path) — hold still to re-calibrate")
                case .gyroChanged(let present, let reason, let stamp, let mono):
                    emit(stamp.seconds, present ? "gyroBack" : "gyroLost", 0, mono, note: reason,
                         text: (present ? "gyro back" : "gyro lost, accelerometer only") + ": \(reason) — hold still to re-calibrate")
                }
            }
        } catch {
            throw InputError(error.description)
        }
        if tty { FileHandleOutput.stdout("\n") }
        if verbose {
            let s = session.stats
            if let iio = session as? IIOReader, iio.cutScans + iio.timestampStepsBack > 0 {
                Console.err("kape: IIO: \(iio.cutScans) scans cut off, \(iio.timestampStepsBack) sensor timestamps went back\n")
            }
            Console.err("kape: \(s.samples) samples, \(s.events) events in \(s.reads) reads, \(s.resyncs) SYN_DROPPED, \(s.lost) lost, \(s.reconnects) reconnected, \(s.ticks) silent ticks"
                        + (s.reshapes > 0 ? ", \(s.reshapes) gyro changes" : "") + "\n")
        }
    }

    private func emit(_ t: Double, _ event: String, _ tilt: Double, _ mono: MonoInstant, note: String? = nil, text: String) {
        if json {
            var line = JSONLine()
            line.add("t", t, decimals: 6)
            line.add("event", event)
            line.add("tilt", tilt, decimals: 1)
            line.add("mono", mono.seconds, decimals: 6)
            if let note { line.add("note", note) }
            FileHandleOutput.stdout(line.text + "\n")
        } else {
            FileHandleOutput.stdout("\r" + printable(text) + "\n")
        }
    }

    private func pad(_ s: String) -> String { String(repeating: " ", count: max(0, 6 - s.count)) + s }
}

/// `--axes`: choose the device, apply and remember (or forget) an axis override.
struct AxesOption: ParsableArguments {
    @Option(help: ArgumentHelp("Canonical x,y,z from the device's axes, e.g. x,-z,y; remembered for this device. `default` forgets it.",
                               valueName: "map"))
    var axes: String?

    func resolve(_ selector: String?) throws -> DiscoveredDevice { try Self.resolve(selector, axes: axes) }

    static func resolve(_ selector: String?, axes: String?) throws -> DiscoveredDevice {
        let store = AxisConfigStore.standard()
        let found = DeviceDiscovery.scan(probeSeconds: 0, overrides: store.load())
        var device: DiscoveredDevice
        do { device = try DeviceDiscovery.select(selector, from: found) } catch { throw InputError(error.description) }
        guard let text = axes else { return device }
        if text == "default" {
            do { try store.save(nil, for: device.configKey) } catch { throw InputError(error.description) }
            let again = DeviceDiscovery.scan(probeSeconds: 0)
            return (try? DeviceDiscovery.select(device.path, from: again)) ?? device
        }
        let map: AxisMap
        do { map = try AxisMap(parsing: text) } catch { throw ValidationError(error.description) }
        if map.isMirror { Console.err("kape: warning: --axes \(map) mirrors the frame (left-handed); gyro signs will not match\n") }
        do { try store.save(map, for: device.configKey) } catch { throw InputError(error.description) }
        device.axes = map
        device.axesSource = .override
        return device
    }
}
