import Foundation
import Glibc
import Testing

/// `kape lessons` and lesson ids from metadata, lessons that cannot be played, ids used twice (issue 30).
@Suite struct LessonsListFaultTests {
    /// A lesson folder with a valid lesson.json; `audio` and `transcript` are written as given (nil: left out).
    static func lesson(_ root: TemporaryDirectory, _ folder: String, id: String, audio: Data?, transcript: String? = "WEBVTT\n\n00:00.000 --> 00:00.500\nHallo\n") throws {
        let dir = root.path(folder)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try #"{"id": "\#(id)", "title": "T \#(id)", "category": "c", "level": "beginner", "description": "d"}"#.write(toFile: dir + "/lesson.json", atomically: true, encoding: .utf8)
        if let audio { try audio.write(to: URL(fileURLWithPath: dir + "/audio.wav")) }
        if let transcript { try transcript.write(toFile: dir + "/t.vtt", atomically: true, encoding: .utf8) }
    }

    /// One second of 16-bit mono 16 kHz silence as a WAV file.
    static var goodWav: Data {
        var d = Data("RIFF".utf8)
        func le<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        le(UInt32(36 + 32_000)); d.append(contentsOf: Array("WAVEfmt ".utf8)); le(UInt32(16)); le(UInt16(1)); le(UInt16(1))
        le(UInt32(16_000)); le(UInt32(32_000)); le(UInt16(2)); le(UInt16(16)); d.append(contentsOf: Array("data".utf8)); le(UInt32(32_000))
        d.append(Data(count: 32_000))
        return d
    }

    /// Shell completion and `kape shadow ID` need ids only: a lesson whose transcript cannot even be opened (a
    /// FIFO here) is still found by id, so no transcript was read to list the ids.
    @Test func idsComeFromLessonJsonWithoutReadingTranscripts() throws {
        let root = try TemporaryDirectory()
        try Self.lesson(root, "a", id: "alpha", audio: Self.goodWav)
        try Self.lesson(root, "b", id: "beta", audio: Self.goodWav, transcript: nil)
        #expect(mkfifo(root.path("b/t.vtt"), 0o644) == 0)
        let r = try KapeRun.run(["---completion", "shadow", "--", "positional@0", "2", "0", "kape", "shadow", ""], environment: ["KAPE_LESSONS": root.url.path])
        #expect(r.stdout.contains("alpha") && r.stdout.contains("beta"), "\(r.stdout) \(r.stderr)")
        // Listing reads the transcripts (for the line counts): the FIFO one is skipped with its reason.
        let list = try KapeRun.run(["lessons", "--dir", root.url.path], environment: ["XDG_DATA_HOME": root.path("data")])
        #expect(list.status == 0 && list.stdout.contains("alpha") && !list.stdout.contains("beta"))
        #expect(list.stderr.contains("t.vtt"), "\(list.stderr)")
    }

    @Test func lessonsWhoseAudioCannotBePlayedAreWarnedAboutAndMarked() throws {
        let root = try TemporaryDirectory()
        try Self.lesson(root, "good", id: "good", audio: Self.goodWav)
        try Self.lesson(root, "empty", id: "empty", audio: Data())
        try Self.lesson(root, "text", id: "text", audio: Data("this is not audio\n".utf8))
        var header = Self.goodWav.prefix(44)
        header.replaceSubrange(40..<44, with: [0, 0, 0, 0])  // a valid header with no frames
        try Self.lesson(root, "silent", id: "noframes", audio: Data(header))
        try Self.lesson(root, "fifo", id: "fifo", audio: nil)
        #expect(mkfifo(root.path("fifo/audio.wav"), 0o644) == 0)
        let r = try KapeRun.run(["lessons", "--dir", root.url.path], environment: ["XDG_DATA_HOME": root.path("data")])
        #expect(r.status == 0, "\(r.stderr)")
        for id in ["empty", "text", "noframes", "fifo"] {
            let line = r.stdout.split(separator: "\n").first { $0.hasPrefix(id + " ") }
            #expect(line?.contains("⚠ audio unreadable") == true, "\(id): \(line ?? "missing")")
            #expect(r.stderr.contains("lesson '\(id)': its audio cannot be played"), "\(id): \(r.stderr)")
        }
        #expect(r.stdout.split(separator: "\n").first { $0.hasPrefix("good ") }?.contains("⚠") == false)
        let json = try KapeRun.run(["lessons", "--dir", root.url.path, "--json"], environment: ["XDG_DATA_HOME": root.path("data")])
        #expect(json.stdout.contains(#""id": "good""#) && json.stdout.contains(#""audio_error": null"#))
        #expect(json.stdout.contains(#""audio_error": ""#))
    }

    @Test func twoLessonsWithOneIdAreWarnedAboutAndMarked() throws {
        let root = try TemporaryDirectory()
        try Self.lesson(root, "one", id: "same", audio: Self.goodWav)
        try Self.lesson(root, "two", id: "same", audio: Self.goodWav)
        try Self.lesson(root, "three", id: "other", audio: Self.goodWav)
        let r = try KapeRun.run(["lessons", "--dir", root.url.path], environment: ["XDG_DATA_HOME": root.path("data")])
        #expect(r.status == 0)
        #expect(r.stderr.contains("2 lessons have the id 'same'") && r.stderr.contains(root.path("one")) && r.stderr.contains(root.path("two")), "\(r.stderr)")
        let marked = r.stdout.split(separator: "\n").filter { $0.contains("⚠ id shared") }
        #expect(marked.count == 2 && marked.allSatisfy { $0.hasPrefix("same ") })
    }

    @Test func aLessonsFolderOverTheLimitIsRefusedSayingWhy() throws {
        let root = try TemporaryDirectory()
        for i in 0...5_000 {  // plain system calls: FileManager takes half a minute for these
            let dir = root.path("l\(i)")
            try #require(mkdir(dir, 0o755) == 0)
            let fd = open(dir + "/lesson.json", O_WRONLY | O_CREAT, 0o644)
            try #require(fd >= 0 && write(fd, "{}", 2) == 2)
            close(fd)
        }
        let r = try KapeRun.run(["lessons", "--dir", root.url.path], environment: ["XDG_DATA_HOME": root.path("data")])
        #expect(r.status == 1)
        #expect(r.stderr.contains("5001 lessons, over the 5000"), "\(r.stderr)")
    }
}
