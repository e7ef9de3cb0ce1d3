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

    init() {
        live = TerminalMode.canDrawFullScreen
        color = live && RGB.enabled
        if live { TerminalMode.enter(screen: false) }
    }

    func close() { if live { TerminalMode.leave() } }

    /// Raw mode does not turn \n into \r\n; on a terminal the lines wrap at words to its width.
    func say(_ text: String) {
        guard live else { return FileHandleOutput.stdout(text) }
        let wrapped = TextCells.wrapStyled(text, TerminalMode.size().columns)
        FileHandleOutput.stdout(wrapped.replacingOccurrences(of: "\n", with: "\r\n"))
    }

    /// Plays the phrase (when there is audio) and asks until something is typed; Tab or an empty answer asks again
    /// (and replays). nil at the end of input.
    func ask(reference: String, options: CompareOptions, play: (() throws -> Void)?) throws -> String? {
        while true {
            try play?()
            let answer: String
            if live {
                switch LiveAnswerLine.read(reference: reference, options: options, color: color) {
                case .answer(let a): answer = a
                case .replay: continue
                case .end: return nil
                }
            } else {
                say("> ")
                guard let line = readLine(strippingNewline: true) else { return nil }
                answer = line
            }
            if !answer.trimmingCharacters(in: .whitespaces).isEmpty && answer != "\t" { return answer }
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
