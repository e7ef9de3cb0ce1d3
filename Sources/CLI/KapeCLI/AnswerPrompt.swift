import Foundation
import Lessons
import Platform
import TerminalUI
import Terminal
import TextFormat

/// Asks for typed answers, for `kape dictate` and `kape review`: key by key with live marking on a terminal
/// (raw mode, given back by `close()` or any signal), line by line when piped.
final class AnswerPrompt {
    let live: Bool
    private let color: Bool
    private let marking: Bool

    /// What the learner did with a phrase.
    enum Reply: Equatable { case answer(String), skip }

    /// `liveMarking`: ✓/✗ while typing (the setting `kape settings --live-marking`).
    init(liveMarking: Bool = true) {
        live = TerminalMode.canDrawFullScreen
        color = live && RGB.enabled
        marking = liveMarking
        if live { TerminalMode.enter(screen: false) }
    }

    func close() { if live { TerminalMode.leave() } }

    /// Raw mode does not turn \n into \r\n; on a terminal the lines wrap at words to its width.
    func say(_ text: String) {
        guard live else { return FileHandleOutput.stdout(text) }
        let wrapped = TextCells.wrapStyled(text, TerminalMode.size().columns)
        FileHandleOutput.stdout(wrapped.replacingOccurrences(of: "\n", with: "\r\n"))
    }

    /// The keys, as the counter line says them.
    var keyHelp: String {
        live ? "Tab replays, Shift-Tab slower, Ctrl-N skips and shows it" : "empty line replays, < slower, ? skips"
    }

    /// The slower speeds Shift-Tab (or `<` on a line) replays at, in turn.
    static let slowSpeeds = [0.75, 0.5]

    /// Plays the phrase (when there is audio) at `speed` and asks until something is typed; Tab or an empty answer
    /// replays, Shift-Tab replays slower (0.75×, then 0.5×), Ctrl-N skips (on a line: `?`). nil at the end of input.
    func ask(reference: String, options: CompareOptions, play: ((Double) throws -> Void)?) throws -> Reply? {
        var speed = 1.0
        var slow = 0
        while true {
            try play?(speed)
            let answer: String
            if live {
                switch LiveAnswerLine.read(reference: reference, options: options, color: color, marking: marking) {
                case .answer(let a): answer = a
                case .replay: speed = 1; continue
                case .replaySlow:
                    speed = Self.slowSpeeds[slow % Self.slowSpeeds.count]
                    slow += 1
                    continue
                case .skip: return .skip
                case .end: return nil
                }
            } else {
                say("> ")
                guard let line = readLine(strippingNewline: true) else { return nil }
                answer = line
            }
            switch answer.trimmingCharacters(in: .whitespaces) {
            case "?": return .skip
            case "<":
                speed = Self.slowSpeeds[slow % Self.slowSpeeds.count]
                slow += 1
                continue
            case "", "\t": speed = 1; continue
            default: return .answer(answer)
            }
        }
    }
}

extension ComparisonOutput {
    /// The last line of a dictation or review: `{"event": "result", "accuracy": …, "points": …}`.
    static func resultJSON(accuracy: Double, points: Int) -> String {
        var line = JSONLine()
        line.add("event", "result")
        line.add("accuracy", accuracy, decimals: 4)
        line.add("points", points)
        return line.text
    }
}
