import Game
import GameScreens
import GameWindow
import Platform
import WindowLayout

/// `kape play --headless --frames DIR`: a headless round's events replayed into a `GameSession` and drawn by the
/// window's own renderer offscreen, a PNG each time the screen changes (`NNNN-SCREEN.png`).
public enum RoundFrames {
    /// What makes a new frame: another screen, or another thing on it (countdown digit, card).
    struct Shown: Equatable {
        var name: SceneName
        var content: String
    }

    /// Writes the frames; returns their paths in order.
    public static func write(events: [RoundMachine.Timed], deck: Deck, cards: [String], input: String, roundSeconds: Int,
                             width: Int, height: Int, directory: String, fontPath: String) throws -> [String] {
        try makeFolders(directory)
        let frame = try OffscreenFrame(width: width, height: height, fontPath: fontPath)
        var session = GameSession(decks: [deck], locked: [false], settings: GameSettings(sound: false, rumble: false, roundSeconds: roundSeconds),
                                  input: .motion(input)) { _ in cards }
        // The same inputs the round had, at the same times; flashes end on their own clock.
        var times: [(t: Double, event: RoundMachine.Event?)] = events.map { ($0.t, $0.event) }
        for e in events { if case .answer = e.event { times.append((e.t + GameSession.flashSeconds, nil)) } }
        times.sort { $0.t < $1.t }
        guard let start = times.first?.t, session.startRound(deckID: deck.id, at: start) != nil else { return [] }

        var paths: [String] = []
        var last: Shown?
        var i = 0
        while i < times.count {
            let t = times[i].t
            // Everything at one instant first, then one frame for it.
            while i < times.count && times[i].t == t {
                switch times[i].event {
                case .answer(let outcome, _)?: _ = session.gesture(outcome == .correct ? .correct : .pass, at: t)
                case .state(.paused)?: _ = session.interrupt(.traceEnded, at: t)
                default: _ = session.tick(at: t)
                }
                i += 1
            }
            let shown = Shown(name: WindowLayout.name(session), content: content(session))
            guard shown != last else { continue }
            last = shown
            frame.draw(WindowLayout.scene(session, width: width, height: height, measure: frame.painter))
            let path = directory + "/" + number(paths.count + 1) + "-" + shown.name.rawValue + ".png"
            try OutputFile.write(frame.png(), to: path)
            paths.append(path)
        }
        return paths
    }

    static func content(_ s: GameSession) -> String {
        switch WindowLayout.name(s) {
        case .countdown: return String(s.countdown ?? 3)
        case .card, .warning: return s.round?.current ?? ""
        default: return ""
        }
    }

    static func number(_ n: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}
