import AudioDSP
import AudioIO
import Foundation
import Testing

/// `kape word` through the built binary, on Debian's FreeDict German–English and Hunspell's German.
@Suite struct WordCLITests {
    @Test func aWordShowsItsArticle() throws {
        let r = try KapeRun.run(["word", "Brötchen"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Brötchen  /bɾˈøːtçən/  (noun, neuter, singular, plural Brötchen)"))
        #expect(r.stdout.contains("bread roll"))
    }

    @Test func anInflectedFormSaysWhichFormWasLookedUpAndWhy() throws {
        let r = try KapeRun.run(["word", "möchte"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("möchte → mögen (a form of mögen)\n"))
        let h = try KapeRun.run(["word", "Häusern", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(h.stdout.utf8)) as? [String: Any])
        #expect(object["word"] as? String == "Häusern")
        #expect(object["form"] as? String == "Haus")
        #expect((object["reason"] as? String)?.hasPrefix("Hunspell's stem") == true)
        #expect(object["dictionary"] as? String == "freedict-deu-eng")
        let entries = try #require(object["entries"] as? [[String: Any]])
        #expect(entries.contains { ($0["translations"] as? [String])?.contains("house") == true && $0["gender"] as? String == "neuter" })
    }

    @Test func notFoundExitsOneWithTheNearestHeadwords() throws {
        let r = try KapeRun.run(["word", "Brötchenx"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("kape: error: `Brötchenx` is not in freedict-deu-eng"))
        #expect(r.stderr.contains("nearest headwords: ") && r.stderr.contains("brötchen"))
        #expect(r.stdout.isEmpty)
        // Controls in the word never reach the terminal raw.
        let c = try KapeRun.run(["word", "a\u{1B}[2Jb"])
        #expect(c.status == 1)
        #expect(!c.stderr.contains("\u{1B}"))
        let long = try KapeRun.run(["word", String(repeating: "ö", count: 10_000)])
        #expect(long.status == 1)
        #expect(long.stderr.count < 1_000)
    }

    /// `kape word -`: one answer per line read, not found said in its line, exit 1 when any was missing.
    @Test func wordsFromStandardInput() throws {
        let r = try KapeRun.run(["word", "-", "--json"], input: "möchte\n\nxqzzy\n„Brötchen,“\n")
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.count == 3)
        #expect(lines[0]?["form"] as? String == "mögen" && lines[0]?["found"] as? Bool == true)
        #expect(lines[1]?["word"] as? String == "xqzzy" && lines[1]?["found"] as? Bool == false && (lines[1]?["nearest"] as? [String])?.count == 5)
        #expect(lines[2]?["form"] as? String == "Brötchen")
        #expect(try KapeRun.run(["word", "-"], input: "Haus\n").status == 0)
        #expect(try KapeRun.run(["word", "-", "--save"], input: "Haus\n").status == 2)
    }

    @Test func usageErrorsExitTwo() throws {
        for args in [["word", ""], ["word", "😀"], ["word", "--", "..."], ["word", "Haus", "--slow"], ["word", "Haus", "--lang", "e/g"]] {
            let r = try KapeRun.run(args)
            #expect(r.status == 2, "\(args)")
        }
    }

    /// `--lang L` reads freedict-deu-L: here the real German–English files under another name in a folder of their own.
    @Test func langPicksAnotherInstalledDictionary() throws {
        let dir = try TemporaryDirectory()
        for ext in ["index", "dict.dz"] {
            try FileManager.default.createSymbolicLink(atPath: dir.path("freedict-deu-tst.\(ext)"), withDestinationPath: "/usr/share/dictd/freedict-deu-eng.\(ext)")
        }
        let r = try KapeRun.run(["word", "Haus", "--lang", "tst", "--dictionaries", dir.url.path, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"dictionary\": \"freedict-deu-tst\""))
        let missing = try KapeRun.run(["word", "Haus", "--lang", "eng", "--dictionaries", dir.url.path])
        #expect(missing.status == 1 && missing.stderr.contains("(installed: deu-tst)"), "\(missing.stderr)")
    }

    @Test func anotherLanguageThatIsNotInstalledIsNamed() throws {
        let r = try KapeRun.run(["word", "Haus", "--lang", "xyz"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("freedict-deu-xyz.index: no such dictionary: install Debian's dict-freedict-deu-xyz (installed: deu-eng"))
    }

    /// The dictionary's language is a setting too; a bad value in the store is refused, never reset.
    @Test func theDictionaryLanguageIsASetting() throws {
        let home = try TemporaryDirectory()
        let env = ["XDG_DATA_HOME": home.path("data")]
        #expect(try KapeRun.run(["settings", "--dictionary-language", "fra"], environment: env).status == 0)
        let r = try KapeRun.run(["word", "Haus"], environment: env)
        #expect(r.status == 1 && r.stderr.contains("install Debian's dict-freedict-deu-fra"), "\(r.stderr)")
        #expect(try KapeRun.run(["word", "Haus", "--lang", "eng"], environment: env).status == 0)
        let store = home.path("data") + "/kape/progress.json"
        let text = try String(contentsOfFile: store, encoding: .utf8).replacingOccurrences(of: "\"fra\"", with: "\"f/../x\"")
        try text.write(toFile: store, atomically: false, encoding: .utf8)
        let bad = try KapeRun.run(["settings"], environment: env)
        #expect(bad.status == 1 && bad.stderr.contains("listening.dictionaryLanguage is 'f/../x': out of range"), "\(bad.stderr)")
        #expect(try String(contentsOfFile: store, encoding: .utf8) == text)
    }

    /// espeak-ng's German through Kape's engine to a WAV file: as long as the word takes to say, and audible; the
    /// slow speed is longer.
    @Test func sayWritesTheSpeechThroughTheEngine() throws {
        let dir = try TemporaryDirectory()
        let normal = try KapeRun.run(["word", "Brötchen", "--say", "--device", "wav:" + dir.path("n.wav")])
        #expect(normal.status == 0, "\(normal.stderr)")
        #expect(normal.stdout.contains("espeak: /bɾˈøːtçən/"))
        let slow = try KapeRun.run(["word", "Brötchen", "--say", "--slow", "--device", "wav:" + dir.path("s.wav")])
        #expect(slow.status == 0)
        let n = try ClipFile.load(dir.path("n.wav")), s = try ClipFile.load(dir.path("s.wav"))
        #expect(n.rate == 48_000)
        // One word: between 0.3 and 1.5 s of sound (trailing buffer silence included), the slow one longer.
        #expect(n.seconds > 0.3 && n.seconds < 1.5, "\(n.seconds)")
        #expect(s.seconds > n.seconds * 1.3, "\(s.seconds) vs \(n.seconds)")
        let rms = (n.samples.reduce(0) { $0 + Double($1 * $1) } / Double(n.samples.count)).squareRoot()
        #expect(n.peak > 0.2 && rms > 0.02, "peak \(n.peak) rms \(rms)")
    }
}
