import Foundation
import TestSupport
import Testing

/// A machine with no sound output (no card, no sound server): every command says so once and stays silent. No
/// file is written unless the user names one (`--device wav:PATH`); dictation and review, which ask what was
/// heard, say that nothing can be; and nothing heard by no one moves a lesson's place or counts as listened.
@Suite struct NoSoundCardTests {
    static func environment(_ tmp: TemporaryDirectory) -> [String: String] {
        ["XDG_DATA_HOME": tmp.path("data"), "TMPDIR": tmp.path("tmp"), "ALSA_CARD": "kape-no-such-card",
         "PULSE_SERVER": "unix:" + tmp.path("no-pulse"), "PULSE_RUNTIME_PATH": tmp.path("no-pulse-dir")]
    }

    static func repo(_ path: String) -> String { packageRoot + "/" + path }

    @Test func everyCommandSaysSoOnceAndWritesNoFile() throws {
        let tmp = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: tmp.path("tmp"), withIntermediateDirectories: true)
        let env = Self.environment(tmp)
        let lesson = Self.repo("lessons/cafe-bestellen")
        let runs: [(args: [String], input: String?)] = [
            (["sound", "play", "success", "--sounds", Self.repo("sounds")], nil),
            (["play", "--keyboard", "--seed", "7", "--decks", Self.repo("decks")], ""),
            (["shadow", lesson, "--json", "--from-start"], ""),
        ]
        for run in runs {
            let r = try KapeRun.run(run.args, environment: env, input: run.input)
            #expect(r.status == 0, "\(run.args): \(r.stderr)")
            let said = r.stderr.components(separatedBy: "no sound output").count - 1
            #expect(said == 1 && r.stderr.contains("kape-no-such-card") && r.stderr.contains("--device wav:"),
                    "\(run.args) says it once, with the cause and the way to a file: \(r.stderr)")
            #expect(!r.stderr.contains(".wav "), "\(run.args) names no file written: \(r.stderr)")
        }
        // A headless round has no device: its sound goes only into a file the user names.
        let headless = try KapeRun.run(["play", "--deck", "mix-shqip", "--trace", Self.repo("traces/demo-round.evemu"), "--headless",
                                        "--seed", "7", "--decks", Self.repo("decks"), "--sounds", Self.repo("sounds")], environment: env)
        #expect(headless.status == 0 && headless.stderr.isEmpty, "\(headless.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: tmp.path("tmp"))
        #expect(written.isEmpty, "files written with no sound card: \(written)")
    }

    @Test func dictationAndReviewSayNothingCanBeHeardInsteadOfAsking() throws {
        let tmp = try TemporaryDirectory()
        let env = Self.environment(tmp)
        let lesson = Self.repo("lessons/cafe-bestellen")
        let dictate = try KapeRun.run(["dictate", lesson, "--sounds", Self.repo("sounds")], environment: env, input: "Guten Morgen\n")
        #expect(dictate.status == 1, "\(dictate.stdout)")
        #expect(dictate.stderr.contains("no sound output") && dictate.stderr.contains("--answers"), "\(dictate.stderr)")
        #expect(!dictate.stdout.contains("1/"), "it asked for what was heard: \(dictate.stdout)")
        // The answer offered was not taken as typed after hearing.
        let stats = try KapeRun.run(["stats", "--json"], environment: env)
        #expect(!stats.stdout.contains("\"points\": 1"), "\(stats.stdout)")

        // A phrase due for review, from a scripted dictation, then review with no sound output.
        let answers = tmp.path("answers.txt")
        try "Guten Abend\n".write(toFile: answers, atomically: true, encoding: .utf8)
        #expect(try KapeRun.run(["dictate", lesson, "--answers", answers], environment: env).status == 0)
        let review = try KapeRun.run(["review", "--lessons", Self.repo("lessons"), "--sounds", Self.repo("sounds")],
                                     environment: env.merging(["KAPE_NOW": "\(Int(Date().timeIntervalSince1970) + 30 * 86_400)"]) { $1 }, input: "Guten Morgen\n")
        #expect(review.status == 1 && review.stderr.contains("no sound output"), "\(review.stdout) \(review.stderr)")
    }

    /// A lesson played into a file (or to no sound output) was heard by no one: the saved place stays where it was
    /// and the lesson is not completed; quitting says so.
    @Test func aRenderToAFileMovesNoPlaceAndIsNotAListen() throws {
        let tmp = try TemporaryDirectory()
        let env = Self.environment(tmp)
        let lesson = Self.repo("lessons/cafe-bestellen")
        let quit = try KapeRun.run(["shadow", lesson, "--device", "wav:" + tmp.path("out.wav"), "--start", "5"], environment: env,
                                   input: "q")
        #expect(quit.status == 0, "\(quit.stderr)")
        #expect(quit.stdout.contains("place not saved"), "\(quit.stdout)")
        let whole = try KapeRun.run(["shadow", lesson, "--json"], environment: env, input: "")
        #expect(whole.stdout.contains("\"completed\": false"), "\(whole.stdout)")
        let list = try KapeRun.run(["lessons", "--json", "--lessons", Self.repo("lessons")], environment: env)
        let line = list.stdout.split(separator: "\n").first { $0.contains("\"cafe-bestellen\"") } ?? ""
        #expect(line.contains("\"position\": null") && line.contains("\"completed\": false"), "\(line)")
    }
}
