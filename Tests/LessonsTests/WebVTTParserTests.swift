import Testing
@testable import Lessons

/// WebVTT as the W3C parser algorithm reads it: one bad cue is dropped with a warning at its line, never the file.
@Suite struct WebVTTParserTests {
    func vtt(_ s: String) throws -> Transcript { try WebVTTParser.parse(Array(s.utf8), file: "t.vtt") }

    @Test func oneBadCueIsSkippedWithAWarningAndTheRestKept() throws {
        let t = try vtt("""
            WEBVTT

            00:00.000 --> 00:01.000
            first

            00:00:60.000 --> 00:01:02.000
            sixty seconds

            00:01.000 --> 00:02.000 align:\u{0}start
            null in the settings

            00:03.000-->00:04.000
            no spaces

            00:05.000 --> 00:04.000
            backwards

            60:00:00.000 --> 60:00:01.000
            sixty hours

            99999999999999999999:00:00.000 --> 99999999999999999999:00:01.000
            absurd

            00:00:07.000 --> 00:00:08.0000
            four digits

            00:09.000 --> 00:10.000
            last
            """)
        // A cue that ends before it starts is kept, as the W3C parser keeps it (never shown).
        #expect(t.cues.map(\.text) == ["first", "null in the settings", "no spaces", "backwards", "last", "sixty hours"])
        #expect(t.cues[3].start == 5 && t.cues[3].end == 4)
        #expect(t.cueIndex(at: 4.5) == nil)
        #expect(t.cues[5].start == 216_000 && t.cues[5].end == 216_001)
        #expect(t.lines == [3, 9, 12, 15, 27, 18])
        #expect(t.warnings.map(\.description) == [
            "t.vtt:6: cue skipped: bad start time in '00:00:60.000 --> 00:01:02.000': seconds above 59",
            "t.vtt:12: no space around '-->': read as browsers read it, but not valid WebVTT",
            "t.vtt:15: this cue ends before it starts (00:05.000 --> 00:04.000): kept, but never shown",
            "t.vtt:21: cue skipped: bad start time in '99999999999999999999:00:00.000 --> 99999999999999999999:0…': beyond 1000 hours",
            "t.vtt:24: cue skipped: bad end time in '00:00:07.000 --> 00:00:08.0000': milliseconds have three digits",
            "t.vtt:27: this cue starts before the one above it: cues are sorted by start time",
        ])
        #expect(t.cues.allSatisfy { $0.end <= Transcript.maxSeconds })
    }

    /// Cues that start together keep their file order (they were sorted by their end time).
    @Test func cuesSharingAStartKeepFileOrder() throws {
        let t = try vtt("WEBVTT\n\n00:00:01.000 --> 00:00:05.000\nlong first\n\n00:00:01.000 --> 00:00:02.000\nshort second\n\n00:00:00.500 --> 00:00:00.900\nearlier\n")
        #expect(t.cues.map(\.text) == ["earlier", "long first", "short second"])
        #expect(t.lines == [9, 3, 6])
        // Of two cues running, the one later in the file is heard (it started last in file order).
        #expect(t.cueIndex(at: 1.5) == 2)
    }

    /// The spec's block rules: an arrow line inside a cue starts the next cue, a failed timing line takes its block
    /// with it, the line above a timing line is the id, and only an empty line ends a cue (not one of spaces).
    @Test func blocksAreCollectedAsTheSpecCollectsThem() throws {
        let t = try vtt("WEBVTT\n\n-->\n00:00:00.000 --> 00:00:01.000\none\nfoo-->\n00:00:01.000 --> 00:00:02.000\ntwo\n"
                        + "00:00:02.000 --> 00:00:03.000\nthree\n   \nstill three\n\n00:00:00.000 -a -->\n\nid four\n00:00:04.000 --> 00:00:05.000\nfour\n")
        #expect(t.cues.map(\.text) == ["one", "two", "three\n   \nstill three", "four"])
        #expect(t.cues.map(\.id) == [nil, nil, nil, "id four"])
        #expect(t.warnings.map(\.line) == [3, 6, 14])
        #expect(t.warnings.allSatisfy { $0.message.hasPrefix("cue skipped:") })
    }

    @Test func headerNotesStylesAndRegionsAreNotCues() throws {
        let t = try vtt("""
            WEBVTT - Kape
            Kind: captions
            Language: de

            REGION
            id:fred width:40%

            STYLE
            ::cue { color: yellow }

            NOTE this is a comment
            that goes on

            NOTE
            00:00:09.000 --> 00:00:10.000
            a cue whose id is NOTE, as the parser reads it

            1
            00:00:01.000 --> 00:00:02.000
            Hallo

            STYLE
            ::cue { color: red }
            """)
        #expect(t.cues.map(\.id) == ["1", "NOTE"])
        // A STYLE block after a cue is not a style sheet any more: it is ignored, and said so.
        #expect(t.warnings.map(\.description) == ["t.vtt:22: block ignored: not a cue (no 'start --> end' line), NOTE, STYLE or REGION",
                                                  "t.vtt:19: this cue starts before the one above it: cues are sorted by start time"])
    }

    @Test func aCueRightAfterTheSignatureEndsTheHeader() throws {
        let t = try vtt("WEBVTT\n00:00:01.000 --> 00:00:02.000\nHi\n")
        #expect(t.cues == [Cue(start: 1, end: 2, text: "Hi")])
        #expect(t.lines == [2])
    }

    @Test func nullsBecomeReplacementCharactersAndLineBreaksAreCRLFOrCROrLF() throws {
        let t = try vtt("WEBVTT \0header\r\r\0 id\r\n00:01.000 --> 00:02.000\r\0text\0\r\n\r00:03.000 --> 00:04.000\rB")
        #expect(t.cues == [Cue(id: "\u{FFFD} id", start: 1, end: 2, text: "\u{FFFD}text\u{FFFD}"), Cue(start: 3, end: 4, text: "B")])
        #expect(t.lines == [4, 7])
        // A NUL right after WEBVTT is not a space, tab or line break: not a signature.
        #expect(throws: TranscriptError.self) { try vtt("WEBVTT\0\n") }
    }

    @Test func timestampForms() throws {
        func start(_ s: String) -> Double? { try? vtt("WEBVTT\n\n\(s) --> 1000:00:00.000\nx\n").cues.first?.start }
        #expect(start("00:00.001") == 0.001)
        #expect(start("59:59.999") == 3599.999)
        #expect(start("1:00:00.000") == 3600)
        #expect(start("60:00:00.000") == 216_000)          // a first field above 59 is hours
        #expect(start("123:00:00.000") == 442_800)
        #expect(start("60:00.000") == nil)                 // hours without seconds
        #expect(start("0:00.000") == nil)                  // one-digit minutes
        #expect(start("00:0.000") == nil)
        #expect(start("00:00.00") == nil)
        #expect(start("00:00,000") == nil)                 // SRT's comma is not WebVTT
        #expect(start("00:60.000") == nil)
        #expect(start("1000:00:00.000") == 3_600_000)     // the limit itself
        #expect(start("1000:00:00.001") == nil)
        #expect(start("  \t00:01.000") == 1)               // leading white space is skipped
    }
}
