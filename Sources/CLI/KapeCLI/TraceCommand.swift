import ArgumentParser
import Motion
import Platform

struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Convert and synthesise motion traces.",
        subcommands: [Convert.self, Synth.self])
}

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a trace between evemu (as evemu-record writes it) and kape CSV.",
        discussion: """
            Formats come from the file names (.csv is CSV, anything else evemu) unless --from / --to say otherwise.
            CSV becomes a DualSense-like device (accelerometer 8192 per g, gyroscope 1024 per deg/s, MSC_TIMESTAMP); \
            evemu becomes the samples `kape replay` sees, t on the recording's E: timeline.
            The output is written to a temporary file and renamed into place only when complete.
            """)

    @Argument(help: "The trace to read.")
    var input: String

    @Argument(help: "The file to write.")
    var output: String

    @Option(help: "Input format (default: from the input's name).")
    var from: TraceFormat?

    @Option(help: "Output format (default: from the output's name).")
    var to: TraceFormat?

    @Flag(name: .shortAndLong, help: "Say what was converted, on stderr.")
    var verbose = false

    func validate() throws {
        try OptionCheck.outputs([("OUT", output)], inputs: [input])
    }

    func run() throws {
        let r = try TraceConversion.convert(input: input, from: from, output: output, to: to,
                                            kernel: Host.kernelRelease(), dmi: Host.dmiModalias())
        if verbose {
            Console.err("kape: \(input) -> \(output): \(r.samples) samples\(r.events > 0 ? ", \(r.events) events" : "")\n")
        }
    }
}
