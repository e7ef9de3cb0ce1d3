import Foundation

/// Loads every `*.json` in a directory (one deck per file, an array of decks, or `{"decks": [...]}`), validates
/// it, and drops cards that contain a word from `forbidden.txt`.
public enum DeckLoader {
    public static func load(directory: String) throws -> [Deck] {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: directory) else {
            throw DeckError("\(directory): no such deck directory")
        }
        let forbidden = try loadForbidden(directory + "/forbidden.txt")
        var decks: [Deck] = []
        var seen: [String: String] = [:]
        for name in names.sorted() where name.hasSuffix(".json") {
            let path = directory + "/" + name
            guard let data = fm.contents(atPath: path) else { throw DeckError("\(path): cannot read") }
            for var deck in try parse(Array(data), file: path) {
                if let other = seen[deck.id] {
                    throw DeckError("\(path): deck '\(deck.id)': field 'id': duplicate id (also in \(other))")
                }
                seen[deck.id] = path
                deck.cards = deck.cards.filter { !Forbidden.matches($0, forbidden) }
                if deck.cards.isEmpty { throw DeckError("\(path): deck '\(deck.id)': field 'cards': no playable cards") }
                decks.append(deck)
            }
        }
        if decks.isEmpty { throw DeckError("\(directory): no decks (*.json)") }
        return decks
    }

    public static func loadForbidden(_ path: String) throws -> Set<String> {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        var words = Set<String>()
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let w = line.trimmingCharacters(in: .whitespaces)
            if !w.isEmpty && !w.hasPrefix("#") { words.insert(Forbidden.fold(w)) }
        }
        return words
    }

    /// Parses one file's bytes into decks; every message names the file, the deck and the field.
    public static func parse(_ bytes: [UInt8], file: String) throws -> [Deck] {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
        } catch {
            let ns = error as NSError
            let text = "\(ns.userInfo) \(ns.localizedDescription) \(error)"
            var where_ = ""
            if let index = ns.userInfo["NSJSONSerializationErrorIndex"] as? Int {
                let p = JSONPosition.lineColumn(of: index, in: bytes)
                where_ = ":\(p.line):\(p.column)"
            } else if let p = JSONPosition.find(in: text, bytes: bytes) {
                where_ = ":\(p.line):\(p.column)"
            }
            throw DeckError("\(file)\(where_): bad JSON")
        }
        let objects: [Any]
        if let list = root as? [Any] {
            objects = list
        } else if let dict = root as? [String: Any], let list = dict["decks"] as? [Any] {
            objects = list
        } else if root is [String: Any] {
            objects = [root]
        } else {
            throw DeckError("\(file): expected a deck object, an array of decks or {\"decks\": [...]}")
        }
        var ids = Set<String>()
        return try objects.enumerated().map { index, object in
            let deck = try deckFrom(object, index: index, file: file)
            if !ids.insert(deck.id).inserted {
                throw DeckError("\(file): deck '\(deck.id)': field 'id': duplicate id")
            }
            return deck
        }
    }

    private static func deckFrom(_ object: Any, index: Int, file: String) throws -> Deck {
        guard let d = object as? [String: Any] else { throw DeckError("\(file): deck #\(index + 1): not an object") }
        func fail(_ name: String, _ field: String, _ why: String) -> DeckError {
            DeckError("\(file): deck \(name): field '\(field)': \(why)")
        }
        let unnamed = "#\(index + 1)"
        guard let rawID = d["id"] else { throw fail(unnamed, "id", "missing") }
        guard let id = rawID as? String, !id.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw fail(unnamed, "id", "must be a non-empty string")
        }
        let name = "'\(id)'"
        guard let rawTitle = d["title"] else { throw fail(name, "title", "missing") }
        guard let title = rawTitle as? String, !title.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw fail(name, "title", "must be a non-empty string")
        }
        func text(_ field: String) throws -> String {
            guard let v = d[field] else { return "" }
            guard let s = v as? String else { throw fail(name, field, "must be a string") }
            return s
        }
        var vip = false
        if let v = d["vip"] {
            // JSONSerialization hands booleans over as NSNumber: only true/false literals are accepted.
            guard let n = v as? NSNumber, isBoolean(n) else { throw fail(name, "vip", "must be true or false") }
            vip = n.boolValue
        }
        guard let rawCards = d["cards"] else { throw fail(name, "cards", "missing") }
        guard let list = rawCards as? [Any] else { throw fail(name, "cards", "must be an array of strings") }
        var cards: [String] = []
        var seen = Set<String>()
        for (i, c) in list.enumerated() {
            guard let s = c as? String, !s.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw fail(name, "cards[\(i)]", "must be a non-empty string")
            }
            guard seen.insert(Forbidden.fold(s)).inserted else { throw fail(name, "cards[\(i)]", "duplicate card '\(s)'") }
            cards.append(s)
        }
        if cards.isEmpty { throw fail(name, "cards", "empty deck") }
        return Deck(id: id, title: title, description: try text("description"), icon: try text("icon"),
                    difficulty: try text("difficulty"), vip: vip, cards: cards, file: file)
    }

    private static func isBoolean(_ n: NSNumber) -> Bool {
        // On Linux Foundation a JSON boolean decodes to an NSNumber whose objCType is "c" (char).
        String(cString: n.objCType) == "c" || String(cString: n.objCType) == "B"
    }
}

/// Words that must never be shown: matched whole-word, case- and diacritic-insensitively.
public enum Forbidden {
    public static func fold(_ s: String) -> String {
        s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    public static func matches(_ card: String, _ words: Set<String>) -> Bool {
        if words.isEmpty { return false }
        let folded = fold(card)
        if words.contains(folded) { return true }
        return folded.split { !$0.isLetter && !$0.isNumber }.contains { words.contains(String($0)) }
    }
}
