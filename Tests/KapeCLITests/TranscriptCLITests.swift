import Foundation
import Testing
import Glibc

/// `kape transcript` and transcripts in lessons: cues shown, warnings at file:line, conversion, exit statuses.
@Suite struct TranscriptCLITests {
    let vtt = """
        WEBVTT

        intro
        00:00:01.000 --> 00:00:02.500 align:start
        Guten <b>Morgen</b> \u{1B}]0;pwned\u{07}\u{1B}[2J!

        00:00:60.000 --> 00:01:02.000
        a bad cue

        00:00:03.000 --> 00:00:04.000
        Zwei
        Zeilen

        """

    func write(_ text: String, _ path: String) throws { try text.write(toFile: path, atomically: false, encoding: .utf8) }

    @Test func printsTheCuesWarnsAtFileAndLineAndSendsNoControlCharacters() throws {
        let dir = try TemporaryDirectory()
        let file = dir.path("t.vtt")
        try write(vtt, file)
        let r = try KapeRun.run(["transcript", file])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 7 && lines[6].isEmpty, "\(r.stdout)")
        #expect(lines[0] == "1  00:00:01.000 --> 00:00:02.500  [intro]")
        // The controls are shown in some visible form, never sent (the form is TextFormat's to choose).
        #expect(lines[1].hasPrefix("    Guten Morgen ") && lines[1].contains("]0;pwned") && lines[1].hasSuffix("[2J!"))
        #expect(lines[2...5] == ["2  00:00:03.000 --> 00:00:04.000", "    Zwei", "    Zeilen", "2 cues, 1 warning"])
        #expect(r.stderr == "kape: warning: \(file):7: cue skipped: bad start time in '00:00:60.000 --> 00:01:02.000': seconds above 59\n")
        #expect(!(r.stdout + r.stderr).unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
    }

    @Test func jsonIsExactlyOneObjectOfCues() throws {
        let dir = try TemporaryDirectory()
        let file = dir.path("t.vtt")
        try write(vtt, file)
        let r = try KapeRun.run(["transcript", file, "--json"])
        #expect(r.status == 0)
        #expect(r.stdout.filter { $0 == "\n" }.count == 1 && r.stdout.hasSuffix("}\n"))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(Array(root.keys) == ["cues"])
        let cues = try #require(root["cues"] as? [[String: Any]])
        #expect(cues.count == 2)
        #expect(cues.allSatisfy { Set($0.keys) == ["id", "start", "end", "text"] })
        #expect(cues[0]["id"] as? String == "intro" && cues[1]["id"] is NSNull)
        #expect(cues[0]["start"] as? Double == 1 && cues[0]["end"] as? Double == 2.5)
        #expect(cues[0]["text"] as? String == "Guten Morgen \u{1B}]0;pwned\u{07}\u{1B}[2J!")
        #expect(!r.stdout.contains("\u{1B}"))
    }

    @Test func convertsBetweenFormatsThroughATemporaryFileAndKeepsTheCues() throws {
        let dir = try TemporaryDirectory()
        let srt = dir.path("in.srt")
        // windows-1252, a blank line inside a cue, cues out of order, no milliseconds.
        let bytes = Array("2\r\n00:00:05 --> 00:00:06\r\nsp".utf8) + [0xE4] + Array("ter\r\n\r\n1\r\n00:00:01,000 --> 00:00:02,000\r\nerste\r\n\r\nZeile\r\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: srt))
        let out = dir.path("out.vtt")
        try write("old contents", out)
        let r = try KapeRun.run(["transcript", srt, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("\(srt):1: not UTF-8: read as windows-1252"))
        #expect(r.stderr.contains("\(srt):6: this cue starts before the one above it"))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nerste\nZeile\n\n2\n00:00:05.000 --> 00:00:06.000\nspäter\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted() == ["in.srt", "out.vtt"])

        let json = dir.path("back.json")
        #expect(try KapeRun.run(["transcript", out, "-o", json]).status == 0)
        let back = try KapeRun.run(["transcript", json, "--json"])
        #expect(back.stdout == #"{"cues": [{"id": "1", "start": 1.000, "end": 2.000, "text": "erste\nZeile"}, {"id": "2", "start": 5.000, "end": 6.000, "text": "später"}]}"# + "\n")
        let again = dir.path("again.srt")
        #expect(try KapeRun.run(["transcript", json, "-o", again]).status == 0)
        #expect(try String(contentsOfFile: again, encoding: .utf8) == "1\n00:00:01,000 --> 00:00:02,000\nerste\nZeile\n\n2\n00:00:05,000 --> 00:00:06,000\nspäter\n")
    }

    /// `-o` goes through the one output writer: a FIFO is written into, not replaced by a regular file (the
    /// command had a copy of its own that renamed a temporary file over it).
    @Test func aFIFOOutputIsWrittenInto() throws {
        let dir = try TemporaryDirectory()
        let file = dir.path("t.vtt")
        try write(vtt, file)
        let fifo = dir.path("out.srt")
        #expect(mkfifo(fifo, 0o600) == 0)
        // Our end open first (non-blocking), so kape finds a reader; the pipe holds the whole small transcript.
        let fd = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(fd >= 0)
        defer { close(fd) }
        let r = try KapeRun.run(["transcript", file, "-o", fifo])
        #expect(r.status == 0, "\(r.stderr)")
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("1\n00:00:01,000 --> "), "\(text)")
        var st = stat()
        #expect(lstat(fifo, &st) == 0 && st.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")
    }

    @Test func refusesToWriteOverItsInputByAnyName() throws {
        let dir = try TemporaryDirectory()
        let file = dir.path("t.vtt")
        try write(vtt, file)
        try FileManager.default.linkItem(atPath: file, toPath: dir.path("hard.vtt"))
        try FileManager.default.createSymbolicLink(atPath: dir.path("soft.vtt"), withDestinationPath: file)
        let parent = dir.url.lastPathComponent
        for name in [file, dir.path("hard.vtt"), dir.path("soft.vtt"), dir.url.path + "/./t.vtt", dir.url.path + "/../\(parent)/t.vtt"] {
            let r = try KapeRun.run(["transcript", file, "-o", name])
            #expect(r.status == 2, "\(name): \(r.stderr)")
            #expect(r.stderr.contains("is the input file"), "\(name)")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == vtt)
    }

    @Test func exitStatusIsOneOnlyWhenNotATranscriptAndTwoForUsage() throws {
        let dir = try TemporaryDirectory()
        let notes = dir.path("notes.srt")
        try write("Einkaufsliste\nBrot\n", notes)
        let notVTT = dir.path("x.vtt")
        try write("WEBVTTX\n\n00:01.000 --> 00:02.000\nx\n", notVTT)
        let allBad = dir.path("bad.vtt")
        try write("WEBVTT\n\n00:61.000 --> 00:62.000\nx\n", allBad)
        #expect(try KapeRun.run(["transcript", notes]).status == 1)
        #expect(try KapeRun.run(["transcript", notVTT]).status == 1)
        #expect(try KapeRun.run(["transcript", dir.path("missing.vtt")]).status == 1)
        let zero = try KapeRun.run(["transcript", "/dev/zero"])
        #expect(zero.status == 1 && zero.stderr.contains("not a regular file"))
        let bad = try KapeRun.run(["transcript", allBad])
        #expect(bad.status == 0 && bad.stdout == "0 cues, 1 warning\n")
        #expect(try KapeRun.run(["transcript", allBad, "-o", dir.path("out.txt")]).status == 2)
        #expect(try KapeRun.run(["transcript"]).status == 2)
        // Another extension: the format comes from the content.
        let sniffed = dir.path("subs.txt")
        try write("1\n00:00:01,000 --> 00:00:02,000\nHallo\n", sniffed)
        #expect(try KapeRun.run(["transcript", sniffed, "--json"]).stdout.contains(#""text": "Hallo""#))
    }

    /// A cue hour of 99999999999999999999 trapped `kape shadow`, `kape dictate` and `kape lessons` (Double → Int of
    /// 3.6e23 s); now that cue is skipped where it is read, and a cue past the end of the audio is a warning.
    @Test func absurdAndLateCuesInALessonAreWarningsNotCrashes() throws {
        let dir = try TemporaryDirectory()
        let (lesson, transcript) = try ShadowFixture.folder(in: dir)
        let path = lesson + "/transcript.vtt"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        text += "99999999999999999999:00:00.000 --> 99999999999999999999:00:01.000\nabsurd\n\n00:00:20.000 --> 00:00:21.000\nlate\n"
        try write(text, path)
        let data = ["XDG_DATA_HOME": dir.url.path]
        let shadow = try KapeRun.run(["shadow", lesson, "--json", "--device", "wav:" + dir.path("out.wav")], environment: data, input: "")
        #expect(shadow.status == 0, "\(shadow.stderr)")
        #expect(shadow.stderr.contains("transcript.vtt:\(lines): cue skipped: bad start time"))
        #expect(shadow.stderr.contains("transcript.vtt:\(lines + 3): cue \(transcript.cues.count + 1) starts past the end of the audio"))
        let list = try KapeRun.run(["lessons", "--dir", dir.url.path], environment: data)
        #expect(list.status == 0 && list.stdout.contains("test-lesson"), "\(list.stderr)")
        try write("phrase 0\n", dir.path("answers.txt"))
        let dictate = try KapeRun.run(["dictate", lesson, "--answers", dir.path("answers.txt")], environment: data)
        #expect(dictate.status == 0, "\(dictate.stderr)")
    }
}
