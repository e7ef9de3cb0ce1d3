import Foundation
import TestSupport
import Testing

/// `make install` into a temporary prefix, then kape run from `/`: the decks, lessons and sounds are found the way
/// Linux programs find their data (XDG data directories, then the prefix the binary is installed in).
@Suite struct InstallTests {
    /// One install per suite run: DESTDIR=tmp, PREFIX=/usr/local, the binary under test.
    static func install(into tmp: TemporaryDirectory) throws -> (bin: String, share: String) {
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        make.arguments = ["-s", "-C", packageRoot, "install-files", "DESTDIR=\(tmp.path("root"))", "PREFIX=/usr/local",
                          "KAPE=\(KapeRun.binary)"]
        make.standardOutput = FileHandle.nullDevice
        try make.run()
        make.waitUntilExit()
        #expect(make.terminationStatus == 0)
        return (tmp.path("root/usr/local/bin/kape"), tmp.path("root/usr/local/share"))
    }

    /// No data anywhere but where the test puts it: an empty XDG_DATA_HOME, XDG_DATA_DIRS that does not exist.
    static func environment(_ tmp: TemporaryDirectory, dataDirs: String? = nil) -> [String: String] {
        try? FileManager.default.createDirectory(atPath: tmp.path("home"), withIntermediateDirectories: true)
        return ["HOME": tmp.path("home"), "XDG_DATA_HOME": tmp.path("home/data"), "TMPDIR": tmp.path(""),
                "XDG_DATA_DIRS": dataDirs ?? tmp.path("nowhere")]
    }

    @Test func installedKapeWorksFromTheRootDirectory() throws {
        let tmp = try TemporaryDirectory()
        let (bin, share) = try Self.install(into: tmp)
        #expect(FileManager.default.isExecutableFile(atPath: bin))
        for f in ["kape/decks/forbidden.txt", "kape/sounds/success.wav", "kape/lessons/beim-baecker/lesson.json",
                  "bash-completion/completions/kape", "zsh/site-functions/_kape", "fish/vendor_completions.d/kape.fish"] {
            #expect(FileManager.default.fileExists(atPath: share + "/" + f), "\(f) not installed")
        }
        let env = Self.environment(tmp)
        let decks = try InstalledRun.run(bin, ["decks", "--json"], environment: env, scratch: tmp)
        #expect(decks.status == 0 && decks.stdout.contains("\"mix-shqip\""), "\(decks.stderr)")
        let lessons = try InstalledRun.run(bin, ["lessons"], environment: env, scratch: tmp)
        #expect(lessons.status == 0 && lessons.stdout.contains("beim-baecker"), "\(lessons.stderr)")
        let wav = tmp.path("success.wav")
        let sound = try InstalledRun.run(bin, ["sound", "play", "success", "--device", "wav:" + wav], environment: env, scratch: tmp)
        #expect(sound.status == 0, "\(sound.stderr)")
        let size = (try? FileManager.default.attributesOfItem(atPath: wav)[.size] as? Int) ?? 0
        #expect(size > 10_000, "success.wav: \(size) bytes")
        let shadow = try InstalledRun.run(bin, ["shadow", "beim-baecker", "--json", "--device", "wav:" + tmp.path("s.wav")],
                                          environment: env, scratch: tmp)
        #expect(shadow.status == 0 && shadow.stdout.contains("\"event\": \"end\""), "\(shadow.stderr)")
        let play = try InstalledRun.run(bin, ["play", "--deck", "mix-shqip", "--trace", packageRoot + "/traces/demo-round.evemu",
                                              "--headless", "--seed", "7", "--device", "wav:" + tmp.path("p.wav")],
                                        environment: env, scratch: tmp)
        #expect(play.status == 0 && play.stdout.contains("Rezultati"), "\(play.stderr)")
        // Words: the dictionary, Hunspell and espeak-ng from Debian's packages, through the installed binary.
        let word = try InstalledRun.run(bin, ["word", "möchte", "--say", "--device", "wav:" + tmp.path("w.wav")], environment: env, scratch: tmp)
        #expect(word.status == 0 && word.stdout.hasPrefix("möchte → mögen"), "\(word.stderr)")
        // It runs without the toolchain that built it: the Swift runtime and Foundation are linked in.
        let readelf = Process()
        readelf.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
        readelf.arguments = ["-d", bin]
        let pipe = Pipe()
        readelf.standardOutput = pipe
        try readelf.run()
        let dynamic = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        readelf.waitUntilExit()
        let needed = dynamic.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(!needed.isEmpty && !needed.contains { $0.contains("libswift") || $0.contains("libFoundation") || $0.contains("libdispatch") },
                "the installed kape needs the Swift toolchain's libraries: \(needed)")
        // The completion script knows the commands.
        let bash = (try? String(contentsOfFile: share + "/bash-completion/completions/kape", encoding: .utf8)) ?? ""
        #expect(bash.contains("shadow") && bash.contains("decks"))
    }

    @Test func dataIsLookedForInXDGDataHomeThenXDGDataDirsAndOptionsOverride() throws {
        let tmp = try TemporaryDirectory()
        let (bin, share) = try Self.install(into: tmp)
        // A copy of the binary with no share/ beside it finds the data through XDG_DATA_DIRS only.
        let lone = tmp.path("elsewhere/bin/kape")
        try FileManager.default.createDirectory(atPath: tmp.path("elsewhere/bin"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: bin, toPath: lone)
        let viaDirs = try InstalledRun.run(lone, ["decks"], environment: Self.environment(tmp, dataDirs: "relative/ignored:\(tmp.path("nowhere")):\(share)"),
                                           scratch: tmp)
        #expect(viaDirs.status == 0 && viaDirs.stdout.contains("[mix-shqip]"), "\(viaDirs.stderr)")
        let none = try InstalledRun.run(lone, ["decks"], environment: Self.environment(tmp), scratch: tmp)
        #expect(none.status == 1)
        #expect(none.stderr.contains("no decks found") && none.stderr.contains(tmp.path("home/data/kape/decks"))
                && none.stderr.contains("--decks"), "\(none.stderr)")
        // $XDG_DATA_HOME/kape/decks adds to the installed decks; a deck with an installed one's id takes its place.
        let mine = tmp.path("home/data/kape/decks")
        try FileManager.default.createDirectory(atPath: mine, withIntermediateDirectories: true)
        try #"[{"id": "mine", "title": "Imja", "cards": ["Tirana", "Durrësi", "Shkodra"]}, {"id": "gurbet", "title": "Gurbeti im", "cards": ["Zvicra", "Gjermania"]}]"#
            .write(toFile: mine + "/mine.json", atomically: true, encoding: .utf8)
        let home = try InstalledRun.run(bin, ["decks"], environment: Self.environment(tmp, dataDirs: share), scratch: tmp)
        #expect(home.stdout.contains("[mine]") && home.stdout.contains("[mix-shqip]"), "\(home.stdout)\(home.stderr)")
        let gurbet = home.stdout.split(separator: "\n").filter { $0.contains("[gurbet]") }
        #expect(gurbet.count == 1 && gurbet[0].contains("Gurbeti im"), "\(home.stdout)")
        // --decks overrides every directory.
        let option = try InstalledRun.run(bin, ["decks", "--decks", share + "/kape/decks"], environment: Self.environment(tmp), scratch: tmp)
        #expect(option.stdout.contains("[mix-shqip]") && !option.stdout.contains("[mine]"))
    }
}
