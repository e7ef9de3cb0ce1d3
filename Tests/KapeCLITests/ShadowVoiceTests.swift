import LessonPlayback
import Lessons
import Testing

/// Shadowing names who speaks a line when the transcript does (`<v Anna>`): in plain lines, JSON and on the screen.
@Suite struct ShadowVoiceTests {
    static let cues = [Cue(start: 0, end: 1, text: "Guten Tag!", voice: "Anna"), Cue(start: 1, end: 2, text: "Hallo")]

    @Test func theSpeakerIsShown() {
        let plain = ShadowOutput(json: false, cues: Self.cues, duration: 2)
        #expect(plain.cue(0, heard: 0.1, speed: 1).contains("[1/2] Anna: Guten Tag!"))
        #expect(plain.cue(1, heard: 1.1, speed: 1).contains("[2/2] Hallo"))
        let json = ShadowOutput(json: true, cues: Self.cues, duration: 2)
        #expect(json.cue(0, heard: 0.1, speed: 1).contains(#""text": "Guten Tag!", "voice": "Anna""#))
        var view = ShadowView(title: "T", subtitle: "s", cues: Self.cues, duration: 2, loopTimes: 3, loopPause: 0)
        view.heard = 0.5
        #expect(view.render(columns: 80, rows: 20).contains("Anna: Guten Tag!"))
    }
}
