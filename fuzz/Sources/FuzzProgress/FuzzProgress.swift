import Foundation
import Lessons

/// Any bytes as `progress.json`, decoded as `ProgressStore` decodes it. What loads must survive what the commands
/// then do with it: streaks, the review pool, recording a dictation, a review, a lesson and a game round, and
/// folding old records into the summary, and being written and read back (a store that cannot be read back would be called damaged next time).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProgress(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    guard var store = try? decoder.decode(ProgressData.self, from: bytes) else { return 0 }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    let today = Day(now, calendar: calendar)
    _ = store.streak(today: today)
    _ = store.lessonsDone
    let due = store.review.due(on: today)
    let comparison = Comparison(reference: "Guten Morgen", typed: "guten morgn")
    store.recordDictation(comparison, lesson: "fuzz", cue: 1, at: now, calendar: calendar)
    if let item = due.first { store.recordReview(comparison, key: item.key, at: now, calendar: calendar) }
    store.completeLesson("fuzz", at: now, calendar: calendar)
    store.recordGameRound(deck: "fuzz", correct: 3, passed: 1, at: now, calendar: calendar)
    store.savePosition(lesson: "fuzz", seconds: 12.5, at: now)
    _ = store.foldOldRecords()
    _ = store.meanDictationAccuracy
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .secondsSince1970
    do {
        let written = try encoder.encode(store)
        _ = try decoder.decode(ProgressData.self, from: written)
    } catch {
        preconditionFailure("a store that loaded cannot be written and read back: \(error)")
    }
    return 0
}
