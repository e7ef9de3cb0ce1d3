import Foundation
import TestSupport
import Testing

/// What is kept when a command is interrupted, and what reaches the progress store (issue 14).
@Suite struct SignalProgressTests {
    static func repo(_ path: String) -> String { packageRoot + "/" + path }

    /// The data chunk's length as the header says it, and as the file holds it.
    func wavDataLengths(_ path: String) throws -> (header: Int, actual: Int) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var at = 12
        while at + 8 <= bytes.count {
            let size = Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
            if bytes[at..<at + 4].elementsEqual("data".utf8) { return (size, bytes.count - at - 8) }
            at += 8 + size + (size & 1)
        }
        return (-1, bytes.count)
    }

    /// SIGTERM, SIGINT or SIGHUP mid-round: the loop ends as `q` would, the WAV is finished (its header tells the
    /// length of the audio written), then the process dies of the signal as usual (a lesson does the same; the
    /// game used to exit 0 on SIGHUP).
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func playFinishesItsSoundFileOnASignal(sig: Int32) throws {
        let dir = try TemporaryDirectory()
        let wav = dir.path("round.wav")
        let child = try KapeChild(["play", "--deck", "mix-shqip", "--trace", Self.repo("traces/demo-round.evemu"), "--seed", "7",
                                   "--decks", Self.repo("decks"), "--sounds", Self.repo("sounds"), "--device", "wav:" + wav],
                                  environment: ["XDG_DATA_HOME": dir.path("data")])
        // The countdown's beeps are written by the time the first card shows.
        #expect(child.waitFor("karta:"), "the round starts: \(child.stdout)")
        child.signal(sig)
        let end = child.finish()
        #expect(end.signalled && end.status == sig, "dies of the signal: \(end.status) \(end.stderr)")
        let lengths = try wavDataLengths(wav)
        #expect(lengths.header > 48_000 * 4, "three seconds of countdown at least: \(lengths)")
        #expect(lengths.header == lengths.actual)
    }

    @Test func ctrlCInDictationKeepsThePhrasesAnswered() throws {
        let dir = try TemporaryDirectory()
        let env = ["XDG_DATA_HOME": dir.path("data")]
        let child = try KapeChild(["dictate", Self.repo("lessons/cafe-bestellen"), "--no-sound"], environment: env)
        #expect(child.waitFor("1/"))
        child.send("Guten Morgen! Was darf ich Ihnen bringen?\n")
        #expect(child.waitFor("2/"), "the second phrase is asked: \(child.stdout)")
        child.signal(SIGINT)
        let end = child.finish()
        #expect(end.signalled && end.status == SIGINT)
        let stats = try KapeRun.run(["stats", "--json"], environment: env)
        #expect(stats.stdout.contains("\"dictations\": 1"), "\(stats.stdout.prefix(200))")
        #expect(stats.stdout.contains("\"points\": 15"), "a perfect phrase: 15 points")
    }

    /// A replayed trace is nobody's game: it earns no points and no streak day (the interactive round below does).
    @Test func aReplayedRoundLeavesTheProgressStoreAlone() throws {
        let dir = try TemporaryDirectory()
        let env = ["XDG_DATA_HOME": dir.path("data")]
        let r = try KapeRun.run(["play", "--deck", "mix-shqip", "--trace", Self.repo("traces/demo-round.evemu"), "--headless",
                                 "--seed", "7", "--json", "--no-sound", "--decks", Self.repo("decks")], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let result = try #require(r.stdout.split(separator: "\n").last.flatMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        })
        let correct = try #require(result["correct"] as? Int)
        #expect(correct > 0)
        let stats = try KapeRun.run(["stats", "--json"], environment: env)
        #expect(stats.stdout.hasPrefix("{\"points\": 0, \"game_points\": 0,") && stats.stdout.contains("\"streak\": 0,"),
                "\(stats.stdout.prefix(200))")
    }

    /// docs/LESSONS.md: a game round earns 2 points per correct card and counts as the day's activity: the
    /// interactive game (through a pipe, with the keyboard), a whole round (30 s, the shortest), two cards right.
    @Test func anInteractiveRoundReachesTheProgressStore() throws {
        let dir = try TemporaryDirectory()
        let env = ["XDG_DATA_HOME": dir.path("data")]
        let child = try KapeChild(["play", "--deck", "mix-shqip", "--keyboard", "--no-sound", "--seed", "7", "--seconds", "30",
                                   "--decks", Self.repo("decks")], environment: env)
        #expect(child.waitFor("karta:"))
        child.send("\u{1B}[B")
        #expect(child.waitFor("✓"))
        child.send("\u{1B}[B")
        #expect(child.waitFor("Rezultati"), "the round ends by itself: \(child.stdout)")
        try child.input.fileHandleForWriting.close()
        #expect(child.finish().status == 0)
        #expect(child.stdout.contains("saktë 2"), "\(child.stdout)")
        let stats = try KapeRun.run(["stats", "--json"], environment: env)
        #expect(stats.stdout.hasPrefix("{\"points\": 4, \"game_points\": 4, \"study_points\": 0,") && stats.stdout.contains("\"streak\": 1,"),
                "\(stats.stdout.prefix(200))")
    }

    /// The test runner itself: a child that fills its stderr pipe (> 64 KiB) while stdout is read must not hang.
    /// A deadlocked child is killed after a minute (timeout kills its whole group), so that fails, not hangs.
    @Test func theRunnerReadsStdoutAndStderrTogether() throws {
        let r = try KapeRun.run(["-c", "exec timeout -s KILL 60 sh -c 'head -c 300000 /dev/zero >&2; echo done'"], executable: "/bin/sh")
        #expect(r.status == 0)
        #expect(r.stdout == "done\n")
        #expect(r.stderr.count == 300_000)
    }
}
