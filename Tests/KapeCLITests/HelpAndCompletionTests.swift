import Foundation
import TestSupport
import Testing

/// `--help` paragraphs are wrapped by ArgumentParser to the terminal (never hard-wrapped mid-sentence in the
/// source), `--version` answers, and the shell completion offers deck and lesson ids.
@Suite struct HelpAndCompletionTests {
    static let commands: [[String]] = [[], ["replay"], ["eval"], ["trace", "convert"], ["trace", "synth"], ["accuracy"],
        ["sound", "play"], ["bench", "latency"], ["decks"], ["play"], ["check"], ["dictate"], ["stats"], ["review"],
        ["devices"], ["live"], ["record"], ["rumble"], ["stretch"], ["lessons"], ["shadow"], ["settings"], ["audio", "devices"],
        ["word"], ["words", "list"], ["words", "export"], ["words", "remove"], ["transcript"]]

    @Test func helpParagraphsAreNotHardWrapped() throws {
        for command in Self.commands {
            let r = try KapeRun.run(command + ["--help"], environment: ["COLUMNS": "3000"])
            #expect(r.status == 0)
            let head = r.stdout.components(separatedBy: "USAGE:").first ?? ""
            let lines = head.components(separatedBy: "\n")
            for (a, b) in zip(lines, lines.dropFirst()) where !a.isEmpty && !b.isEmpty {
                // At 3000 columns a line break inside a paragraph can only come from the source.
                #expect(a.hasSuffix(".") || a.hasSuffix(":"), "kape \(command.joined(separator: " ")): broken after '\(a.suffix(30))'")
            }
        }
    }

    @Test func versionIsPrinted() throws {
        let r = try KapeRun.run(["--version"])
        #expect(r.status == 0 && r.stdout.split(separator: ".").count == 3, "\(r.stdout)")
    }

    /// bash's own completion machinery, with kape on PATH and run from /.
    func bashComplete(_ words: [String], script: String) throws -> String {
        let tmp = try TemporaryDirectory()
        try script.write(toFile: tmp.path("kape.bash"), atomically: true, encoding: .utf8)
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let line = words.joined(separator: " ")
        let program = """
            source \(tmp.path("kape.bash")); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMP_LINE='\(line)'; \
            COMP_POINT=${#COMP_LINE}; _kape kape '' '\(words[words.count - 2])'; echo "${COMPREPLY[@]}"
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", program]
        p.currentDirectoryURL = URL(fileURLWithPath: "/")
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = URL(fileURLWithPath: KapeRun.binary).deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func bashCompletesDeckAndLessonIds() throws {
        let script = try KapeRun.run(["--generate-completion-script", "bash"]).stdout
        #expect(script.contains("shadow") && script.contains("dictate"))
        let lessons = try bashComplete(["kape", "shadow", ""], script: script)
        #expect(lessons.contains("beim-baecker") && lessons.contains("cafe-bestellen"), "\(lessons)")
        let decks = try bashComplete(["kape", "play", "--deck", ""], script: script)
        #expect(decks.contains("mix-shqip") && decks.contains("gurbet"), "\(decks)")
    }
}
