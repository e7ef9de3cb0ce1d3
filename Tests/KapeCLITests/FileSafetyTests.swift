import Foundation
import Synchronization
import TestSupport
import Testing

/// What every command does with the files it is given (issue 14): an output that is one of the inputs is refused,
/// outputs are replaced only when complete, readers take regular files of bounded size, numbers on the command
/// line are finite and in range, and fallback files in shared folders are never written through a link.
@Suite struct FileSafetyTests {
    static func repo(_ path: String) -> String { packageRoot + "/" + path }
    static let trace = repo("traces/demo-round.evemu")

    /// Runs kape with a time and memory bound, so a reader that never ends fails the test instead of the machine.
    func bounded(_ arguments: [String], environment: [String: String] = [:]) throws -> KapeRun {
        let quoted = ([KapeRun.binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return try KapeRun.run(["-c", "ulimit -v 4000000; exec timeout -s KILL 30 " + quoted.joined(separator: " ")],
                               environment: environment, executable: "/bin/sh")
    }

    func sine(_ path: String, seconds: Int, rate: Int = 16_000) throws { try soxSine(path, seconds: seconds, rate: rate) }

    @Test func anOutputThatIsAnInputIsRefusedAndTheInputKept() throws {
        let dir = try TemporaryDirectory()
        let input = dir.path("in.wav")
        try sine(input, seconds: 1)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        try FileManager.default.linkItem(atPath: input, toPath: dir.path("hard.wav"))
        try FileManager.default.createSymbolicLink(atPath: dir.path("sym.wav"), withDestinationPath: input)
        let trace = dir.path("t.evemu")
        try FileManager.default.copyItem(atPath: Self.trace, toPath: trace)
        try FileManager.default.copyItem(atPath: Self.repo("traces/demo-round.truth.json"), toPath: dir.path("t.truth.json"))
        let traceBefore = try Data(contentsOf: URL(fileURLWithPath: trace))
        let cases: [[String]] = [
            ["stretch", input, input, "--speed", "1.5"],
            ["stretch", input, dir.url.path + "/./in.wav", "--speed", "1.5"],
            ["stretch", input, dir.path("hard.wav"), "--speed", "1.5"],
            ["stretch", input, dir.path("sym.wav"), "--speed", "1.5"],
            ["stretch", input, dir.path("out.wav"), "--plot", input],
            ["stretch", input, dir.path("out.wav"), "--plot", dir.path("out.wav")],
            ["trace", "convert", trace, trace],
            ["replay", trace, "--plot", trace],
            ["replay", trace, "--plot", dir.path("t.truth.json")],
            ["eval", dir.url.path, "--report", trace],
            ["play", "--deck", "mix-shqip", "--trace", trace, "--headless", "--decks", Self.repo("decks"), "--share", trace],
            ["play", "--deck", "mix-shqip", "--trace", trace, "--headless", "--decks", Self.repo("decks"), "--device", "wav:" + trace],
            ["bench", "latency", trace, "--device", "wav:" + trace],
        ]
        for args in cases {
            let r = try KapeRun.run(args, environment: ["XDG_DATA_HOME": dir.path("data")])
            #expect(r.status == 2, "\(args): \(r.stderr)")
            #expect(r.stderr.contains("same file"), "\(args): \(r.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: trace)) == traceBefore)
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.wav")), "nothing is written when the command line is refused")
    }

    /// A stretch killed half-way leaves the old output, not half a file: the new one is written beside it and
    /// renamed into place only when complete.
    @Test func aKilledWriterLeavesTheOldOutput() throws {
        let dir = try TemporaryDirectory()
        let input = dir.path("long.wav")
        try sine(input, seconds: 1200)
        let output = dir.path("out.wav")
        let old = Data("the old output".utf8)
        try old.write(to: URL(fileURLWithPath: output))
        let child = try KapeChild(["stretch", input, output, "--speed", "0.5"], environment: [:])
        // Kill it once it is writing: a new file beside the output (now), or the output itself changed (before).
        var writing = false
        while child.process.isRunning && !writing {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.url.path)) ?? []
            let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
            writing = names.contains { $0.hasPrefix(".out.wav.tmp-") } || size != old.count
            if !writing { usleep(1000) }
        }
        child.signal(SIGKILL)
        let end = child.finish()
        try #require(end.signalled, "the stretch ended before it could be killed: \(end.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == old)
    }

    @Test func everyNumericOptionRefusesNaNInfinityAndOutOfRange() throws {
        let dir = try TemporaryDirectory()
        let input = dir.path("in.wav")
        try sine(input, seconds: 1)
        let plot = ["--plot", dir.path("p.svg")]
        let cases: [(args: [String], option: String)] = [
            (["replay", Self.trace] + plot + ["--from", "nan"], "--from"),
            (["replay", Self.trace] + plot + ["--to", "inf"], "--to"),
            (["replay", Self.trace, "--fire", "nan"], "--fire"),
            (["replay", Self.trace, "--rearm", "-inf"], "--rearm"),
            (["eval", dir.url.path, "--fire", "1e400"], "--fire"),
            (["stretch", input, dir.path("o.wav"), "--speed", "nan"], "--speed"),
            (["stretch", input, dir.path("o.wav"), "--speed-change", "inf:1.5"], "--speed-change"),
            (["trace", "synth", "--seed", "1", "--seconds", "inf", "-o", dir.path("s.evemu")], "--seconds"),
            (["trace", "synth", "--seed", "1", "--idle", "nan", "-o", dir.path("s.evemu")], "--idle"),
            (["trace", "synth", "--seed", "1", "--pivot", "nan", "-o", dir.path("s.evemu")], "--pivot"),
            (["accuracy", "--rounds", "-1"], "--rounds"),
            (["accuracy", "--set", "fusionSeconds=nan"], "fusionSeconds"),
            (["live", "--duration", "inf"], "--duration"),
            (["record", "-o", dir.path("r.evemu"), "--duration", "nan"], "--duration"),
            (["rumble", "--strong", "nan"], "--strong"),
            (["devices", "--probe", "inf"], "--probe"),
            (["shadow", Self.repo("lessons/cafe-bestellen"), "--start", "inf"], "--start"),
            (["shadow", Self.repo("lessons/cafe-bestellen"), "--speed", "nan"], "--speed"),
            (["settings", "--loop-pause", "nan"], "--loop-pause"),
            (["settings", "--default-speed", "inf"], "--default-speed"),
            (["sound", "play", "success", "--rate", "0"], "--rate"),
            // A bare wav: names no file (shadow said ": names a folder").
            (["shadow", Self.repo("lessons/cafe-bestellen"), "--device", "wav:"], "--device"),
            (["sound", "play", "success", "--device", "wav:"], "--device"),
        ]
        for c in cases {
            let r = try bounded(c.args, environment: ["XDG_DATA_HOME": dir.path("data")])
            #expect(r.status == 2, "\(c.args): exit \(r.status) \(r.stderr.prefix(300))")
            #expect(r.stderr.contains(c.option), "\(c.args): \(r.stderr.prefix(300))")
        }
    }

    /// Synthesis and accuracy at their limits: usage errors that name the option and what it got. An hour is the
    /// longest synthetic trace (four hours of ds250 were 2 GB, past the 1 GiB every trace reader takes, and built
    /// in memory); an unknown --set name is that, whatever its value (it said "must be a number from 0 to 1000").
    @Test func synthesisAndAccuracyLimitsAreUsageErrorsThatSayWhy() throws {
        let dir = try TemporaryDirectory()
        let cases: [(args: [String], says: String)] = [
            (["trace", "synth", "--seed", "1", "--seconds", "3601", "-o", dir.path("s.evemu")], "--seconds must be a number from 5 to 3600 s"),
            (["accuracy", "--set", "noSuchSetting=5000"], "unknown setting noSuchSetting"),
            (["accuracy", "--set", "dwellEndsOnSample=2"], "--set dwellEndsOnSample is a switch: 0 or 1, got 2"),
            (["accuracy", "--set", "accelOnlyObserver=0.5"], "--set accelOnlyObserver is a switch: 0 or 1, got 0.5"),
            (["accuracy", "--seconds", "nan"], "--seconds must be a number from 5 to 3600 s, got nan"),
            (["accuracy", "--noise", "1"], "--noise must be a number from 0.002 to 0.2 g, got 1.0"),
            (["accuracy", "--detector", "magic"], "--detector must be kape, naive or complementary, got 'magic'"),
        ]
        for c in cases {
            let r = try bounded(c.args)
            #expect(r.status == 2, "\(c.args): exit \(r.status) \(r.stderr.prefix(300))")
            #expect(r.stderr.contains(c.says), "\(c.args): \(r.stderr.prefix(300))")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("s.evemu")))
    }

    /// `record`'s file is created before any device is looked for: a path that cannot be written is said first
    /// (it was said only once a device had been found and set up). A made-up device name proves the order: it
    /// would be "no motion device matches" otherwise.
    @Test func aRecordingThatCannotBeWrittenIsSaidBeforeTheDevice() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path("folder"), withIntermediateDirectories: true)
        let cases: [(output: String, says: String)] = [
            (dir.path("folder"), "is a directory"),
            (dir.path("missing/r.evemu"), "cannot create a file there"),
        ]
        for c in cases {
            let r = try bounded(["record", "no-such-imu", "-o", c.output, "--duration", "1"])
            #expect(r.status == 1, "\(c.output): exit \(r.status) \(r.stderr.prefix(300))")
            #expect(r.stderr.contains(c.output) && r.stderr.contains(c.says) && !r.stderr.contains("no-such-imu"),
                    "\(c.output): \(r.stderr.prefix(300))")
        }
        // Nothing is left beside the folder's name.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["folder"])
    }

    @Test func readersRefuseWhatIsNotARegularFileOrTooLarge() throws {
        let dir = try TemporaryDirectory()
        let fifo = dir.path("fifo.csv")
        #expect(mkfifo(fifo, 0o600) == 0)
        let data = ["XDG_DATA_HOME": dir.path("data")]
        let zero = "/dev/zero"
        // eval reads whatever *.evemu the folder holds: a link to /dev/zero among them.
        let evalDir = dir.path("eval")
        try FileManager.default.createDirectory(atPath: evalDir, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: evalDir + "/z.evemu", withDestinationPath: zero)
        try "{\"events\": []}".write(toFile: evalDir + "/z.truth.json", atomically: true, encoding: .utf8)
        // A trace over the limit (sparse: no disk used).
        let huge = dir.path("huge.evemu")
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, (1 << 30) + 1) == 0)
        let cases: [(args: [String], file: String)] = [
            (["replay", zero], zero),
            (["replay", "--format", "csv", fifo], fifo),
            (["replay", huge], huge),
            (["trace", "convert", zero, dir.path("o.csv")], zero),
            (["play", "--deck", "mix-shqip", "--trace", zero, "--headless", "--decks", Self.repo("decks"), "--no-sound"], zero),
            (["play", "--deck", "mix-shqip", "--trace", fifo, "--no-sound", "--decks", Self.repo("decks")], fifo),
            (["bench", "latency", zero], zero),
            (["eval", evalDir], evalDir + "/z.evemu"),
            (["dictate", Self.repo("lessons/cafe-bestellen"), "--answers", zero], zero),
        ]
        for c in cases {
            let r = try bounded(c.args, environment: data)
            #expect(r.status == 1, "\(c.args): exit \(r.status) \(r.stderr.prefix(300))")
            #expect(r.stderr.contains(c.file) && (r.stderr.contains("not a regular file") || r.stderr.contains("at most")),
                    "\(c.args): \(r.stderr.prefix(300))")
        }
        #expect(try bounded(["replay", huge]).stderr.contains("a trace may be at most 1 GiB"))
    }

    @Test func oversizedDeckFilesAndDeckFilesThatAreNotFilesAreRefused() throws {
        let dir = try TemporaryDirectory()
        let decks = dir.path("decks")
        try FileManager.default.createDirectory(atPath: decks, withIntermediateDirectories: true)
        // 5 MiB of deck (the limit is 1 MiB): one deck of many cards.
        let cards = (0..<400_000).map { "\"karta \($0)\"" }.joined(separator: ",")
        try "{\"id\": \"big\", \"title\": \"Big\", \"cards\": [\(cards)]}".write(toFile: decks + "/big.json", atomically: true, encoding: .utf8)
        let big = try bounded(["decks", "--decks", decks])
        #expect(big.status == 1 && big.stderr.contains(decks + "/big.json") && big.stderr.contains("at most 1 MiB"), "\(big.stderr)")
        try FileManager.default.removeItem(atPath: decks + "/big.json")
        try FileManager.default.createSymbolicLink(atPath: decks + "/zero.json", withDestinationPath: "/dev/zero")
        let zero = try bounded(["decks", "--decks", decks])
        #expect(zero.status == 1 && zero.stderr.contains("zero.json") && zero.stderr.contains("not a regular file"), "\(zero.stderr)")
    }

    /// An output that is a pipe or a character device is written into, never replaced: as root, replacing
    /// /dev/null or /dev/full with a file broke the machine. A pipe no one reads is an error at once, not a hang.
    @Test func aPipeOrADeviceAsTheOutputIsWrittenIntoNotReplaced() throws {
        let dir = try TemporaryDirectory()
        func isType(_ path: String, _ type: mode_t) -> Bool {
            var st = stat()
            return lstat(path, &st) == 0 && st.st_mode & S_IFMT == type
        }
        let fifo = dir.path("fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let refused = try bounded(["trace", "convert", Self.trace, fifo])
        #expect(refused.status == 1 && refused.stderr.contains(fifo) && refused.stderr.contains("no one is reading"), "\(refused.stderr)")
        // A reader (ours, read and write so the open never waits), draining on its own thread until told to stop.
        let reader = open(fifo, O_RDWR)
        try #require(reader >= 0)
        defer { close(reader) }
        let received = Mutex<[UInt8]>([])
        let stop = Atomic<Bool>(false)
        let drained = Atomic<Bool>(false)
        Thread.detachNewThread {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            var p = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            while true {
                if poll(&p, 1, 100) > 0 {
                    let n = read(reader, &chunk, chunk.count)
                    if n > 0 { received.withLock { $0 += chunk.prefix(n) } }
                } else if stop.load(ordering: .acquiring) { break }
            }
            drained.store(true, ordering: .releasing)
        }
        let wrote = try bounded(["trace", "synth", "--seconds", "5", "--seed", "4", "-o", fifo])
        stop.store(true, ordering: .releasing)
        while !drained.load(ordering: .acquiring) { usleep(10_000) }
        #expect(wrote.status == 0, "\(wrote.stderr)")
        let bytes = received.withLock { $0 }
        #expect(String(decoding: bytes.prefix(16), as: UTF8.self).hasPrefix("# EVEMU") && bytes.count > 100_000, "\(bytes.count) bytes")
        #expect(isType(fifo, S_IFIFO), "the FIFO is still a FIFO")
        // A character device like /dev/null, made in the test's folder (root only: CI runs as root).
        guard getuid() == 0 else { return }
        let null = dir.path("null")
        try #require(mknod(null, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)  // makedev(1, 3): /dev/null
        for args in [["trace", "convert", Self.trace, null], ["replay", Self.trace, "--plot", null],
                     ["play", "--deck", "mix-shqip", "--trace", Self.trace, "--headless", "--decks", Self.repo("decks"), "--device", "wav:" + null]] {
            let r = try bounded(args, environment: ["XDG_DATA_HOME": dir.path("data")])
            #expect(r.status == 0, "\(args): \(r.stderr)")
            #expect(isType(null, S_IFCHR), "\(args) replaced the device")
        }
    }

    /// A damaged settings file is reported with its place and kept as it is: read as the defaults, the game's next
    /// toggle would have saved over it without a word.
    @Test func aDamagedGameSettingsFileIsReportedAndKept() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path("data/kape"), withIntermediateDirectories: true)
        let settings = dir.path("data/kape/settings.json")
        for damaged in ["not json {", "{\"sound\": \"maybe\", \"rumble\": true}"] {
            try damaged.write(toFile: settings, atomically: true, encoding: .utf8)
            let r = try bounded(["play", "--keyboard", "--no-sound", "--decks", Self.repo("decks")],
                                environment: ["XDG_DATA_HOME": dir.path("data")])
            #expect(r.status == 1 && r.stderr.contains(settings) && r.stderr.contains("fix or remove"), "\(r.stderr)")
            #expect(try String(contentsOfFile: settings, encoding: .utf8) == damaged)
        }
    }

    /// The user's own data files are never an output; a `--sounds` that names no folder is a usage error and a
    /// sound there that does not load is reported (both were ignored, the recipes played instead); the progress
    /// lock is never opened through a planted link (O_CREAT made its target).
    @Test func userDataSoundsAndTheLockAreGuarded() throws {
        let dir = try TemporaryDirectory()
        let env = ["XDG_DATA_HOME": dir.path("data")]
        let round = ["play", "--deck", "mix-shqip", "--trace", Self.trace, "--headless", "--decks", Self.repo("decks")]
        let first = try bounded(round + ["--no-sound"], environment: env)
        #expect(first.status == 0, "\(first.stderr)")
        let history = dir.path("data/kape/history.json")
        // A replay writes no history: the one a real game would have written.
        try FileManager.default.createDirectory(atPath: dir.path("data/kape"), withIntermediateDirectories: true)
        try #"{"rounds": []}"#.write(toFile: history, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: history))
        let share = try bounded(round + ["--no-sound", "--share", history], environment: env)
        #expect(share.status == 2 && share.stderr.contains("same file"), "\(share.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: history)) == before)

        let nowhere = try bounded(round + ["--device", "wav:" + dir.path("a.wav"), "--sounds", dir.path("missing")], environment: env)
        #expect(nowhere.status == 2 && nowhere.stderr.contains("not a folder"), "\(nowhere.stderr)")
        try FileManager.default.createDirectory(atPath: dir.path("sounds"), withIntermediateDirectories: true)
        try "not a sound".write(toFile: dir.path("sounds/success.wav"), atomically: true, encoding: .utf8)
        let garbage = try bounded(round + ["--device", "wav:" + dir.path("b.wav"), "--sounds", dir.path("sounds")], environment: env)
        #expect(garbage.status == 1 && garbage.stderr.contains(dir.path("sounds/success.wav")), "\(garbage.stderr)")
        #expect(garbage.stdout.isEmpty, "refused before the round is played: \(garbage.stdout.prefix(200))")

        let lock = dir.path("data/kape/progress.lock")
        try? FileManager.default.removeItem(atPath: lock)
        try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: dir.path("planted"))
        let stats = try bounded(["stats"], environment: env)
        #expect(stats.status == 1 && stats.stderr.contains("is a link"), "\(stats.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("planted")))
    }
}
