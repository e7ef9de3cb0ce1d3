import Foundation
import TextFormat
import Platform

/// Finished rounds, newest last, in `$XDG_DATA_HOME/kape/history.json` (else `~/.local/share/kape`).
public struct RoundHistory: Sendable, Codable, Equatable {
    public struct Entry: Sendable, Codable, Equatable {
        public var deck: String
        public var seed: UInt64
        public var finished: String
        public var score: Int
        public var correct: Int
        public var passed: Int
        public var accuracy: Double
        public var rank: String
        public var cards: [RoundResult.Answer]
        /// Every card shown, including one still on screen at the end: none of them comes back next round.
        public var shown: [String]
        /// Whose turn it was in party mode (absent otherwise, and in files from before it).
        public var player: String?

        enum CodingKeys: String, CodingKey { case deck, seed, finished, score, correct, passed, accuracy, rank, cards, shown, player }

        /// Counts within what a round can hold and an accuracy of 0–1 (`OutOfRange` names the field otherwise).
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            deck = try c.decode(String.self, forKey: .deck)
            seed = try c.decode(UInt64.self, forKey: .seed)
            finished = try c.decode(String.self, forKey: .finished)
            score = try c.integer(.score, in: RoundHistory.countRange)
            correct = try c.integer(.correct, in: RoundHistory.countRange)
            passed = try c.integer(.passed, in: RoundHistory.countRange)
            accuracy = try c.real(.accuracy, in: 0...1)
            rank = try c.decode(String.self, forKey: .rank)
            cards = try c.decode([RoundResult.Answer].self, forKey: .cards)
            shown = try c.decode([String].self, forKey: .shown)
            player = try c.decodeIfPresent(String.self, forKey: .player)
        }

        public init(deck: String, seed: UInt64, finished: String, result: RoundResult, shown: [String]? = nil, player: String? = nil) {
            self.player = player
            self.shown = shown ?? result.answers.map(\.card)
            self.deck = deck; self.seed = seed; self.finished = finished
            score = result.score; correct = result.correct; passed = result.passed
            accuracy = result.accuracy; rank = result.rank; cards = result.answers
        }
    }

    public var rounds: [Entry] = []
    /// Enough for "not the previous round's cards" and a results screen; the file stays small.
    public static let keep = 200
    /// Cards answered in one round: far beyond a real round.
    public static let countRange = 0...1_000_000

    public init() {}

    /// Cards shown in the last round of this deck.
    public func previousCards(deck: String) -> Set<String> {
        Set(rounds.last { $0.deck == deck }?.shown ?? [])
    }

    public mutating func append(_ entry: Entry) {
        rounds.append(entry)
        if rounds.count > Self.keep { rounds.removeFirst(rounds.count - Self.keep) }
    }

    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/kape/history.json" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/kape/history.json"
    }

    /// A missing file is an empty history; a damaged one is an error naming it (never silently overwritten).
    public static func load(path: String) throws -> RoundHistory {
        let bytes: [UInt8]
        do throws(FileError) {
            guard let b = try InputFile.readIfPresent(path, as: .history) else { return RoundHistory() }
            bytes = b
        } catch {
            throw DeckError(error.description)
        }
        do {
            return try JSONFile.decode(RoundHistory.self, from: Data(bytes), file: path)
        } catch let e as OutOfRange {
            throw DeckError("\(path): \(e.description); correct that value or move the file away (nothing was changed)")
        } catch {
            throw DeckError("\(error) — a damaged round history: correct it or move it away to start afresh (nothing was changed)")
        }
    }

    /// Temporary file and rename: a crash mid-write leaves the old history, never half a file.
    public func save(path: String) throws {
        let url = URL(fileURLWithPath: path)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try OutputFile.write(Array(try encoder.encode(self)), to: path)
        } catch let error as FileError {
            throw DeckError("\(path): cannot write round history: \(error.message)")
        } catch {
            throw DeckError("\(path): cannot write round history: \(error.localizedDescription)")
        }
    }
}
