import Foundation
import Platform

/// Where VIP decks get unlocked: a real store plugs in behind this; `LocalStore` reads a local entitlement file.
public protocol Store: Sendable {
    func isUnlocked(_ deckID: String) -> Bool
}

/// Entitlements in `$XDG_DATA_HOME/kape/entitlements.json` (`{"unlocked": ["id", …]}`); no file, nothing unlocked.
public struct LocalStore: Store {
    public let unlocked: Set<String>

    public init(path: String) {
        struct File: Decodable { var unlocked: [String] }
        let data = (try? InputFile.read(path, as: .settings)).map { Data($0) }
        unlocked = Set(data.flatMap { try? JSONDecoder().decode(File.self, from: $0) }?.unlocked ?? [])
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
