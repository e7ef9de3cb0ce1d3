import Foundation
import TestSupport
import Testing

/// The game, `kape shadow` and `kape audio devices` through a private PulseAudio and a private PipeWire (each
/// with a null sink on a real-time clock), reached the way a user's ALSA reaches them: its own configuration
/// plus the server's PCM definitions on ALSA_CONFIG_PATH.
@Suite(.serialized) struct SoundServerCLITests {
    static let decksDir = packageRoot + "/decks"

    static func environment(_ server: SoundServer, config: String, data: TemporaryDirectory) -> [String: String] {
        ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:" + config, "XDG_DATA_HOME": data.url.path]
    }

    @Test(arguments: SoundServer.allCases)
    func audioDevicesSaysWhatIsBehindDefault(server: SoundServer) throws {
        try server.with { config, _ in
            let data = try TemporaryDirectory()
            let run = try KapeRun.run(["audio", "devices"], environment: Self.environment(server, config: config, data: data))
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "default")
            let expected = server == .pipewire ? "PipeWire" : "PulseAudio"
            #expect(lines.count > 1 && lines[1].contains(expected) && lines[1].hasSuffix("; opens"), "\(run.stdout)")
            #expect(lines.contains(server.pcm), "\(run.stdout)")
        }
    }

    /// `kape bench latency` through the server: on PipeWire a period of the buffer is left free for triggers
    /// unless `--full-buffer`; PulseAudio keeps it all queued either way.
    @Test(arguments: SoundServer.allCases)
    func benchLatencySaysWhatItKeepsQueued(server: SoundServer) throws {
        try server.with { config, _ in
            let data = try TemporaryDirectory()
            let trace = data.url.path + "/round.evemu"
            #expect(try KapeRun.run(["trace", "synth", "--seed", "3", "--seconds", "5", "-o", trace]).status == 0)
            for full in [false, true] {
                let run = try KapeRun.run(["bench", "latency", trace, "--device", server.pcm, "--json"] + (full ? ["--full-buffer"] : []),
                                          environment: Self.environment(server, config: config, data: data))
                #expect(run.status == 0, "\(run.stderr)")
                let last = try #require(run.stdout.split(separator: "\n").last)
                let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
                let queue = try #require(object["queue_frames"] as? Int), buffer = try #require(object["buffer_frames"] as? Int)
                // The server whose threads were watched for xruns: the one at the other end of the plugin's socket.
                #expect(object["sound_server"] as? String == (server == .pulse ? "pulseaudio" : "pipewire"), "\(last)")
                if server == .pipewire && !full && object["xruns"] as? Int == 0 {
                    #expect(queue == 128 + 8 && buffer == 256, "\(last)")
                } else {
                    #expect(queue == buffer, "\(last)")
                }
            }
        }
    }

    /// A lesson played to its end through the server: every line reported, completed.
    @Test(arguments: SoundServer.allCases)
    func shadowPlaysALessonThroughTheServer(server: SoundServer) throws {
        try server.with { config, _ in
            let data = try TemporaryDirectory()
            let (lesson, transcript) = try ShadowFixture.folder(in: data)
            let run = try KapeRun.run(["shadow", lesson, "--json", "--from-start", "--device", server.pcm],
                                      environment: Self.environment(server, config: config, data: data))
            #expect(run.status == 0, "\(run.stderr)")
            let events = ShadowFixture.events(run.stdout)
            let cues = Set(events.filter { $0["event"] as? String == "cue" }.compactMap { $0["cue"] as? Int })
            #expect(cues == Set(1...transcript.cues.count), "\(run.stdout)")
            #expect(events.last?["event"] as? String == "end" && events.last?["completed"] as? Bool == true, "\(run.stdout)")
        }
    }

    /// A round from a short synthetic trace in real time, sound through the server; `-v` reports how it ran.
    @Test(arguments: SoundServer.allCases)
    func theGamePlaysARoundThroughTheServer(server: SoundServer) throws {
        let data = try TemporaryDirectory()
        let trace = data.path("round.evemu")
        let synth = try KapeRun.run(["trace", "synth", "--seed", "11", "--seconds", "6", "--idle", "1.5", "--calm", "-o", trace])
        #expect(synth.status == 0, "\(synth.stderr)")
        try server.with { config, _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: KapeRun.binary)
            process.arguments = ["play", "--deck", "mix-shqip", "--trace", trace, "--device", server.pcm, "--seed", "3",
                                 "--decks", Self.decksDir, "-v"]
            process.environment = KapeRun.environment.merging(Self.environment(server, config: config, data: data)) { $1 }
            let input = Pipe(), output = Pipe(), errors = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            // The trace ends mid-round: the round pauses. Then no more input ends the game.
            let reader = LineReader(output.fileHandleForReading)
            let paused = reader.wait(within: 60) { $0.contains("[paused]") || !process.isRunning }
            try input.fileHandleForWriting.close()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let stdout = reader.finish()
            #expect(paused && stdout.contains("[paused]"), "the round never paused at the trace's end: \(stdout)")
            #expect(process.terminationStatus == 0, "\(stderr)")
            #expect(stdout.contains("✓") || stdout.contains("→"), "no gesture was heard: \(stdout)")
            #expect(stderr.contains("kape: sound: \(server.pcm)"), "\(stderr)")
            #expect(stderr.contains("render thread: real-time priority"), "\(stderr)")
        }
    }
}

/// Reads a pipe on its own thread so a test can wait for a line while the child keeps running.
final class LineReader: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock { text += String(decoding: chunk, as: UTF8.self) }
            }
            done.signal()
        }
    }

    /// Polls until `condition` holds for what was read so far (a deadline for a failure, not a sleep to pass).
    func wait(within seconds: Double, _ condition: (String) -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if lock.withLock({ condition(text) }) { return true }
            usleep(20_000)
        }
        return lock.withLock { condition(text) }
    }

    /// Everything, once the pipe has closed.
    func finish() -> String {
        done.wait()
        return lock.withLock { text }
    }
}
