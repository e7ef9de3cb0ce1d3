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
        abstract: "List ALSA playback devices, like `aplay -L`; pass a name to --device.")

    @Flag(help: "One JSON object per device.")
    var json = false

    func run() throws {
        AlsaSink.setQuiet(true)
        var out = ""
        for d in AudioDevices.list() {
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
