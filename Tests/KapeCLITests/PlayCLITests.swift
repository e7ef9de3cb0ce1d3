import Foundation
import TestSupport
import Testing

/// The headless contract of `kape play` and `kape decks`. Every run gets its own $XDG_DATA_HOME so the round
/// history (which changes the card order) starts empty.
@Suite struct PlayCLITests {
    static let root = URL(fileURLWithPath: packageRoot)
    static func repo(_ path: String) -> String { root.appendingPathComponent(path).path }

    func play(_ trace: String, deck: String, seed: Int, data: TemporaryDirectory, extra: [String] = []) throws -> KapeRun {
        try KapeRun.run(["play", "--deck", deck, "--trace", Self.repo(trace), "--headless", "--seed", "\(seed)", "--json",
                         "--decks", Self.repo("decks")] + extra,
                        environment: ["XDG_DATA_HOME": data.url.path])
    }

    @Test(arguments: [("traces/demo-round.evemu", "mix-shqip", 7, "Tests/Fixtures/demo-round.play.expected.jsonl"),
                      ("Tests/Fixtures/full-round.csv", "gurbet", 3, "Tests/Fixtures/full-round.play.expected.jsonl")])
    func headlessRoundMatchesReviewedOutput(trace: String, deck: String, seed: Int, expected: String) throws {
        let data = try TemporaryDirectory()
        let r = try play(trace, deck: deck, seed: seed, data: data, extra: ["--no-sound"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == (try String(contentsOfFile: Self.repo(expected), encoding: .utf8)))
    }

    /// A replayed trace is nobody's game (the `make run` demo is one): its sound goes to the file named, and it
    /// adds no history, points or streak day.
    @Test func soundGoesToTheWAVSinkAndAReplayRecordsNothing() throws {
        let data = try TemporaryDirectory()
        let wav = data.path("round.wav")
        let r = try play("traces/demo-round.evemu", deck: "mix-shqip", seed: 7, data: data, extra: ["--device", "wav:" + wav])
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: wav))
        #expect(bytes.prefix(4) == Data("RIFF".utf8))
        #expect(bytes.count > 48_000 * 2 * 2 * 10)  // ~10.5 s of 48 kHz stereo 16-bit at least
        #expect(!FileManager.default.fileExists(atPath: data.path("kape/history.json")), "a replay wrote the history")
        let stats = try KapeRun.run(["stats", "--json"], environment: ["XDG_DATA_HOME": data.url.path])
        #expect(stats.stdout.contains("\"points\": 0,") && stats.stdout.contains("\"streak\": 0"), "\(stats.stdout)")
    }

    /// The cards of a deck's last round (from the history real games write) come last in the next shuffle.
    @Test func theNextRoundDoesNotRepeatThePreviousCards() throws {
        let data = try TemporaryDirectory()
        let first = try play("traces/demo-round.evemu", deck: "mix-shqip", seed: 7, data: data, extra: ["--no-sound"])
        let cards = first.stdout.split(separator: "\n").filter { $0.contains("\"event\": \"card\"") }
            .map { String($0.split(separator: "\"card\": ").last ?? "").dropLast() }
        try FileManager.default.createDirectory(atPath: data.path("kape"), withIntermediateDirectories: true)
        try """
            {"rounds": [{"deck": "mix-shqip", "seed": 7, "finished": "2026-01-01T00:00:00Z", "score": 0, "correct": 0, "passed": 0,
            "accuracy": 0, "rank": "Mish i Huaj", "cards": [], "shown": [\(cards.joined(separator: ", "))]}]}
            """.write(toFile: data.path("kape/history.json"), atomically: true, encoding: .utf8)
        let second = try play("traces/demo-round.evemu", deck: "mix-shqip", seed: 7, data: data, extra: ["--no-sound"])
        #expect(second.status == 0, "\(second.stderr)")
        func answered(_ s: String) -> Set<String> {
            Set(s.split(separator: "\n").filter { $0.contains("\"correct\", \"card\"") || $0.contains("\"pass\", \"card\"") }
                .map { String($0.split(separator: "\"card\": ").last ?? "") })
        }
        func shown(_ s: String) -> Set<String> {
            Set(s.split(separator: "\n").filter { $0.contains("\"event\": \"card\"") }.map { String($0.split(separator: "\"card\": ").last ?? "") })
        }
        #expect(answered(first.stdout).count == 2)
        #expect(shown(first.stdout).count == 3)
        #expect(shown(first.stdout).isDisjoint(with: shown(second.stdout)))
    }

    @Test func decksListsTheFreeDecksAndALockedVIPDeck() throws {
        let data = try TemporaryDirectory()
        let r = try KapeRun.run(["decks", "--json", "--decks", Self.repo("decks")], environment: ["XDG_DATA_HOME": data.url.path])
        #expect(r.status == 0)
        #expect(r.stdout.contains(#"{"id": "mix-shqip", "title": "Mix Shqip", "cards": "#))
        #expect(r.stdout.contains(#""id": "gurbet", "title": "Gurbet""#))
        #expect(r.stdout.contains(#""vip": true, "locked": true}"#))
    }

    @Test func lockedAndUnknownDecksAreBadInput() throws {
        let data = try TemporaryDirectory()
        let locked = try play("traces/demo-round.evemu", deck: "dasma", seed: 1, data: data, extra: ["--no-sound"])
        #expect(locked.status == 1 && locked.stderr.contains("locked"))
        let unknown = try play("traces/demo-round.evemu", deck: "nope", seed: 1, data: data, extra: ["--no-sound"])
        #expect(unknown.status == 1 && unknown.stderr.contains("nope"))
    }

    @Test func badDeckDirectoryNamesFileAndField() throws {
        let dir = try TemporaryDirectory()
        try #"{"id": "x", "cards": ["a"]}"#.write(toFile: dir.path("x.json"), atomically: true, encoding: .utf8)
        let r = try KapeRun.run(["decks", "--decks", dir.url.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("x.json") && r.stderr.contains("'x'") && r.stderr.contains("'title'"))
    }

    @Test func usageErrorsExitTwo() throws {
        #expect(try KapeRun.run(["play", "--headless"]).status == 2)
        #expect(try KapeRun.run(["play", "--deck", "gurbet", "--headless"]).status == 2)  // headless needs a trace
        #expect(try KapeRun.run(["play", "--trace", "x.evemu", "--headless"]).status == 2)  // and a deck
        #expect(try KapeRun.run(["play", "--deck", "gurbet", "--trace", "x.evemu", "--headless", "--device", "hw:0"]).status == 2)
    }
}

extension PlayCLITests {
    @Test func shareWritesA1080By1920PNG() throws {
        let data = try TemporaryDirectory()
        let path = data.path("share.png")
        let r = try play("traces/demo-round.evemu", deck: "mix-shqip", seed: 7, data: data, extra: ["--no-sound", "--share", path])
        #expect(r.status == 0, "\(r.stderr)")
        let d = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(d.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(String(decoding: d[12..<16], as: UTF8.self) == "IHDR")
        #expect(Array(d[16..<24]) == [0, 0, 0x04, 0x38, 0, 0, 0x07, 0x80])  // 1080 × 1920
    }
}
