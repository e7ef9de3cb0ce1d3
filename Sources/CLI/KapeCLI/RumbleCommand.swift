import ArgumentParser
import Motion
import MotionDevices
import Platform
import TextFormat

struct RumbleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rumble",
        abstract: "Rumble a motion device (or its gamepad node) once.",
        discussion: "Devices without force feedback are reported and the command succeeds: the game plays without rumble.")

    @Argument(help: "Device: /dev/input/eventN, eventN, or part of its name (default: the first motion device).")
    var device: String?

    @Option(help: "Strong (low-frequency) motor, 0 to 1.")
    var strong: Double = 0.8

    @Option(help: "Weak (high-frequency) motor, 0 to 1.")
    var weak: Double = 0

    @Option(help: "Length in milliseconds.")
    var ms: Int = 120

    func validate() throws {
        try OptionCheck.motionDevice(device)
        try OptionCheck.number(strong, "--strong", 0...1)
        try OptionCheck.number(weak, "--weak", 0...1)
        try OptionCheck.number(ms, "--ms", 1...5000, " ms")
    }

    func run() throws {
        let chosen = try AxesOption.resolve(device, axes: nil)
        switch Rumble.availability(of: chosen) {
        case .unsupported(let reason):
            Console.out("\(chosen.path): \(reason)\n")
        case .available(let path):
            do {
                let rumble = try Rumble(device: chosen)
                try rumble.play(strong: strong, weak: weak, milliseconds: ms)
                // Closing the node erases the effect: stay until it has played.
                MonotonicClock.sleep(nanos: UInt64(ms) * 1_000_000)
                Console.out("\(path): rumble strong \(fixed(strong, 2)) weak \(fixed(weak, 2)) for \(ms) ms\n")
            } catch {
                throw InputError(error.description)
            }
        }
    }
}
