import ArgumentParser

struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Convert and synthesise motion traces.",
        subcommands: [])
}
