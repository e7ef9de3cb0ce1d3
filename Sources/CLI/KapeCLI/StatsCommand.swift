import ArgumentParser
import Foundation
import Game
import Lessons
import Platform
import TextFormat

struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Points (game and study apart), streak, lessons done and dictated, the last rounds played and a 7-week activity grid.")

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws {
        let data = try ProgressCLI.store().read()
        let today = ProgressCLI.today()
        // The game's own record of its rounds: a damaged file is said, and the rest still shows.
        var rounds: [RoundHistory.Entry] = []
        do { rounds = try RoundHistory.load(path: RoundHistory.defaultPath()).rounds } catch {
            Console.err("kape: warning: \(error)\n")
        }
        let recent = Array(rounds.suffix(Self.recentRounds))
        FileHandleOutput.stdout(json ? Self.json(data, today: today, recent: recent) + "\n"
                                     : Self.text(data, today: today, style: .forStdout(), recent: recent))
    }

    static let recentRounds = 10

    /// Points earned by the game's rounds; the rest were earned studying (dictation, review, lessons).
    static func gamePoints(_ data: ProgressData) -> Int { data.gameRounds.reduce(0) { $0 + $1.points } }

    /// Lessons with at least one dictated phrase (review answers aside).
    static func lessonsDictated(_ data: ProgressData) -> Int {
        Set(data.dictations.filter { !$0.review }.compactMap(\.lesson)).count
    }

    static func json(_ data: ProgressData, today: Day, recent: [RoundHistory.Entry] = []) -> String {
        var line = JSONLine()
        line.add("points", data.points)
        line.add("game_points", gamePoints(data))
        line.add("study_points", data.points - gamePoints(data))
        line.add("lessons_dictated", lessonsDictated(data))
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
        let rounds = recent.reversed().map { e -> String in
            var r = JSONLine()
            r.add("finished", e.finished); r.add("deck", e.deck)
            r.addRaw("player", e.player.map(quoted) ?? "null")
            r.add("score", e.score); r.add("correct", e.correct); r.add("passed", e.passed)
            return r.text
        }
        line.addRaw("recent_rounds", "[" + rounds.joined(separator: ", ") + "]")
        return line.text
    }

    static func text(_ data: ProgressData, today: Day, style: TextStyle, recent: [RoundHistory.Entry] = []) -> String {
        let streak = data.streak(today: today)
        let game = gamePoints(data)
        var text = "points     \(data.points): game \(game), study \(data.points - game)\n"
        text += "streak     \(streak) day\(streak == 1 ? "" : "s")\n"
        text += "lessons    \(data.lessonsDone.count) done, \(lessonsDictated(data)) dictated\n"
        let mean = data.meanDictationAccuracy
        text += "dictation  \(data.dictationCount) phrases, mean accuracy \(fixed(mean * 100, 1)) %\n"
        text += "review     \(data.review.items.count) in the pool, \(data.review.due(on: today).count) due today\n\n"
        text += grid(data, today: today, style: style)
        guard !recent.isEmpty else { return text }
        text += "\nlast rounds (newest first)\n"
        for e in recent.reversed() {
            let when = String(e.finished.prefix(16)).replacingOccurrences(of: "T", with: " ")
            text += "  \(when)  \(e.deck)\(e.player.map { "  " + $0 } ?? "")  \(e.score) points (✓\(e.correct) →\(e.passed))\n"
        }
        return text
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
