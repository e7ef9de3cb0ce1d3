import Testing
@testable import Lessons

/// Writing cues as WebVTT, SubRip and JSON: each reads back to the same cues; the end of the audio is checked.
@Suite struct TranscriptWriterTests {
    let tricky = Transcript(cues: [
        Cue(id: "intro", start: 0.5, end: 1.25, text: "Guten Morgen"),
        Cue(id: "a --> b", start: 2, end: 3.0005, text: "a < b & c --> d\n{\\an8}oben\n\nnach der Leerzeile"),
        Cue(id: nil, start: 3661.001, end: 3662, text: "Tom & Jerry"),
        Cue(id: "leer", start: 4000, end: 4000, text: ""),
    ])

    @Test func webVTTAndSubRipReadBackTheSameCues() throws {
        for format in [TranscriptFormat.vtt, .srt] {
            let written = TranscriptWriter.write(tricky, as: format)
            let back = try Transcript.parse(Array(written.utf8), format: format, file: "back")
            #expect(back.warnings.isEmpty, "\(format): \(back.warnings)")
            #expect(back.cues.count == tricky.cues.count, "\(format)")
            for (a, b) in zip(tricky.cues, back.cues) {
                #expect(abs(a.start - b.start) < 0.0006 && abs(a.end - b.end) < 0.0006, "\(format)")
                #expect(b.text == TranscriptWriter.normalisedText(a.text), "\(format)")
            }
            if format == .vtt { #expect(back.cues.map(\.id) == ["intro", nil, nil, "leer"]) }
        }
    }

    @Test func formats() {
        #expect(TranscriptWriter.timestamp(3661.0015, .vtt) == "01:01:01.002")
        #expect(TranscriptWriter.timestamp(216_000, .srt) == "60:00:00,000")
        #expect(TranscriptWriter.timestamp(.infinity, .vtt).hasSuffix(".807"))   // saturates, never traps
        #expect(TranscriptWriter.write(Transcript(cues: [Cue(id: "x", start: 1, end: 2.5, text: "Hallo \"du\"\n\u{1B}]0;t\u{07}")]), as: .json)
                == #"{"cues": [{"id": "x", "start": 1.000, "end": 2.500, "text": "Hallo \"du\"\n\u001b]0;t\u0007"}]}"# + "\n")
        #expect(TranscriptWriter.write(Transcript(cues: [Cue(start: 1, end: 2, text: "Tom & Jerry")]), as: .srt)
                == "1\n00:00:01,000 --> 00:00:02,000\nTom & Jerry\n")
        #expect(TranscriptWriter.write(Transcript(cues: [Cue(start: 1, end: 2, text: "Tom & Jerry")]), as: .vtt)
                == "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nTom &amp; Jerry\n")
    }

    @Test func cuesPastTheEndOfTheAudioAreWarnedAtTheirLine() throws {
        let t = try WebVTTParser.parse(Array("WEBVTT\n\n00:01.000 --> 00:02.000\na\n\n00:09.000 --> 00:11.000\nb\n\n00:12.000 --> 00:13.000\nc\n".utf8), file: "t.vtt")
        #expect(t.warningsPastEnd(duration: 10, file: "t.vtt").map(\.description) == [
            "t.vtt:6: cue 2 ends past the end of the audio (00:00:09.000 --> 00:00:11.000, the audio lasts 00:00:10.000)",
            "t.vtt:9: cue 3 starts past the end of the audio (00:00:12.000 --> 00:00:13.000, the audio lasts 00:00:10.000)",
        ])
        #expect(t.warningsPastEnd(duration: 13, file: "t.vtt").isEmpty)
    }
}
