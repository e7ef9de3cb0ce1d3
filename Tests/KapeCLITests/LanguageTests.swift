import Foundation
import TestSupport
import Testing

/// The game's screens and round lines are Albanian; the command line's messages (stderr, errors) are English.
@Suite struct LanguageTests {
    @Test func gameMessagesOnStderrAreEnglish() throws {
        let tmp = try TemporaryDirectory()
        let env = ["XDG_DATA_HOME": tmp.path("data"), "TMPDIR": tmp.path(""), "ALSA_CARD": "kape-no-such-card",
                   "PULSE_SERVER": "unix:" + tmp.path("none")]
        let decks = packageRoot + "/decks"
        // Through a pipe, no sound card: the round's lines in Albanian, the notice in English.
        let play = try KapeRun.run(["play", "--keyboard", "--seed", "7", "--decks", decks], environment: env, input: "")
        #expect(play.stdout.contains("Bëhu gati"), "\(play.stdout)")
        #expect(play.stderr.contains("kape: no sound output") && !play.stderr.contains("Pa dalje"), "\(play.stderr)")
        // A locked VIP deck: English, and it says how to unlock it.
        let vip = try KapeRun.run(["play", "--deck", "dasma", "--keyboard", "--no-sound", "--decks", decks], environment: env, input: "")
        #expect(vip.status == 1)
        #expect(vip.stderr.contains("is VIP and locked") && vip.stderr.contains("entitlements.json") && vip.stderr.contains("\"unlocked\""),
                "\(vip.stderr)")
    }
}
