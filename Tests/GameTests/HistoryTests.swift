import Foundation
import Game
import Testing

@Suite struct HistoryTests {
    @Test func shuffleIsSeededAndAPermutation() {
        let cards = (1...30).map { "c\($0)" }
        let a = CardOrder.make(cards: cards, previous: [], seed: 42)
        #expect(a == CardOrder.make(cards: cards, previous: [], seed: 42))
        #expect(a != CardOrder.make(cards: cards, previous: [], seed: 43))
        #expect(a.sorted() == cards.sorted())
        #expect(a != cards)
    }

    @Test func previousRoundsCardsComeLast() {
        let cards = (1...30).map { "c\($0)" }
        let previous: Set = ["c1", "c2", "c3", "c4", "c5"]
        let order = CardOrder.make(cards: cards, previous: previous, seed: 1)
        #expect(Set(order.prefix(25)).isDisjoint(with: previous))
        #expect(Set(order.suffix(5)) == previous)
    }

    @Test func historySurvivesASaveAndRemembersTheLastRoundPerDeck() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kape-hist-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("kape/history.json").path
        var h = try RoundHistory.load(path: path)
        #expect(h.rounds.isEmpty)
        func result(_ cards: [String]) -> RoundResult {
            RoundResult(answers: cards.map { .init(card: $0, outcome: .correct) })
        }
        h.append(.init(deck: "a", seed: 1, finished: "x", result: result(["old"])))
        h.append(.init(deck: "b", seed: 2, finished: "x", result: result(["other"])))
        h.append(.init(deck: "a", seed: 3, finished: "x", result: result(["new1", "new2"])))
        try h.save(path: path)
        let back = try RoundHistory.load(path: path)
        #expect(back == h)
        #expect(back.previousCards(deck: "a") == ["new1", "new2"])
        #expect(back.previousCards(deck: "c").isEmpty)
    }

    @Test func damagedHistoryIsAnErrorNotAnOverwrite() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kape-hist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("history.json").path
        try "{not json".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: DeckError.self) { try RoundHistory.load(path: path) }
    }

    /// A number out of range is named with its field and range (it was "damaged" before, whatever the value).
    @Test func outOfRangeNumbersInTheHistoryAreNamed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kape-hist-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("history.json").path
        var h = RoundHistory()
        h.append(.init(deck: "a", seed: 1, finished: "x", result: RoundResult(answers: [.init(card: "c", outcome: .correct)])))
        try h.save(path: path)
        let good = try String(contentsOfFile: path, encoding: .utf8)
        for (from, to, says) in [("\"score\":1", "\"score\":1e30", "rounds[0].score is 1e+30: out of range"),
                                 ("\"accuracy\":1", "\"accuracy\":-2", "rounds[0].accuracy is -2: out of range")] {
            #expect(good.contains(from), "\(good)")
            let bad = good.replacingOccurrences(of: from, with: to)
            try bad.write(toFile: path, atomically: true, encoding: .utf8)
            do {
                _ = try RoundHistory.load(path: path)
                Issue.record("\(to) accepted")
            } catch let e as DeckError {
                #expect(e.description.contains(path) && e.description.contains(says), "\(e.description)")
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == bad)
        }
    }
}
