import Foundation
import TestSupport
import Testing

/// A home Kape cannot use: the messages name the variables to set, and no library prints its own (issue 30).
@Suite struct DataHomeMessageTests {
    /// HOME pointing at a file: the data folder cannot be made there.
    static func environment(_ dir: TemporaryDirectory) throws -> [String: String] {
        try "not a folder".write(toFile: dir.path("home"), atomically: true, encoding: .utf8)
        return ["HOME": dir.path("home"), "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": "", "XDG_RUNTIME_DIR": "", "KAPE_NOW": "1800000000"]
    }

    @Test func theStoreNamesXdgDataHomeAndHome() throws {
        let dir = try TemporaryDirectory()
        let r = try KapeRun.run(["check", "Hallo", "Hallo", "--record"], environment: try Self.environment(dir))
        #expect(r.status == 1)
        #expect(r.stderr.contains("HOME=\(dir.path("home"))") && r.stderr.contains("set XDG_DATA_HOME or HOME to a folder you can write"), "\(r.stderr)")
    }

    @Test func theGameNamesThemToo() throws {
        let dir = try TemporaryDirectory()
        let r = try KapeRun.run(["play", "--deck", "mix-shqip", "--trace", packageRoot + "/traces/demo-round.evemu", "--headless", "--no-sound",
                                 "--decks", packageRoot + "/decks"], environment: try Self.environment(dir))
        #expect(r.status == 1)
        #expect(r.stderr.contains("set XDG_DATA_HOME or HOME to a folder you can write"), "\(r.stderr)")
        #expect(!r.stderr.contains("You don't have permission") && !r.stderr.contains("NSCocoaErrorDomain"))
    }

    /// libpulse printed "Failed to create secure directory (…/.config/pulse): Not a directory" twice, its own way.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/alsa-lib/libasound_module_pcm_pulse.so"), "needs ALSA's pulse plugin (libasound2-plugins)"))
    func theSoundServerClientsComplaintIsSaidOnceInKapesWords() throws {
        let dir = try TemporaryDirectory()
        // Without XDG_RUNTIME_DIR at all (an empty one is not looked at), as in a bare login or a service.
        let r = try KapeRun.run(["-u", "XDG_RUNTIME_DIR", KapeRun.binary, "sound", "play", "success", "--device", "pulse"],
                                environment: try Self.environment(dir), executable: "/usr/bin/env")
        #expect(!r.stderr.contains("Failed to create secure directory"), "\(r.stderr)")
        #expect(r.stderr.components(separatedBy: "set XDG_CONFIG_HOME or HOME").count == 2, "\(r.stderr)")
    }
}

/// A WAV output that cannot be written (a full disk; here a file size limit) said "audio device 'wav:…' stopped
/// working …; list the devices with `kape audio devices`", which does not help with a file (issue 30).
@Suite struct WavWriteFailureMessageTests {
    @Test func aWavFileThatCannotBeWrittenIsNamedAsAFile() throws {
        let dir = try TemporaryDirectory()
        let quoted = [KapeRun.binary, "play", "--deck", "mix-shqip", "--trace", packageRoot + "/traces/demo-round.evemu", "--headless",
                      "--device", "wav:" + dir.path("o.wav"), "--decks", packageRoot + "/decks"].map { "'\($0)'" }.joined(separator: " ")
        let r = try KapeRun.run(["-c", "ulimit -f 200; exec " + quoted], environment: ["XDG_DATA_HOME": dir.path("data")], executable: "/bin/sh")
        #expect(r.status != 0)
        #expect(r.stderr.contains(dir.path("o.wav") + ": cannot write") && r.stderr.contains("disk full"), "\(r.stderr)")
        #expect(!r.stderr.contains("kape audio devices"), "\(r.stderr)")
    }
}
