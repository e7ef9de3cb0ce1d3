import Foundation
import Motion
import Testing
@testable import Lessons

/// WebVTT, SRT and JSON cues: the features browsers and players accept, errors at file:line, odd orders.
@Suite struct TranscriptTests {
    func vtt(_ s: String) throws -> Transcript { try WebVTTParser.parse(Array(s.utf8), file: "t.vtt") }
    func srt(_ s: String) throws -> Transcript { try SRTParser.parse(Array(s.utf8), file: "t.srt") }

    @Test func webVTTWithHeaderIdsSettingsNotesAndEntities() throws {
        let t = try vtt("""
            WEBVTT - Café
            Kind: captions

            NOTE a comment
            spanning two lines

            STYLE
            ::cue { color: yellow }

            intro
            00:01.000 --> 00:02.500 align:start position:10%
            <v Anna>Guten &amp; <b>Morgen</b> &lt;3&gt;&nbsp;!

            00:00:03.000 --> 00:00:05.250
            Zeile eins
            Zeile <00:00:04.000>zwei

            01:00:00.000 --> 01:00:01.000
            Eine Stunde &#x27;später&#39;
            """)
        #expect(t.cues.count == 3)
        #expect(t.cues[0] == Cue(id: "intro", start: 1, end: 2.5, text: "Guten & Morgen <3>\u{00A0}!"))
        #expect(t.cues[1].id == nil && t.cues[1].start == 3 && t.cues[1].end == 5.25)
        #expect(t.cues[1].text == "Zeile eins\nZeile zwei")
        #expect(t.cues[2].start == 3600 && t.cues[2].text == "Eine Stunde 'später'")
    }

    @Test func webVTTCRLFAndBOMAndUnknownEntityKept() throws {
        let t = try vtt("\u{FEFF}WEBVTT\r\n\r\n1\r\n00:00.000 --> 00:01.000\r\nA &foo; B\r\n")
        #expect(t.cues == [Cue(id: "1", start: 0, end: 1, text: "A &foo; B")])
    }

    @Test func webVTTNotWebVTTAtAllIsAnErrorAtLine1() {
        #expect(throws: TranscriptError(file: "t.vtt", line: 1, "not a WebVTT file: the first line must be WEBVTT (alone, or followed by a space or a tab)")) { try vtt("WEBVTTX\n") }
        #expect(throws: TranscriptError.self) { try vtt("") }
        #expect(throws: TranscriptError.self) { try vtt("WEBVT\n") }
        #expect(throws: TranscriptError.self) { try vtt("\u{FEFF}\u{FEFF}WEBVTT\n") }      // one BOM only
        #expect(throws: TranscriptError.self) { try WebVTTParser.parse([0xFF, 0xFE] + Array("WEBVTT".utf16).flatMap { [UInt8($0), 0] }, file: "u.vtt") }
    }

    @Test func webVTTSignatureEndsAtSpaceTabOrLineBreakOrEOF() throws {
        for header in ["WEBVTT", "WEBVTT\n", "WEBVTT \u{1F600}\n", "WEBVTT\tx\n", "WEBVTT\r\n", "WEBVTT\r", "\u{FEFF}WEBVTT\n"] {
            #expect(try vtt(header).cues.isEmpty, "\(header.debugDescription)")
        }
    }
    @Test func overlappingAndUnorderedCuesAreSortedAndKept() throws {
        let t = try vtt("WEBVTT\n\n00:05.000 --> 00:08.000\nC\n\n00:01.000 --> 00:06.000\nA\n\n00:02.000 --> 00:03.000\nB\n")
        #expect(t.cues.map(\.text) == ["A", "B", "C"])
        #expect(t.cueIndex(at: 0.5) == nil)
        #expect(t.cueIndex(at: 1.0) == 0)
        #expect(t.cueIndex(at: 2.5) == 1)      // the later-started overlapping cue wins
        #expect(t.cueIndex(at: 3.5) == 0)      // B ended, A still runs
        #expect(t.cueIndex(at: 5.5) == 2)
        #expect(t.cueIndex(at: 8.0) == nil)    // end is exclusive
    }

    @Test func srtCommaOrDotBOMCRLFAndTags() throws {
        let t = try srt("\u{FEFF}1\r\n00:00:01,000 --> 00:00:02,500 X1:10 X2:20\r\n<i>Hallo</i> {\\an8}Welt\r\n\r\n2\r\n00:00:03.5 --> 00:00:04.250\r\nZwei\r\nZeilen\r\n\r\n\r\n")
        #expect(t.cues == [Cue(id: "1", start: 1, end: 2.5, text: "Hallo Welt"), Cue(id: "2", start: 3.5, end: 4.25, text: "Zwei\nZeilen")])
        #expect(t.warnings.isEmpty)
    }

