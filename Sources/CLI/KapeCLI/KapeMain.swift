import ArgumentParser
import Motion
import Platform

/// Exit codes: 0 success, 1 bad input, 2 usage.
public enum ExitStatus {
    public static let badInput: Int32 = 1
    public static let usage: Int32 = 2
}

public struct Kape: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "kape",
        abstract: "Real-time motion and audio engine: tilt gestures, traces, the party game and lessons.",
        discussion: """
            Shell completion (commands, options, deck and lesson ids): \
            kape --generate-completion-script bash (or zsh, fish); `make install` installs it.
            """,
        version: kapeVersion,
        // What people come for first: the game, then the lessons; the engine's tools after them.
        groupedSubcommands: [
            CommandGroup(name: "Play", subcommands: [Play.self, DecksCommand.self, UnlockCommand.self]),
            CommandGroup(name: "Learn", subcommands: [LessonsCommand.self, ShadowCommand.self, Dictate.self, Review.self,
                                                      Stats.self, SettingsCommand.self, Check.self, TranscriptCommand.self,
                                                      WordCommand.self, WordsCommand.self]),
            CommandGroup(name: "Engine and tools", subcommands: [Devices.self, Live.self, Record.self, RumbleCommand.self,
                                                                 Replay.self, Eval.self, TraceCommand.self, Accuracy.self,
                                                                 SoundCommand.self, AudioCommand.self, BenchCommand.self,
                                                                 StretchCommand.self]),
        ])

    public init() {}
}

public enum KapeMain {
    /// Runs the command line. Usage errors exit 2 and bad input exits 1, whatever the parser's defaults.
    public static func main(_ arguments: [String]? = nil) -> Never {
        StandardStreams.ensureOpen()
        StandardStreams.ignoreFileSizeSignal()
        SignalMask.unblockControlSignals()
        OutputFile.removeTemporariesOnQuitSignals()
        do {
            if let problem = StretchCommand.tooManyOptions(arguments ?? Array(CommandLine.arguments.dropFirst())) {
                fail(problem, code: ExitStatus.usage)
            }
            try UnknownCommand.check(arguments ?? Array(CommandLine.arguments.dropFirst()))
            var command = try Kape.parseAsRoot(arguments)
            if let problem = ProgressCLI.clockProblem() { fail(problem, code: ExitStatus.usage) }
            try command.run()
            ProcessControl.exit(0)
        } catch let error as TraceError {
            fail(error.description, code: ExitStatus.badInput)
        } catch let error as InputError {
            fail(error.description, code: ExitStatus.badInput)
        } catch let error as FileError {
            fail(error.description, code: error.usage ? ExitStatus.usage : ExitStatus.badInput)
        } catch {
            let code = Kape.exitCode(for: error)
            if code == .success {
                Kape.exit(withError: error)
            }
            if code.rawValue == ExitCode.validationFailure.rawValue {
                // One prefix for every error: the parser's "Error: " becomes Kape's own.
                var message = Kape.fullMessage(for: error)
                if message.hasPrefix("Error: ") { message = "kape: error: " + message.dropFirst("Error: ".count) }
                Console.err(message.hasSuffix("\n") ? message : message + "\n")
                ProcessControl.exit(ExitStatus.usage)
            }
            if let exit = error as? ExitCode { ProcessControl.exit(exit.rawValue) }
            fail("\(error)", code: ExitStatus.badInput)
        }
    }

    static func fail(_ message: String, code: Int32) -> Never {
        Console.err("kape: error: \(message)\n")
        ProcessControl.exit(code)
    }
}

/// Bad input that is not a trace (truth files, directories, options' values read from files).
public struct InputError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

