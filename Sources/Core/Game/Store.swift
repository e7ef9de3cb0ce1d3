import Foundation
import Platform
import TextFormat

/// Where VIP decks get unlocked: a real store plugs in behind this; `LocalStore` reads a local entitlement file.
public protocol Store: Sendable {
    func isUnlocked(_ deckID: String) -> Bool
}

/// Entitlements in `$XDG_DATA_HOME/kape/entitlements.json` (`{"unlocked": ["id", …]}`); no file, nothing unlocked.
public struct LocalStore: Store {
    public let unlocked: Set<String>
    /// Why a file that exists unlocked nothing (unreadable, not JSON, the wrong shape), for a warning: VIP decks
    /// stay locked, and the player must be told why. Nil when it read well or there is none.
    public let problem: String?

    public init(path: String) {
        struct File: Decodable { var unlocked: [String] }
        do {
            guard let bytes = try InputFile.readIfPresent(path, as: .settings) else {
                unlocked = []
                problem = nil
                return
            }
            unlocked = Set(try JSONFile.decode(File.self, from: Data(bytes), file: path).unlocked)
            problem = nil
        } catch {
            unlocked = []
            problem = "\(error) (expected {\"unlocked\": [\"deck-id\", …]}); VIP decks stay locked"
        }
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
