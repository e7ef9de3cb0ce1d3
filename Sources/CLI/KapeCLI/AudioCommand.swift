import ArgumentParser
import AudioIO
import Platform
import TextFormat

struct AudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audio",
        abstract: "Audio devices.",
        subcommands: [AudioDevicesCommand.self])
}

struct AudioDevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "Say what ALSA's default device is (PipeWire, PulseAudio, a card) and list the playback devices, like `aplay -L`; pass a name to --device.")

    @Flag(help: "One JSON object per device.")
    var json = false

    func run() throws {
        AlsaSink.setQuiet(true)
        var out = ""
        let standard = AudioDevices.defaultDevice()
        // `default` first, saying what is behind it: what a user needs to know before picking a device.
        if json {
            var line = JSONLine()
            line.add("name", "default")
            line.add("description", standard.server)
            line.add("type", standard.type ?? "")
            line.add("opens", standard.openError == nil)
            if let e = standard.openError { line.add("error", e) }
            out += line.text + "\n"
        } else {
            out += "default\n    \(standard.server)" + (standard.openError.map { "; does not open now: \($0)" } ?? "; opens") + "\n"
        }
        for d in AudioDevices.list() where d.name != "default" {
            if json {
                var line = JSONLine()
                line.add("name", d.name)
                line.add("description", d.description)
                out += line.text + "\n"
            } else {
                out += d.name + "\n    " + d.description + "\n"
            }
        }
        Console.out(out)
    }
}
