import Lessons
import Platform
import TextFormat

extension Lesson {
    /// Prints what the transcript reader skipped, and cues the audio (`duration` seconds) never reaches, on stderr.
    func reportTranscriptWarnings(duration: Double?) {
        let pastEnd = duration.map { transcript.warningsPastEnd(duration: $0, file: transcriptPath) } ?? []
        for w in transcript.warnings + pastEnd { FileHandleOutput.stderr("kape: warning: \(printable(w.description))\n") }
    }
}
