/// One deck of cards as the player sees it in the browser.
public struct Deck: Sendable, Equatable {
    public var id: String
    public var title: String
    public var description: String
    public var icon: String
    public var difficulty: String
    /// VIP decks are locked until a `Store` grants them.
    public var vip: Bool
    public var cards: [String]
    /// The file the deck came from, for messages.
    public var file: String

    public init(id: String, title: String, description: String = "", icon: String = "", difficulty: String = "",
                vip: Bool = false, cards: [String], file: String = "") {
        self.id = id; self.title = title; self.description = description; self.icon = icon
        self.difficulty = difficulty; self.vip = vip; self.cards = cards; self.file = file
    }
}

/// Why a deck directory could not be loaded: the message names the file, the deck and the field.
public struct DeckError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Rank by score: the thresholds the issue fixes.
public enum Rank {
    public static func name(forScore score: Int) -> String {
        switch score {
        case ..<5: return "Mish i Huaj"
        case 5..<10: return "Shqipe"
        default: return "Legjendë"
        }
    }
}
