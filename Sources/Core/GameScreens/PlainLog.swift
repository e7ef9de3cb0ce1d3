import Game
import Platform
/// The round as plain lines for a pipe or a log (stdout not a terminal): only what changed since the last call.
public struct PlainLog: Sendable {
    private var state: RoundMachine.State?
    private var countdown: Int?
    private var shown = 0
    private var answered = 0
    private var warned = false
    private var reported = false
    private var asked = false
    private var note: String?

    public init() {}

    public mutating func lines(for s: GameSession) -> [String] {
        guard let r = s.round else { return [] }
        var out: [String] = []
        if r.shown.count < shown { self = PlainLog() }  // a new round ("Luaj" again)
        if r.state != state {
            state = r.state
            switch r.state {
            case .buffer: out.append("[\(r.state.rawValue)] " + FrameRenderer.getReady(s.input))
            default: out.append("[\(r.state.rawValue)]")
            }
        }
        if r.state == .buffer, let c = s.countdown, c != countdown { countdown = c; out.append("\(c)…") }
        if r.state != .buffer { countdown = nil }
        for (card, outcome) in r.answers.dropFirst(answered) { out.append((outcome == .correct ? "✓ " : "→ ") + card) }
        answered = r.answers.count
        if r.warned && !warned { warned = true; out.append("10 sekonda!") }
        if let note = s.roundNote, note != self.note { self.note = note; out.append(note) }
        for card in r.shown.dropFirst(shown) { out.append("karta: " + card) }
        shown = r.shown.count
        if s.confirmingLeave && !asked { out.append(FrameRenderer.leaveQuestion) }
        asked = s.confirmingLeave
        if r.state == .finished && !reported { out += summary(s) }
        return out
    }

    /// The result line once (at the end of the round, or when the game stops mid-round).
    public mutating func summary(_ s: GameSession) -> [String] {
        guard let r = s.round?.result, !reported else { return [] }
        reported = true
        let who = s.lastPlayer.map { " (\($0))" } ?? ""
        return ["Rezultati\(who): \(r.score)  saktë \(r.correct)  kaluar \(r.passed)  saktësia \(Int(saturating: (r.accuracy * 100).rounded()))%  \(r.rank)"]
            + (s.screen == .result || s.screen == .share ? s.party.map(FrameRenderer.scoreboardLines) ?? [] : [])
    }
}
