import Lessons
import Testing

/// WebVTT voices (`<v Anna>`): the speaker is read, shown and kept by conversions.
@Suite struct VoiceTests {
    static let vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Anna>Guten Tag!</v>\n\n00:00:03.000 --> 00:00:04.000\n"
        + "<v.loud Herr M&uuml;ller>Hallo &amp; willkommen\n\n00:00:05.000 --> 00:00:06.000\nNiemand\n"

    @Test func voicesAreReadShownAndKept() throws {
        let t = try WebVTTParser.parse(Array(Self.vtt.utf8), file: "v.vtt")
        #expect(t.cues.map(\.voice) == ["Anna", "Herr M&uuml;ller", nil])
        #expect(t.cues.map(\.text) == ["Guten Tag!", "Hallo & willkommen", "Niemand"])
        #expect(t.cues[0].spoken == "Anna: Guten Tag!" && t.cues[2].spoken == "Niemand")
        // WebVTT and JSON keep the speaker; SubRip, which has no voices, shows it in front of the text.
        let vtt = try WebVTTParser.parse(Array(TranscriptWriter.write(t, as: .vtt).utf8), file: "w.vtt")
        #expect(vtt.cues.map(\.voice) == t.cues.map(\.voice) && vtt.cues.map(\.text) == t.cues.map(\.text))
        let json = try JSONCueParser.parse(Array(TranscriptWriter.write(t, as: .json).utf8), file: "w.json")
        #expect(json.cues.map(\.voice) == t.cues.map(\.voice) && json.cues.map(\.text) == t.cues.map(\.text))
        let srt = try SRTParser.parse(Array(TranscriptWriter.write(t, as: .srt).utf8), file: "w.srt")
        #expect(srt.cues.first?.text == "Anna: Guten Tag!")
        // A class-only tag, a <v> with no name, or another tag starting with v names no one.
        for text in ["<v>Hallo", "<v.loud>Hallo", "<var>Hallo"] {
            let c = try WebVTTParser.parse(Array("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n\(text)\n".utf8), file: "x.vtt")
            #expect(c.cues.first?.voice == nil, "\(text)")
        }
    }
}
