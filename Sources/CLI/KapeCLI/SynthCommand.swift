import Platform
import ArgumentParser
import Motion
import MotionSynthesis

extension DeviceProfile: ExpressibleByArgument {}

/// `kape trace synth`: a realistic round from the physical head model, with its truth file.
struct Synth: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Synthesise a realistic round (trace + truth) from a physical model of the head and the sensor.",
        discussion: """
            Profiles: ds250 (250 Hz, MSC_TIMESTAMP that wraps), burst (3 samples per report every 15 ms, no \
            timestamp), hz100 (100 Hz, event times only), accel-only (no gyro), dropped (SYN_DROPPED gaps), \
            ds3 (DualShock 3 accelerometer, 113/g, fuzz 4), wiimote (Wii Remote accelerometer on ABS_RX/RY/RZ, \
            no resolution), wiimote-mp (a Wii Remote with Motion Plus as Kape fuses its two nodes), iio-phone (an MPU-6050 through IIO: 100 Hz, gyro, the sensor's timestamps), iio-accel \
            (an IIO accelerometer, 50 Hz), iio-laptop (hid-sensor-accel-3d, 10–100 Hz a round). The kernel's fuzz \
            filter and its dropping of empty frames are modelled, so a still evdev accelerometer goes silent; IIO \
            profiles send every axis of every scan, as Kape's IIO driver does.
            Writes FILE (.evemu or .csv) and FILE's *.truth.json beside it. The same seed gives the same files.
            """)

    @Option(help: "Seed: names the round.")
    var seed: UInt64

    @Option(help: "Device profile.")
    var profile: DeviceProfile = .ds250

    @Flag(help: "Landscape flipped (rotated 180° about the screen normal).")
    var flipped = false

    @Option(help: "Round length in seconds after the 3-second countdown, 5 to 3600 (an hour at 250 Hz is about 500 MB of evemu, within what `kape replay` reads).")
    var seconds: Double = 60

    @Option(help: "Neck pivot to device distance in metres (default: random 0.10–0.18).")
    var pivot: Double?

    @Flag(help: "No distractors (nods, laughing, looking around, roll, walking, bumps).")
    var calm = false

    @Option(help: "Longest pause between gestures, seconds (short dense traces for regression corpora).")
    var idle: Double = 4.5

    @Flag(help: "Write resolution 0 for the accelerometer, as drivers that do not know it do.")
    var unknownResolution = false

    @Option(help: "Accelerometer noise, g rms per axis (default 0.006).")
    var noise: Double?

    @OptionGroup var distractors: DistractorOptions

    @Option(name: .shortAndLong, help: "Output trace: .evemu or .csv.")
    var output: String

    func validate() throws {
        // An hour: the whole trace is built in memory, and four hours of ds250 (2 GB) passed the 1 GiB every
        // trace reader takes.
        try OptionCheck.number(seconds, "--seconds", 5...3600, " s")
        try OptionCheck.number(idle, "--idle", 1.2...30, " s")
        try OptionCheck.number(pivot, "--pivot", 0.02...0.5, " m")
        if let noise { try OptionCheck.number(noise, "--noise", 0...0.2, " g") }
        try OptionCheck.outputs([("-o", output), ("its truth file", TruthFile.path(forTrace: output))], inputs: [])
    }

    func run() throws {
        var options = SyntheticTrace.Options()
        options.profile = profile
        options.flipped = flipped
        options.roundSeconds = seconds
        options.pivotRadius = pivot
        options.distractors = !calm
        options.unknownAccelResolution = unknownResolution
        options.maxIdleSeconds = idle
        options.accelNoise = noise
        options.hardDistractors = distractors.hard
        options.mashing = distractors.mashing
        let trace = SyntheticTrace.generate(seed: seed, options: options)
        switch TraceFormat.guess(path: output) {
        case .evemu:
            var writer = EvemuWriter(device: trace.device, kernel: nil, dmi: nil)
            var text = writer.header()
            text.reserveCapacity(trace.events.count * 48)
            for e in trace.events { writer.append(e, into: &text) }
            try OutputFile.write(text, to: output)
        case .csv:
            let writer = CSVTraceWriter(hasGyro: trace.device.hasGyro)
            var text = writer.header()
            for s in trace.recordedSamples() { writer.append(s, into: &text) }
            try OutputFile.write(text, to: output)
        }
        try TruthFile.write(trace.truth, to: TruthFile.path(forTrace: output))
    }
}

/// What a synthetic round holds besides gestures, for `kape trace synth` and `kape accuracy` alike.
struct DistractorOptions: ParsableArguments {
    @Flag(help: "Accelerometer-only trials: 2–3 Hz nods of 12–15°, laughs, walking, bumps, still spells; half the gestures fast and large (60–85° at 150–380 °/s, held 0.15–0.9 s, up or down) with the hand shaking.")
    var hard = false

    @Flag(help: "No gestures: button mashing with the device in hand (±3–8° jitter, knocks); every event is false.")
    var mashing = false
}
