import Testing
@testable import Lessons

/// Big hostile transcripts are read in linear time (these hung for minutes when each tag or cue rescanned the file).
@Suite(.timeLimit(.minutes(1))) struct TranscriptSizeTests {
    @Test func aCueOfUnclosedTagsAndOverrides() throws {
        let text = String(repeating: "<", count: 200_000) + String(repeating: "{\\", count: 100_000)
        let vtt = try WebVTTParser.parse(Array("WEBVTT\n\n00:01.000 --> 00:02.000\n\(text)\n".utf8), file: "t.vtt")
        #expect(vtt.cues.first?.text.count == 400_000)
        let srt = try SRTParser.parse(Array("1\n00:00:01,000 --> 00:00:02,000\n\(text)\n".utf8), file: "t.srt")
        #expect(srt.cues.first?.text.count == 400_000)
    }

    @Test func aHundredThousandJSONCuesWithTheBadOneNamedAtItsLine() throws {
        var json = "{\"note\": [{\"x\": 1}], \"cues\": [\n"
        for i in 0..<100_000 { json += "{\"start\": \(i), \"end\": \(i + 1), \"text\": \"c\(i)\"},\n" }
        json += "7,\n{\"start\": 5, \"text\": \"no end\"}\n]}"
        let t = try JSONCueParser.parse(Array(json.utf8), file: "c.json")
        #expect(t.cues.count == 100_000)
        #expect(t.warnings.map(\.description) == ["c.json:100002: cue 100001 skipped: not an object",
                                                 "c.json:100003: cue 100002 skipped: missing or bad \"end\" (seconds)"])
    }

    /// One warning per line of a hostile file would take far more memory than the file: a hundred are kept.
    @Test func warningsAreCappedAndTheRestCounted() throws {
        let t = try WebVTTParser.parse(Array(("WEBVTT\n\n" + String(repeating: "-->\n\n", count: 100_000)).utf8), file: "t.vtt")
        #expect(t.cues.isEmpty && t.warnings.count == 101)
        #expect(t.warnings.last?.description == "t.vtt:200001: and 99900 more warnings, up to this line")
    }
}
