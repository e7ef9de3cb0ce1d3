import Foundation
import TestSupport
import Testing

/// alsa-lib's own stderr lines never reach the user: with no sound card Kape says so once, in its words.
@Suite struct AlsaNoiseTests {
    @Test func noSoundCardIsSaidOnceWithoutALSALibLines() throws {
        let tmp = try TemporaryDirectory()
        // The system's ALSA configuration, a card that does not exist, and no PulseAudio to route "default" to.
        let env = ["XDG_DATA_HOME": tmp.path("data"), "TMPDIR": tmp.path(""), "ALSA_CARD": "kape-no-such-card",
                   "PULSE_SERVER": "unix:" + tmp.path("no-pulse"), "PULSE_RUNTIME_PATH": tmp.path("no-pulse-dir")]
        let r = try KapeRun.run(["shadow", packageRoot + "/lessons/beim-baecker", "--json"], environment: env, input: "")
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        #expect(!r.stderr.contains("ALSA lib"), "\(r.stderr)")
        #expect(lines.count == 1 && lines[0].hasPrefix("kape: no sound output") && lines[0].contains("kape-no-such-card"), "\(r.stderr)")
    }
}
