import Foundation
import Testing
@testable import Lessons

/// The store stays readable and small however long it is used (issue 30).
@Suite struct StoreBoundsTests {
    typealias Dir = ProgressStoreTests.Dir
    static let utc = ProgressStoreTests.utc

    static func phrase(_ i: Int, wrong: Bool) -> Comparison {
        Comparison(reference: "Satz \(i): Wir fahren morgen nach München.",
                   typed: wrong ? "satz \(i) wir faren morgen" : "Satz \(i): Wir fahren morgen nach München.")
    }

    @Test func aSaveThatWouldNotReadBackIsRefusedAndTheFileKept() throws {
        let dir = Dir()
        defer { dir.remove() }
        let store = ProgressStore(directory: dir.path)
        try store.update { $0.points = 7 }
        let before = FileManager.default.contents(atPath: store.path)
        // 65 review phrases of 1 MiB each: over the 64 MiB the reader accepts.
        let big = String(repeating: "a", count: 1 << 20)
        #expect {
            try store.update { data in
                for i in 0..<65 { data.review.add(reference: big + "\(i)", lesson: "x", on: Day(number: 20_000)) }
            }
        } throws: { error in
            let text = "\(error)"
            return text.contains(store.path) && text.contains("64 MiB") && text.contains("nothing was saved") && text.contains("review")
        }
        #expect(FileManager.default.contents(atPath: store.path) == before)
        #expect(try store.read().points == 7)
    }

    @Test func oldRecordsAreFoldedIntoTheSummaryAndArchived() throws {
        let dir = Dir()
        defer { dir.remove() }
        let store = ProgressStore(directory: dir.path)
        let n = StoreRetention.dictations + 600
        var expectedPoints = 0, accuracySum = 0.0
        try store.update { data in
            for i in 0..<n {
                let c = Self.phrase(i, wrong: i % 3 == 0)
                accuracySum += c.accuracy
                expectedPoints += data.recordDictation(c, lesson: "l", cue: i, at: Date(timeIntervalSince1970: 1_800_000_000 + Double(i) * 60),
                                                       calendar: Self.utc)
            }
            for i in 0..<(StoreRetention.gameRounds + 10) {
                expectedPoints += data.recordGameRound(deck: "d", correct: 3, passed: 1, at: Date(timeIntervalSince1970: 1_800_000_000 + Double(i)), calendar: Self.utc)
            }
        }
        let data = try store.read()
        #expect(data.dictations.count == StoreRetention.dictations)
        #expect(data.dictations.first?.cue == 600)  // the newest kept
        #expect(data.dictationCount == n)
        #expect(abs(data.meanDictationAccuracy - accuracySum / Double(n)) < 1e-9)
        #expect(data.gameRounds.count == StoreRetention.gameRounds && data.summary.gameRounds == 10)
        #expect(data.points == expectedPoints)
        // The folded results are kept verbatim in the archive, one a line, oldest first.
        let archive = try String(contentsOfFile: store.archivePath, encoding: .utf8).split(separator: "\n")
        #expect(archive.count == 600)
        #expect(archive.first?.contains("\"cue\":0,") == true && archive.last?.contains("\"cue\":599,") == true)
        // The next update folds one more, so each update costs the same.
        try store.update { $0.recordDictation(Self.phrase(n, wrong: false), lesson: "l", cue: n, at: Date(timeIntervalSince1970: 1_900_000_000), calendar: Self.utc) }
        #expect(try store.read().dictations.count == StoreRetention.dictations)
        #expect(try String(contentsOfFile: store.archivePath, encoding: .utf8).split(separator: "\n").count == 601)
    }

    /// A store written before the summary existed (format 1) keeps every count, mean and point once folded.
    @Test func aLargeFormatOneStoreIsMigratedWithoutLoss() throws {
        let dir = Dir()
        defer { dir.remove() }
        let store = ProgressStore(directory: dir.path)
        let n = 3_000
        var records: [String] = []
        var sum = 0.0
        for i in 0..<n {
            let accuracy = Double(i % 11) / 10 > 1 ? 1 : Double(i % 11) / 10
            sum += accuracy
            records.append(#"{"accuracy":\#(accuracy),"at":\#(1_800_000_000 + i),"cue":\#(i),"day":"2027-01-15","lesson":"l","points":3,"reference":"r\#(i)","review":false,"typed":"t"}"#)
        }
        let old = #"{"version": 1, "points": 9000, "activity": {"2027-01-15": 3000}, "dictations": [\#(records.joined(separator: ","))], "lessonsCompleted": [{"lesson": "a", "points": 50, "at": 1800000000, "day": "2027-01-15"}]}"#
        #expect(FileManager.default.createFile(atPath: store.path, contents: Data(old.utf8)))
        let before = try store.read()
        #expect(before.dictationCount == n && before.version == 1)
        try store.update { $0.savePosition(lesson: "a", seconds: 1, at: Date(timeIntervalSince1970: 1_800_000_000)) }
        let after = try store.read()
        #expect(after.version == ProgressData.currentVersion)
        #expect(after.dictationCount == n && after.dictations.count == StoreRetention.dictations)
        #expect(abs(after.meanDictationAccuracy - sum / Double(n)) < 1e-9)
        #expect(after.points == 9000 && after.activity["2027-01-15"] == 3000 && after.lessonsDone == ["a"])
        #expect(after.summary.dictationPoints == 3 * (n - StoreRetention.dictations))
        let archived = try String(contentsOfFile: store.archivePath, encoding: .utf8).split(separator: "\n")
        #expect(archived.count == n - StoreRetention.dictations)
    }

    @Test func lessonsFoldedOutStayCompletedAndEarnRepeatPoints() {
        var data = ProgressData()
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        data.completeLesson("first", at: at, calendar: Self.utc)
        for _ in 0..<StoreRetention.lessonCompletions { data.completeLesson("other", at: at, calendar: Self.utc) }
        _ = data.foldOldRecords()
        #expect(!data.lessonsCompleted.contains { $0.lesson == "first" })
        #expect(data.lessonsDone.contains("first"))
        #expect(data.completeLesson("first", at: at, calendar: Self.utc) == Points.lesson(firstTime: false))
    }

    /// Long answers are bounded by size as well as by count.
    @Test func longAnswersAreKeptWithinTheTextBudget() {
        var data = ProgressData()
        let long = String(repeating: "Wort ", count: 4_000)  // 20 000 bytes a side
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        for i in 0..<300 {
            data.dictations.append(DictationResult(lesson: nil, cue: i, reference: long, typed: long, accuracy: 1, review: false,
                                                   points: 15, at: at, day: Day(at, calendar: Self.utc)))
        }
        let folded = data.foldOldRecords()
        #expect(data.dictations.count * 40_000 <= StoreRetention.dictationTextBytes)
        #expect(data.dictations.count + folded.count == 300 && data.dictationCount == 300)
    }

    @Test func staleTemporariesOfTheStoreAreSweptUnderTheLockOthersKept() throws {
        let dir = Dir()
        defer { dir.remove() }
        let store = ProgressStore(directory: dir.path)
        let stale = dir.path + "/.progress.json.tmp-AbC123"
        let other = dir.path + "/.history.json.tmp-AbC123"
        let mine = dir.path + "/.progress.json.tmp-notmine-long"
        let oldOther = dir.path + "/.settings.json.tmp-XyZ789"
        for p in [stale, other, mine, oldOther] { #expect(FileManager.default.createFile(atPath: p, contents: Data("x".utf8))) }
        // Written without the store's lock: swept only once it is an hour old.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: oldOther)
        try store.update { $0.points += 1 }
        #expect(!FileManager.default.fileExists(atPath: stale) && !FileManager.default.fileExists(atPath: oldOther))
        #expect(FileManager.default.fileExists(atPath: other) && FileManager.default.fileExists(atPath: mine))
    }
}
