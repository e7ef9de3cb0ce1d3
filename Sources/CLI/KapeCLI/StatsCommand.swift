import ArgumentParser
import Foundation
import Lessons
import Platform
import TextFormat

struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Points, streak, lessons done and a 7-week activity grid.")

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws {
        let data = try ProgressCLI.store().read()
        let today = ProgressCLI.today()
        FileHandleOutput.stdout(json ? Self.json(data, today: today) + "\n"
                                     : Self.text(data, today: today, style: .forStdout()))
    }

    static func json(_ data: ProgressData, today: Day) -> String {
        var line = JSONLine()
        line.add("points", data.points)
        line.add("streak", data.streak(today: today))
        line.add("lessons_done", data.lessonsDone.count)
        line.add("dictations", data.dictationCount)
        line.add("review_pool", data.review.items.count)
        line.add("review_due", data.review.due(on: today).count)
        let days = (0..<49).reversed().map { today - $0 }.map { day -> String in
            var d = JSONLine()
            d.add("day", day.description)
            d.add("count", data.activity[day.description] ?? 0)
            return d.text
        }
        line.addRaw("days", "[" + days.joined(separator: ", ") + "]")
        return line.text
    }

    static func text(_ data: ProgressData, today: Day, style: TextStyle) -> String {
        let streak = data.streak(today: today)
        var text = "points     \(data.points)\n"
        text += "streak     \(streak) day\(streak == 1 ? "" : "s")\n"
        text += "lessons    \(data.lessonsDone.count) done\n"
        let mean = data.meanDictationAccuracy
        text += "dictation  \(data.dictationCount) phrases, mean accuracy \(fixed(mean * 100, 1)) %\n"
        text += "review     \(data.review.items.count) in the pool, \(data.review.due(on: today).count) due today\n\n"
        return text + grid(data, today: today, style: style)
    }

    /// Seven columns of weeks (Monday first), the current week last; days after today stay blank.
    static func grid(_ data: ProgressData, today: Day, style: TextStyle) -> String {
        let start = today - today.weekday - 42
        let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        var text = ""
        for row in 0..<7 {
            text += names[row]
            for week in 0..<7 {
                let day = start + (week * 7 + row)
                text += " " + (day > today ? " " : cell(data.activity[day.description] ?? 0, style: style))
            }
            text += "\n"
        }
        return text + "    · none  ░ 1–2  ▒ 3–5  ▓ 6–9  █ 10+ activities a day\n"
    }

    static func cell(_ count: Int, style: TextStyle) -> String {
        switch count {
        case 0: return "·"
        case 1...2: return style.paint("░", "32")
        case 3...5: return style.paint("▒", "32")
        case 6...9: return style.paint("▓", "32")
        default: return style.paint("█", "32")
        }
    }
}
