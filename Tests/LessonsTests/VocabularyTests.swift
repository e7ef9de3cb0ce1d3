import Foundation
import Testing
@testable import Lessons

/// The vocabulary (`words.json`): the same locked, atomic store as progress.json, and the review pool's levels.
@Suite struct VocabularyTests {
    typealias Dir = ProgressStoreTests.Dir
    static let day = Day("2026-11-18")!

    func word(_ w: String, _ head: String, sentence: String? = "Ich möchte sechs Brötchen.") -> SavedWord {
        SavedWord(word: w, headword: head, translation: "may; like", ipa: "mˈøːɡən", sentence: sentence, lesson: "beim-baecker",
                  at: Date(timeIntervalSince1970: 1_795_000_000), day: Self.day)
    }

    @Test func savedWordsRoundTripWithSentenceLessonAndTime() throws {
        let dir = Dir()
        defer { dir.remove() }
        let store = VocabularyStore(directory: dir.path)
        #expect(try store.read() == VocabularyData())
        #expect(try store.update { try $0.save(word("möchte", "mögen")) })
        // The same headword met again in another form is one word.
        #expect(try !store.update { try $0.save(word("mag", "mögen")) })
        let data = try store.read()
        #expect(data.words == [word("möchte", "mögen")])
        #expect(data.review.items.count == 1 && data.review.items[0].level == 1 && data.review.items[0].reference == "mögen")
        #expect(FileManager.default.fileExists(atPath: dir.path + "/words.json"))
        #expect(FileManager.default.fileExists(atPath: dir.path + "/words.lock"))
        #expect(try store.update { $0.remove("MÖCHTE") } == 1)
        #expect(try store.read().words.isEmpty && store.read().review.items.isEmpty)
    }

    @Test func wordsUseTheReviewLevels() throws {
        var data = VocabularyData()
        try data.save(word("möchte", "mögen"))
        let key = data.words[0].key
        var day = data.review.items[0].due
        for _ in 0..<ReviewPool.correctToAdvance {
            data.review.answer(key: key, perfect: true, on: day)
            day = data.review.items[0].due
        }
        #expect(data.review.items[0].level == 2)
        let queue = ReviewQueue.due(phrases: ReviewPool(), words: data, on: day)
        #expect(queue.count == 1 && queue[0].reference == "mögen")
        if case .word(_, let saved) = queue[0] { #expect(saved?.word == "möchte") } else { Issue.record("not a word item") }
    }

    @Test func phrasesAndWordsQueueOldestFirst() throws {
        var phrases = ReviewPool()
        phrases.add(reference: "Guten Morgen", lesson: "a", on: Day("2026-11-10")!)
        var words = VocabularyData()
        try words.save(word("möchte", "mögen"))
        let queue = ReviewQueue.due(phrases: phrases, words: words, on: Day("2026-12-30")!)
        #expect(queue.map(\.reference) == ["Guten Morgen", "mögen"])
        #expect(ReviewQueue.blanked("Ich möchte sechs Brötchen.", word: "möchte") == "Ich ___ sechs Brötchen.")
    }

    /// Anki's plain-text import: header lines, then front TAB back TAB sentence TAB tags; no field breaks a line.
    @Test func ankiTSV() throws {
        var data = VocabularyData()
        try data.save(word("möchte", "mögen"))
        try data.save(SavedWord(word: "Brötchen", headword: "Brötchen", translation: "bread roll", sentence: "Zwei\tBrötchen,\nbitte.",
                                lesson: "beim baecker", at: Date(timeIntervalSince1970: 0), day: Self.day))
        let lines = data.ankiTSV().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "#separator:tab" && lines[1] == "#html:false" && lines[2] == "#tags column:4")
        #expect(lines[3] == "mögen (möchte)\tmay; like /mˈøːɡən/\tIch möchte sechs Brötchen.\tkape beim-baecker")
        #expect(lines[4] == "Brötchen\tbread roll\tZwei Brötchen, bitte.\tkape beim_baecker")
        #expect(lines.count == 6 && lines[5].isEmpty)
    }

    @Test func aDamagedVocabularyIsKeptAside() throws {
        let dir = Dir()
        defer { dir.remove() }
        let reports = ProgressStoreTests.Reports()
        let store = VocabularyStore(directory: dir.path, onDamaged: { reports.add($0) })
        let garbage = Data("{\"words\": [{\"word\": 1".utf8)
        #expect(FileManager.default.createFile(atPath: store.path, contents: garbage))
        #expect(try store.update { try $0.save(word("möchte", "mögen")) })
        #expect(reports.all.count == 1 && reports.all[0].contains("words.json"))
        let aside = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("words.json.damaged-") }
        #expect(aside.count == 1)
        #expect(FileManager.default.contents(atPath: dir.path + "/" + aside[0]) == garbage)
        // A newer format is refused, untouched.
        let newer = Data("{\"version\": 9, \"words\": []}".utf8)
        #expect(FileManager.default.createFile(atPath: store.path, contents: newer))
        #expect(throws: ProgressError.self) { try store.read() }
        #expect(FileManager.default.contents(atPath: store.path) == newer)
    }
}
