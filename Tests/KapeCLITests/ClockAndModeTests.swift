import Foundation
import Glibc
import Testing

/// The clock a command runs with and the permissions of what it creates (issue 30).
@Suite struct ClockAndModeTests {
    /// A time the store cannot hold was recorded (exit 0), and then every store command failed.
    @Test(arguments: ["-1e10", "3e11", "nan", "inf", "tomorrow"])
    func anUnusableKapeNowIsAUsageErrorAndNothingIsWritten(value: String) throws {
        let home = try TemporaryDirectory()
        let run = try KapeRun.run(["check", "Hallo", "Hallo", "--record"], environment: ["XDG_DATA_HOME": home.path("data"), "KAPE_NOW": value])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("KAPE_NOW=\(value)") && run.stderr.contains("seconds since 1970"))
        #expect(!FileManager.default.fileExists(atPath: home.path("data/kape/progress.json")))
        #expect(!run.stderr.contains("EncodingError"))
    }

    @Test func aGoodKapeNowIsRecorded() throws {
        let home = try TemporaryDirectory()
        let env = ["XDG_DATA_HOME": home.path("data"), "KAPE_NOW": "1800000000"]
        #expect(try KapeRun.run(["check", "Hallo", "Hallo", "--record"], environment: env).status == 0)
        let stats = try KapeRun.run(["stats", "--json"], environment: env)
        #expect(stats.status == 0 && stats.stdout.contains(#""dictations": 1"#), "\(stats.stdout) \(stats.stderr)")
    }

    static func mode(_ path: String) -> mode_t? {
        var st = stat()
        return stat(path, &st) == 0 ? st.st_mode & 0o7777 : nil
    }

    /// Under umask 000 the store was 0666 and its folder 0777: anyone on the machine could rewrite it.
    @Test func userDataIsNeverGroupOrWorldWritableWhateverTheUmask() throws {
        let home = try TemporaryDirectory()
        let run = try KapeRun.run(["-c", "umask 000; exec \"$0\" check Hallo Hallo --record", KapeRun.binary],
                                  environment: ["XDG_DATA_HOME": home.path("data"), "KAPE_NOW": "1800000000"], executable: "/bin/sh")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.mode(home.path("data/kape/progress.json")) == 0o644)
        #expect(Self.mode(home.path("data/kape")) == 0o755)
        #expect(Self.mode(home.path("data")) == 0o755)
        // A file left world-writable by an older kape loses that on its next save.
        chmod(home.path("data/kape/progress.json"), 0o666)
        #expect(try KapeRun.run(["check", "Hallo", "Hallo", "--record"], environment: ["XDG_DATA_HOME": home.path("data"), "KAPE_NOW": "1800000000"]).status == 0)
        #expect(Self.mode(home.path("data/kape/progress.json")) == 0o664)
        // A strict umask is kept.
        let strict = try KapeRun.run(["-c", "umask 077; exec \"$0\" check Hallo Hallo --record", KapeRun.binary],
                                     environment: ["XDG_DATA_HOME": home.path("strict"), "KAPE_NOW": "1800000000"], executable: "/bin/sh")
        #expect(strict.status == 0)
        #expect(Self.mode(home.path("strict/kape/progress.json")) == 0o600)
    }
}
