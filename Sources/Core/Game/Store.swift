import Foundation
import Platform
import TextFormat

/// Where VIP decks get unlocked: a real store plugs in behind this; `LocalStore` reads a local entitlement file.
public protocol Store: Sendable {
    func isUnlocked(_ deckID: String) -> Bool
}

/// Entitlements in `$XDG_DATA_HOME/kape/entitlements.json`: `{"codes": ["dasma.…"]}`, the unlock codes typed on
/// the VIP screen, each verified (`UnlockCode`) every time the file is read, and `"unlocked": ["id", …]` as
/// before; no file, nothing unlocked.
public struct LocalStore: Store {
    public let unlocked: Set<String>
    /// Why a file that exists unlocked nothing (unreadable, not JSON, the wrong shape), for a warning: VIP decks
    /// stay locked, and the player must be told why. Nil when it read well or there is none.
    public let problem: String?
    /// The file's codes, as stored (also those that do not verify: kept, never dropped by a save).
    public let codes: [String]
    private let listed: [String]

    private struct File: Codable {
        var unlocked: [String]?
        var codes: [String]?
    }

    public init(path: String) {
        do {
            guard let bytes = try InputFile.readIfPresent(path, as: .settings) else {
                (unlocked, problem, codes, listed) = ([], nil, [], [])
                return
            }
            let file = try JSONFile.decode(File.self, from: Data(bytes), file: path)
            guard file.unlocked != nil || file.codes != nil else { throw UnlockError.entitlements("\(path): neither \"unlocked\" nor \"codes\"") }
            listed = file.unlocked ?? []
            codes = file.codes ?? []
            unlocked = Set(listed + codes.compactMap { UnlockCode.deck(openedBy: $0) })
            problem = nil
        } catch {
            (unlocked, codes, listed) = ([], [], [])
            problem = "\(error) (expected {\"unlocked\": [\"deck-id\", …]}); VIP decks stay locked"
        }
    }

    /// Keeps a verified code in the file at `path` (atomically; what was there stays) and returns the deck it
    /// opens; throws `UnlockError` for a code that does not verify or a file that cannot be read back whole.
    public static func redeem(_ code: String, path: String) throws -> String {
        guard let deck = UnlockCode.deck(openedBy: code) else { throw UnlockError.invalidCode }
        let store = LocalStore(path: path)
        if let problem = store.problem { throw UnlockError.entitlements(problem) }
        let trimmed = code.trimmingCharacters(in: .whitespacesAndNewlines)
        let file = File(unlocked: store.listed, codes: store.codes.contains(trimmed) ? store.codes : store.codes + [trimmed])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try makeFolders((path as NSString).deletingLastPathComponent)
        try OutputFile.write(Array(try encoder.encode(file)), to: path)
        return deck
    }

    public func isUnlocked(_ deckID: String) -> Bool { unlocked.contains(deckID) }

    public static func defaultPath() -> String {
        let history = RoundHistory.defaultPath()
        return String(history.dropLast("history.json".count)) + "entitlements.json"
    }
}

extension Deck {
    public func isLocked(in store: Store) -> Bool { vip && !store.isUnlocked(id) }
}
