import ArgumentParser
import Lessons
import Platform
import TextFormat

/// `kape transcript FILE`: read a WebVTT, SubRip or JSON transcript as the players do, show its cues and what was
/// skipped, and convert it.
struct TranscriptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transcript",
        abstract: "Show a transcript's cues (.vtt, .srt or .json) and what was skipped; convert it with -o.",
        discussion: """
            Cues that cannot be read are skipped with a warning (file:line) on standard error, as browsers and \
            players skip them; the exit status is 1 only when the file is not a transcript at all. The format is \
            taken from the extension (any other extension: from the content).
            """)

    @Argument(help: "The transcript: .vtt, .srt or .json.")
    var file: String
    @Flag(help: "Print the cues as one JSON object: {\"cues\": [{\"id\", \"start\", \"end\", \"text\"}]}.")
    var json = false
    @Option(name: .shortAndLong, help: "Write the cues to this file, in the format its extension names (.vtt, .srt or .json).")
    var output: String?

    func validate() throws {
        if let output {
            guard TranscriptFormat(path: output) != nil else { throw ValidationError("-o \(printable(output)): the extension must be .vtt, .srt or .json") }
            if Self.sameFile(output, file) { throw ValidationError("-o \(printable(output)) is the input file: choose another name") }
        }
    }

    func run() throws {
        let transcript: Transcript
        do {
            let bytes = try Transcript.readFile(file)
            transcript = try Transcript.parse(bytes, format: TranscriptFormat(path: file) ?? Self.sniff(bytes), file: file)
        } catch let e as TranscriptError {
            throw InputError(printable(e.description))
        }
        for w in transcript.warnings { FileHandleOutput.stderr("kape: warning: \(printable(w.description))\n") }
        if let output, let format = TranscriptFormat(path: output) {
            do {
                let bytes = Array(TranscriptWriter.write(transcript, as: format).utf8)
                // A transcript Kape would refuse to read back is not written.
                let limit = InputFile.Kind.transcript.limit
                guard bytes.count <= limit else {
                    throw InputError("\(output): the converted transcript would be \(InputFile.sizeText(bytes.count)), over the "
                        + "\(InputFile.sizeText(limit)) Kape reads of a transcript, so nothing was written (the file is as it was)"
                        + (format == .json ? "; .vtt or .srt is smaller" : ""))
                }
                // The one output writer: a regular file replaced atomically, a FIFO or a device written into.
                try OutputFile.write(bytes, to: output)
            } catch let e as InputError {
                throw InputError(printable(e.description))
            }
            FileHandleOutput.stderr("kape: wrote \(transcript.cues.count) cue\(transcript.cues.count == 1 ? "" : "s") to \(printable(output))\n")
            if json { FileHandleOutput.stdout(TranscriptWriter.write(transcript, as: .json)) }
            return
        }
        if json {
            FileHandleOutput.stdout(TranscriptWriter.write(transcript, as: .json))
            return
        }
        var out = ""
        for (i, c) in transcript.cues.enumerated() {
            out += "\(i + 1)  \(TranscriptWriter.timestamp(c.start, .vtt)) --> \(TranscriptWriter.timestamp(c.end, .vtt))"
            out += c.id.map { "  [\(printable($0))]" } ?? ""
            out += "\n"
            for line in printable(c.spoken, keepLineBreaks: true).split(separator: "\n", omittingEmptySubsequences: false) {
                out += "    \(line)\n"
            }
        }
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        out += count(transcript.cues.count, "cue") + (transcript.warnings.isEmpty ? "" : ", " + count(transcript.warnings.count, "warning")) + "\n"
        FileHandleOutput.stdout(out)
    }

    /// A file of unknown extension: WebVTT by its signature, JSON by its first character, else SubRip.
    static func sniff(_ bytes: [UInt8]) -> TranscriptFormat {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if body.starts(with: Array("WEBVTT".utf8)) { return .vtt }
        let first = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? .json : .srt
    }

    /// The same file on disk (device and inode), whatever the names: links, `./`, symlinks.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        guard let x = FileIdentity(path: a) else { return false }
        return x == FileIdentity(path: b)
    }
}
