import Lessons
import Testing
@testable import KapeCLI

@Suite struct StatsGridTests {
    @Test func sevenWeeksMondayFirstCurrentWeekRight() {
        var data = ProgressData()
        data.activity = ["2026-11-19": 1, "2026-11-16": 4, "2026-10-05": 12, "2026-10-04": 5, "2026-11-18": 7]
        let today = Day(year: 2026, month: 11, day: 19)  // a Thursday
        let rows = Stats.grid(data, today: today, style: TextStyle(colour: false)).split(separator: "\n").map(String.init)
        #expect(rows[0] == "Mon █ · · · · · ▒")  // 2026-10-05 is the first Monday shown
        #expect(rows[2] == "Wed · · · · · · ▓")
        #expect(rows[3] == "Thu · · · · · · ░")
        #expect(rows[4] == "Fri · · · · · ·  ")  // tomorrow: blank
        // Four active days in range; 2026-10-04, the Sunday before the grid, is not shown.
        #expect(rows.prefix(7).joined().filter { "░▒▓█".contains($0) }.count == 4)
        #expect(rows.count == 8)
    }
}
