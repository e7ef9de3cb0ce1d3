import Foundation
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

        public init(deck: String, seed: UInt64, finished: String, result: RoundResult, shown: [String]? = nil) {
            self.shown = shown ?? result.answers.map(\.card)
            self.deck = deck; self.seed = seed; self.finished = finished
            score = result.score; correct = result.correct; passed = result.passed
            accuracy = result.accuracy; rank = result.rank; cards = result.answers
        }
    }

    public var rounds: [Entry] = []
    /// Enough for "not the previous round's cards" and a results screen; the file stays small.
    public static let keep = 200

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
            return try JSONDecoder().decode(RoundHistory.self, from: Data(bytes))
        } catch {
            throw DeckError("\(path): damaged round history (move it away to start afresh)")
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
