/// Follows a lesson time and reports when the cue being heard changes (including to none, between lines).
public struct TranscriptCursor: Sendable {
    public let transcript: Transcript
    public private(set) var current: Int?
    private var started = false

    public init(transcript: Transcript) { self.transcript = transcript }

    /// The new cue index when it differs from the last one reported (`.some(nil)`: no line is being heard).
    public mutating func update(lessonTime t: Double) -> Int?? {
        let now = transcript.cueIndex(at: t)
        if started && now == current { return nil }
        started = true
        current = now
        return .some(now)
    }
}
