import Foundation
import Platform

/// Loads every `*.json` in a directory (one deck per file, an array of decks, or `{"decks": [...]}`), validates
/// it, and drops cards that contain a forbidden word: the built-in list always, plus the folder's `forbidden.txt`.
/// Limits: a deck file at most `InputFile.Kind.deck` (1 MiB), `maxCards` cards a deck of `maxCardLength`
/// characters each, `maxFiles` deck files and `maxFolderBytes` a folder (loading the largest folder takes ~2 s).
public enum DeckLoader {
    public static let maxCards = 5_000
    public static let maxCardLength = 200
    public static let maxFiles = 256
    public static let maxFolderBytes = 4 << 20

    public static func load(directory: String) throws -> [Deck] {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: directory) else {
            throw DeckError("\(directory): no such deck directory")
        }
        let forbidden = Forbidden.builtIn.union(try loadForbidden(directory + "/forbidden.txt"))
        var decks: [Deck] = []
        var seen: [String: String] = [:]
        let files = names.sorted().filter { $0.hasSuffix(".json") }
        guard files.count <= maxFiles else { throw DeckError("\(directory): \(files.count) deck files: at most \(maxFiles) are read") }
        var total = 0
        for name in files {
            let path = directory + "/" + name
            let data: [UInt8]
            do throws(FileError) { data = try InputFile.read(path, as: .deck) } catch { throw DeckError(error.description) }
            total += data.count
            guard total <= maxFolderBytes else {
                throw DeckError("\(directory): the deck files hold more than \(InputFile.sizeText(maxFolderBytes)) together (at \(name))")
            }
            for var deck in try parse(data, file: path) {
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

    /// The words of a deck folder's list, which add to the built-in ones. No list: none; a list that cannot be
    /// read (permissions, not a regular file, too large, not UTF-8) is an error, never an empty list.
    public static func loadForbidden(_ path: String) throws -> Set<String> {
        let data: [UInt8]
        do throws(FileError) {
            guard let d = try InputFile.readIfPresent(path, as: .wordList) else { return [] }
            data = d
        } catch {
            throw DeckError("\(error.description) (the forbidden words must apply)")
        }
        guard let text = String(validating: data, as: UTF8.self) else { throw DeckError("\(path): not UTF-8 text") }
        var words = Set<String>()
        for line in text.split(whereSeparator: \.isNewline) {
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
        guard list.count <= maxCards else { throw fail(name, "cards", "\(list.count) cards: at most \(maxCards)") }
        for (i, c) in list.enumerated() {
            guard let s = c as? String, !s.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw fail(name, "cards[\(i)]", "must be a non-empty string")
            }
            guard s.count <= maxCardLength else { throw fail(name, "cards[\(i)]", "longer than \(maxCardLength) characters") }
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
    /// Always applied, whatever folder the decks come from: insults and crude words (a party game is played with
    /// grandparents in the room) and divisive politics. A folder's `forbidden.txt` adds to these.
    public static let builtIn: Set<String> = Set(["kurvë", "pidh", "kar", "mut", "qir", "bythë", "Enver"].map(fold))

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
