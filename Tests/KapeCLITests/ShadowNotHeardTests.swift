import Foundation
import TestSupport
import Testing

/// Points that were not earned (issue 30): a lesson "heard" through a sink faster than real time, or to an end the
/// audio reached early, is not completed.
@Suite(.serialized) struct ShadowNotHeardTests {
    static func end(_ stdout: String) -> [String: Any]? {
        ShadowFixture.events(stdout).last { $0["event"] as? String == "end" }
    }

    /// ALSA's `null` device takes audio as fast as it is written: the 7 s lesson "completed" in a fraction of that.
    @Test func theNullDeviceDoesNotCompleteALesson() throws {
        let dir = try TemporaryDirectory()
        let (lesson, _) = try ShadowFixture.folder(in: dir)
        let env = ["XDG_DATA_HOME": dir.path("data")]
        let r = try KapeRun.run(["shadow", lesson, "--json", "--from-start", "--device", "null"], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let end = try #require(Self.end(r.stdout), "\(r.stdout)")
        #expect(end["completed"] as? Bool == false && end["points"] as? Int == 0)
        #expect((end["reason"] as? String)?.contains("faster than real time") == true, "\(end)")
        let stats = try KapeRun.run(["stats", "--json"], environment: env)
        #expect(stats.stdout.contains(#""lessons_done": 0"#) && stats.stdout.contains(#""points": 0"#), "\(stats.stdout)")
    }

    /// The lesson's WAV cut short while it plays (the reader knew its length from the start): it ran out and
    /// "ended" early. Cut once the first line is heard; the player reads only a few periods ahead of the device.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/pulseaudio"), "needs PulseAudio for a real-time device"))
    func audioCutShortWhilePlayingDoesNotCompleteALesson() throws {
        let dir = try TemporaryDirectory()
        let (lesson, _) = try ShadowFixture.folder(in: dir)
        let wav = lesson + "/lesson.wav"
        let size = try #require(try FileManager.default.attributesOfItem(atPath: wav)[.size] as? Int)
        try SoundServer.pulse.with { config, _ in
            let child = try KapeChild(["shadow", lesson, "--json", "--from-start", "--device", SoundServer.pulse.pcm],
                                      environment: ["XDG_DATA_HOME": dir.path("data"), "ALSA_CONFIG_PATH": config])
            #expect(child.waitFor(#""text": "phrase 0""#))
            #expect(truncate(wav, off_t(size * 2 / 5)) == 0)
            let (status, _, stderr) = child.finish()
            let end = try #require(Self.end(child.stdout), "\(child.stdout) \(stderr)")
            #expect(status == 0)
            #expect(end["completed"] as? Bool == false, "\(end)")
            #expect((end["reason"] as? String)?.contains("the audio stopped at") == true, "\(end)")
        }
    }
}