    @Test func srtWithoutAnyTimeLineIsNotSubRip() {
        #expect(throws: TranscriptError(file: "t.srt", line: 1, "not a SubRip file: no 'hh:mm:ss,mmm --> hh:mm:ss,mmm' time line")) { try srt("1\nno time here\n") }
        #expect(throws: TranscriptError.self) { try srt("") }
    }

    @Test func jsonCues() throws {
        let t = try JSONCueParser.parse(Array(#"{"cues": [{"start": 2, "end": 3, "text": "B"}, {"start": 0.5, "end": 1, "text": "A", "id": "x"}]}"#.utf8), file: "c.json")
        #expect(t.cues == [Cue(id: "x", start: 0.5, end: 1, text: "A"), Cue(start: 2, end: 3, text: "B")])
        #expect(throws: TranscriptError.self) { try JSONCueParser.parse(Array("{\"cues\": [".utf8), file: "c.json") }
        #expect(throws: TranscriptError.self) { try JSONCueParser.parse(Array("{\"lines\": []}".utf8), file: "c.json") }
    }

    @Test func jsonBadCueIsSkippedAtItsLine() throws {
        let t = try JSONCueParser.parse(Array("[\n{\"start\": 1, \"end\": 2, \"text\": \"a\", \"id\": null},\n{\"start\": 1, \"text\": \"b\"},\n{\"start\": 1e30, \"end\": 1e31, \"text\": \"c\"}\n]".utf8), file: "c.json")
        #expect(t.cues == [Cue(id: nil, start: 1, end: 2, text: "a")])
        #expect(t.warnings.map(\.description) == ["c.json:3: cue 2 skipped: missing or bad \"end\" (seconds)",
                                                 "c.json:4: cue 3 skipped: times must be 0 to 3600000 seconds (1000 hours)"])
    }

    /// Random bytes and random mutations of valid files: an error or a transcript, never a crash.
    @Test func randomInputNeverCrashes() {
        var rng = SeededGenerator(state: 42)  // Motion's SplitMix64: the same inputs every run
        let valid = [Array("WEBVTT\n\nid\n00:01.000 --> 00:02.000 line:0\nA &amp; <b>B</b>\n\nNOTE x\n\n00:03.000 --> 00:04.000\nC\n".utf8),
                     Array("1\r\n00:00:01,000 --> 00:00:02,000\r\nA\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nB\r\n".utf8)]
        let alphabet = Array("WEBVTT0123456789:.,->&;<>#x \n\r\t".utf8) + [0, 0xFF, 0xEF, 0xBB, 0xBF]
        var parsed = 0
        for round in 0..<3_000 {
            var bytes: [UInt8]
            if round % 3 == 0 {
                bytes = (0..<Int(rng.next() % 200)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            } else {
                bytes = valid[round % 2]
                for _ in 0..<(1 + Int(rng.next() % 6)) {
                    let i = Int(rng.next() % UInt64(max(1, bytes.count)))
                    switch rng.next() % 3 {
                    case 0: if !bytes.isEmpty { bytes[i % bytes.count] = alphabet[Int(rng.next() % UInt64(alphabet.count))] }
                    case 1: bytes.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: min(i, bytes.count))
                    default: if !bytes.isEmpty { bytes.remove(at: i % bytes.count) }
                    }
                }
            }
            for (k, parse) in [WebVTTParser.parse, SRTParser.parse, JSONCueParser.parse].enumerated() {
                if let t = try? parse(bytes, "f") {
                    parsed += 1
                    // WebVTT keeps a cue that ends before it starts, as the W3C parser does.
                    #expect(t.cues.allSatisfy { ($0.start <= $0.end || k == 0) && $0.start.isFinite && $0.end.isFinite })
                    _ = t.cueIndex(at: 1.5)
                }
            }
        }
        #expect(parsed > 100)
    }

    /// An error about a whole file or folder names no line (it said "folder:0:").
    @Test func aWholeFileErrorNamesNoLine() {
        #expect(TranscriptError(file: "lesson", line: 0, "no audio file").description == "lesson: no audio file")
        #expect(TranscriptError(file: "a.vtt", line: 3, "bad cue").description == "a.vtt:3: bad cue")
    }
}
