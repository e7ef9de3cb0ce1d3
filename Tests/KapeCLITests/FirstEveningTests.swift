import Foundation
import TestSupport
import Testing

/// What a new user meets first: `--help` grouped with the game and the lessons ahead of the engine's tools, no
/// ALSA tuning among a learner's options, names typed nearly right answered with the one meant, one error prefix,
/// and quitting that says what was kept and how to go on.
@Suite struct FirstEveningTests {
    static let lessons = packageRoot + "/lessons"
    static let lesson = packageRoot + "/lessons/cafe-bestellen"

    static func data(_ tmp: TemporaryDirectory) -> [String: String] {
        ["XDG_DATA_HOME": tmp.path("data"), "ALSA_CARD": "kape-no-such-card", "PULSE_SERVER": "unix:" + tmp.path("none")]
    }

    @Test func helpGroupsTheCommandsGameFirst() throws {
        let r = try KapeRun.run(["--help"], environment: ["COLUMNS": "200"])
        #expect(r.status == 0)
        let text = r.stdout
        let order = ["PLAY SUBCOMMANDS:", "  play ", "LEARN SUBCOMMANDS:", "  lessons ", "  shadow ", "  dictate ",
                     "ENGINE AND TOOLS SUBCOMMANDS:", "  replay "]
        let places = order.map { text.range(of: $0)?.lowerBound }
        #expect(!places.contains(nil), "missing among \(order): \(text)")
        #expect(places.compactMap { $0 } == places.compactMap { $0 }.sorted(), "out of order: \(text)")
        // One command for the sounds: `sounds` is another name of `sound`, and `sounds generate` still works.
        #expect(text.contains("sound, sounds") && !text.contains("\n  sounds "), "\(text)")
        let generate = try KapeRun.run(["sounds", "generate", "--help"])
        #expect(generate.status == 0 && generate.stdout.contains("--out"))
        #expect(try KapeRun.run(["sound", "generate", "--help"]).status == 0)
    }

    @Test func learnerCommandsKeepTheSoundTuningInAnAdvancedGroup() throws {
        for command in [["play"], ["shadow", "x"], ["dictate", "x"], ["review"]] {
            let help = try KapeRun.run(command + ["--help"])
            for flag in ["--period", "--periods", "--fixed-buffer", "--full-buffer", "--rate"] {
                #expect(!help.stdout.contains(flag + " "), "kape \(command[0]) --help shows \(flag)")
            }
        }
        for command in [["dictate", "x"], ["review"]] {
            let hidden = try KapeRun.run(command + ["--help-hidden"])
            #expect(hidden.stdout.contains("ADVANCED SOUND OPTIONS:") && hidden.stdout.contains("--period <period>"), "\(hidden.stdout)")
        }
        #expect(try KapeRun.run(["play", "--help-hidden"]).stdout.contains("--fixed-buffer"))
        // The engine's own tools still list them.
        #expect(try KapeRun.run(["bench", "latency", "--help"]).stdout.contains("--period <period>"))
    }

    @Test func nearlyRightNamesAreAnsweredWithTheOneMeant() throws {
        let tmp = try TemporaryDirectory()
        let command = try KapeRun.run(["plya"], environment: Self.data(tmp))
        #expect(command.status == 2 && command.stderr.hasPrefix("kape: error: unknown command 'plya'. Did you mean 'play'?"), "\(command.stderr)")
        let far = try KapeRun.run(["xyzzy"], environment: Self.data(tmp))
        #expect(far.status == 2 && far.stderr.contains("unknown command 'xyzzy'") && !far.stderr.contains("Did you mean"), "\(far.stderr)")
        let deck = try KapeRun.run(["play", "--deck", "mix-shqp", "--headless", "--trace", packageRoot + "/traces/demo-round.evemu",
                                    "--decks", packageRoot + "/decks"], environment: Self.data(tmp))
        #expect(deck.status == 1 && deck.stderr.contains("no deck 'mix-shqp'") && deck.stderr.contains("Did you mean 'mix-shqip'?"), "\(deck.stderr)")
        let lesson = try KapeRun.run(["shadow", "beim-bäcker", "--lessons", Self.lessons], environment: Self.data(tmp))
        #expect(lesson.status == 1 && lesson.stderr.contains("Did you mean 'beim-baecker'?"), "\(lesson.stderr)")
    }

    @Test func everyErrorHasOnePrefix() throws {
        let tmp = try TemporaryDirectory()
        for args in [["shadow", "x", "--speed", "9"], ["play", "--seconds", "3"], ["lessons", "--level", "expert"],
                     ["shadow", "no-such-lesson", "--lessons", Self.lessons]] {
            let r = try KapeRun.run(args, environment: Self.data(tmp))
            #expect(r.status != 0 && r.stderr.hasPrefix("kape: error: "), "\(args): \(r.stderr)")
            #expect(!r.stderr.contains("Error:"), "\(args): \(r.stderr)")
        }
    }

    @Test func lessonSearchMatchesIdsAndFiltersIgnoreCase() throws {
        let tmp = try TemporaryDirectory()
        // "baecker" is only in the id (the title says Bäcker).
        let byId = try KapeRun.run(["lessons", "--lessons", Self.lessons, "--search", "BAECKER"], environment: Self.data(tmp))
        #expect(byId.status == 0 && byId.stdout.hasPrefix("beim-baecker "), "\(byId.stdout)")
        let filtered = try KapeRun.run(["lessons", "--lessons", Self.lessons, "--category", "einkaufen", "--level", "Beginner"],
                                       environment: Self.data(tmp))
        #expect(filtered.status == 0 && filtered.stdout.contains("beim-baecker"), "\(filtered.stdout) \(filtered.stderr)")
    }

    @Test func quittingSaysWhatWasKeptAndHowToGoOn() throws {
        let tmp = try TemporaryDirectory()
        let env = Self.data(tmp)
        // Dictation: one phrase answered, then the input ends.
        let first = try KapeRun.run(["dictate", Self.lesson, "--no-sound"], environment: env, input: "Guten Morgen\n")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("stopped at phrase 2 of 22") && first.stderr.contains("goes on at phrase 2"), "\(first.stderr)")
        let again = try KapeRun.run(["dictate", Self.lesson, "--no-sound"], environment: env, input: "")
        #expect(again.stderr.contains("going on at phrase 2 of 22") && again.stdout.contains("2/22") && !again.stdout.contains("1/22"),
                "\(again.stdout) \(again.stderr)")
        let restart = try KapeRun.run(["dictate", Self.lesson, "--no-sound", "--from-start"], environment: env, input: "")
        #expect(restart.stdout.contains("1/22"), "\(restart.stdout)")
        // Shadowing through a sound device (ALSA's null PCM): the place and the command that goes on from it.
        let shadow = try KapeRun.run(["shadow", "cafe-bestellen", "--lessons", Self.lessons, "--device", "null", "--start", "10"],
                                     environment: env, input: "q")
        #expect(shadow.stdout.contains("place saved: `kape shadow cafe-bestellen` goes on from there"), "\(shadow.stdout)")
        // The game: what was kept.
        let play = try KapeRun.run(["play", "--keyboard", "--no-sound", "--decks", packageRoot + "/decks"], environment: env, input: "")
        #expect(play.stderr.contains("no round finished") && play.stderr.contains("`kape play`"), "\(play.stderr)")
    }
}
