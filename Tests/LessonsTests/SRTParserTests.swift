import Foundation
import Testing
@testable import Lessons

/// SubRip as the world writes it: encodings, loose timestamps, blank lines in text, cues out of order, bad cues.
@Suite struct SRTParserTests {
    let body = "1\n00:00:01,000 --> 00:00:02,000\nSchöne Grüße – 5 €\n"

    func srt(_ bytes: [UInt8]) throws -> Transcript { try SRTParser.parse(bytes, file: "t.srt") }

    @Test func unicodeEncodingsByTheirByteOrderMark() throws {
        let utf16 = Array(body.utf16)
        let utf32 = body.unicodeScalars.map(\.value)
        let encodings: [(String, [UInt8])] = [
            ("UTF-8", Array(body.utf8)),
            ("UTF-8 BOM", [0xEF, 0xBB, 0xBF] + Array(body.utf8)),
            ("UTF-16LE", [0xFF, 0xFE] + utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
            ("UTF-16BE", [0xFE, 0xFF] + utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
            ("UTF-32LE", [0xFF, 0xFE, 0, 0] + utf32.flatMap { v in (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }),
            ("UTF-32BE", [0, 0, 0xFE, 0xFF] + utf32.flatMap { v in (0..<4).reversed().map { UInt8((v >> (8 * $0)) & 0xFF) } }),
        ]
        for (name, bytes) in encodings {
            let t = try srt(bytes)
            #expect(t.cues == [Cue(id: "1", start: 1, end: 2, text: "Schöne Grüße – 5 €")], "\(name)")
            #expect(t.warnings.isEmpty, "\(name)")
        }
    }

    @Test func legacyEightBitIsReadAsWindows1252AndSaidSo() throws {
        // "Schöne Grüße – 5 €" in windows-1252: ö F6, ü FC, ß DF, en dash 96, euro 80.
        let bytes = Array("1\n00:00:01,000 --> 00:00:02,000\nSch".utf8) + [0xF6] + Array("ne Gr".utf8) + [0xFC, 0xDF]
            + Array("e ".utf8) + [0x96] + Array(" 5 ".utf8) + [0x80, 0x0A]
        let t = try srt(bytes)
        #expect(t.cues.map(\.text) == ["Schöne Grüße – 5 €"])
        #expect(t.warnings.map(\.description) == ["t.srt:1: not UTF-8: read as windows-1252 (legacy 8-bit Western); save it as UTF-8 to be sure"])
    }

    @Test func timestampsWithCommaOrDotOrNoMilliseconds() throws {
        let t = try srt(Array("""
            1
            00:00:01 --> 00:00:02
            none

            2
            0:00:03.5 --> 0:00:04,25
            one and two digits

            3
            00:05,000 --> 00:06.000
            no hours
            """.utf8))
        #expect(t.cues.map(\.start) == [1, 3.5, 5])
        #expect(t.cues.map(\.end) == [2, 4.25, 6])
        #expect(t.warnings.isEmpty)
    }

    @Test func blankLinesInsideTextDoNotEndTheCue() throws {
        let t = try srt(Array("1\r\n00:00:01,000 --> 00:00:02,000\r\nA\r\n\r\nB\r\n\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\n42\r\n\r\n3\r\n00:00:05,000 --> 00:00:06,000\r\nC\r\n".utf8))
        #expect(t.cues == [Cue(id: "1", start: 1, end: 2, text: "A\nB"), Cue(id: "2", start: 3, end: 4, text: "42"), Cue(id: "3", start: 5, end: 6, text: "C")])
        #expect(t.lines == [2, 9, 13])
    }

    /// A blank line, then a number that is not followed by a time line: still the same cue's text.
    @Test func aNumberAfterABlankLineWithoutATimeLineContinuesTheCue() throws {
        let t = try srt(Array("1\n00:00:01,000 --> 00:00:02,000\nA\n\n42\nB\n\n2\n00:00:03,000 --> 00:00:04,000\nC\n".utf8))
        #expect(t.cues == [Cue(id: "1", start: 1, end: 2, text: "A\n42\nB"), Cue(id: "2", start: 3, end: 4, text: "C")])
    }

    /// Legacy encodings detected as players detect them (uchardet) and named in the warning.
    @Test(arguments: [
        ("GB18030", "你好，我想要两个面包。请问，火车站在哪里？我们今天晚上去看电影吧。", "GB2312/GB18030 (simplified Chinese)"),
        ("BIG5", "你好，我想要兩個麵包。請問，火車站在哪裡？我們今天晚上去看電影吧。", "Big5 (traditional Chinese)"),
        ("SHIFT_JIS", "こんにちは、パンを二つください。すみません、駅はどこですか？今晩映画を見に行きましょう。", "Shift-JIS (Japanese)"),
        ("EUC-KR", "안녕하세요, 빵 두 개 주세요. 실례합니다, 기차역이 어디에 있어요? 오늘 밤에 영화 보러 갑시다.", "EUC-KR/UHC (Korean)"),
        ("KOI8-R", "Здравствуйте, я хотел бы две булочки. Извините, где находится вокзал? Давайте пойдём сегодня вечером в кино.", "KOI8-R (Russian)"),
        ("WINDOWS-1251", "Здравствуйте, я хотел бы две булочки. Извините, где находится вокзал? Давайте пойдём сегодня вечером в кино.", "windows-1251 (Cyrillic)"),
        ("WINDOWS-1250", "Dobrý den, chtěl bych dva rohlíky, prosím. Promiňte, kde je nádraží? Žluťoučký kůň úpěl ďábelské ódy.", "windows-1250 (Central European)"),
    ])
    func legacyEncodingsAreDetectedAndNamed(encoding: String, text: String, name: String) throws {
        let half = text.index(text.startIndex, offsetBy: text.count / 2)
        let utf8 = "1\n00:00:01,000 --> 00:00:03,000\n\(text[..<half])\n\n2\n00:00:04,000 --> 00:00:06,000\n\(text[half...])\n"
        let bytes = try Self.encode(utf8, as: encoding)
        #expect(String(validating: bytes, as: UTF8.self) == nil)
        let t = try srt(bytes)
        #expect(t.cues.map(\.text) == [String(text[..<half]), String(text[half...])])
        #expect(t.warnings.map(\.description) == ["t.srt:1: not UTF-8: detected as \(name) and read as that; save it as UTF-8 to be sure"])
    }

    /// The test's own encoder: iconv(1), an independent path from the reader's.
    static func encode(_ text: String, as encoding: String) throws -> [UInt8] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/iconv")
        p.arguments = ["-f", "UTF-8", "-t", encoding]
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try p.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return [UInt8](data)
    }

    @Test func outOfOrderCuesAreSortedAndWarned() throws {
        let t = try srt(Array("1\n00:00:05,000 --> 00:00:06,000\nlater\n\n2\n00:00:01,000 --> 00:00:02,000\nearlier\n".utf8))
        #expect(t.cues.map(\.text) == ["earlier", "later"])
        #expect(t.lines == [6, 2])
        #expect(t.warnings.map(\.description) == ["t.srt:6: this cue starts before the one above it: cues are sorted by start time"])
    }

    @Test func aBadCueIsSkippedAtItsLine() throws {
        let t = try srt(Array("""
            1
            00:00:01,000 --> 00:00:02,000
            ok

            2
            00:00:xx,000 --> 00:00:04,000
            bad

            3
            00:00:05,000 --> 00:00:04,000
            backwards

            4
            99999999999999999999:00:00,000 --> 99999999999999999999:00:01,000
            absurd

            5
            00:00:07,000 --> 00:00:08,000
            also ok
            """.utf8))
        #expect(t.cues.map(\.text) == ["ok", "also ok"])
        #expect(t.cues.map(\.id) == ["1", "5"])
        #expect(t.warnings.map(\.description) == [
            "t.srt:6: cue skipped: bad start time '00:00:xx,000': expected hh:mm:ss,mmm",
            "t.srt:10: cue skipped: it ends before it starts (00:00:05,000 --> 00:00:04,000)",
            "t.srt:14: cue skipped: bad start time '99999999999999999999:00:00,000': beyond 1000 hours",
        ])
    }

    @Test func textBeforeTheFirstCueIsIgnoredAndSaidSo() throws {
        let t = try srt(Array("Untertitel von X\n\n1\n00:00:01,000 --> 00:00:02,000\nA\n".utf8))
        #expect(t.cues.map(\.text) == ["A"])
        #expect(t.warnings.map(\.description) == ["t.srt:1: text before the first cue ignored"])
    }
}
