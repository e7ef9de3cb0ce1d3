import Foundation
import TestSupport
import Testing

/// Started with standard input closed (`kape … <&-`), Kape's first pipe took descriptor 0 and its own wake-ups were
/// read as the player's keys: seeks, speed changes and a bogus quit position saved as progress.
@Suite struct ClosedStdinTests {
    @Test func aLessonWithStdinClosedHearsNoPhantomKeys() throws {
        let data = try TemporaryDirectory()
        let (lesson, _) = try ShadowFixture.folder(in: data)
        let script = "exec 0<&-; exec timeout -s KILL 60 \"$0\" shadow \"$1\" --json --from-start --device wav:\"$2\""
        let r = try KapeRun.run(["-c", script, KapeRun.binary, lesson, data.path("out.wav")],
                                environment: ["XDG_DATA_HOME": data.path("data")], executable: "/bin/sh")
        #expect(r.status == 0, "\(r.stderr)")
        let events = ShadowFixture.events(r.stdout).compactMap { $0["event"] as? String }
        #expect(events.last == "end", "\(r.stdout)")
        for phantom in ["seek", "speed", "pause", "loop", "quit"] {
            #expect(!events.contains(phantom), "\(phantom) with no keyboard: \(r.stdout)")
        }
    }

    /// `kape shadow … --json | head -1`: the reader goes away after the first line. SIGPIPE killed Kape mid-write,
    /// leaving the sound file's temporary behind and the place unsaved; now it quits as on Ctrl-C.
    @Test func aReaderThatGoesAwayEndsTheLessonCleanly() throws {
        let data = try TemporaryDirectory()
        let (lesson, _) = try ShadowFixture.folder(in: data)
        let out = data.path("sound")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let script = "exec timeout -s KILL 60 \"$0\" shadow \"$1\" --json --from-start --device wav:\"$2\"/out.wav | head -1"
        let r = try KapeRun.run(["-c", script, KapeRun.binary, lesson, out],
                                environment: ["XDG_DATA_HOME": data.path("data")], executable: "/bin/sh")
        #expect(r.status == 0 && r.stdout.split(separator: "\n").count == 1, "\(r.stdout) \(r.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(left == ["out.wav"], "\(left)")
        // Through a sound device (ALSA's null PCM) the place is saved too; into a file it never is.
        let device = try KapeRun.run(["-c", script.replacingOccurrences(of: "wav:\"$2\"/out.wav", with: "null"), KapeRun.binary, lesson, out],
                                     environment: ["XDG_DATA_HOME": data.path("data")], executable: "/bin/sh")
        #expect(device.status == 0 && device.stdout.split(separator: "\n").count == 1, "\(device.stdout) \(device.stderr)")
        let progress = try String(contentsOfFile: data.path("data/kape/progress.json"), encoding: .utf8)
        #expect(progress.contains("test-lesson"), "the place is saved: \(progress)")
    }
}
