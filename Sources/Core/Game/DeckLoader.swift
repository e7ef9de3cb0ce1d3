import Foundation
import Platform
import TextFormat

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
            var isFolder: ObjCBool = false
            let exists = fm.fileExists(atPath: directory, isDirectory: &isFolder)
            throw DeckError("\(directory): " + (!exists ? "no such deck directory" : isFolder.boolValue ? "cannot read the deck directory" : "not a folder, expected the deck directory"))
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
        let decoder = JSONDecoder()
        decoder.userInfo[DeckFile.fileKey] = file
        do {
            return try JSONFile.decode(DeckFile.self, from: Data(bytes), file: file, decoder: decoder).decks
        } catch let error as JSONFileError {
            throw DeckError(error.description)
        }
    }
}

/// One deck file through Codable: a deck object, an array of decks or `{"decks": [...]}`. Fields are read one by
/// one so a message says which deck and field was wrong and what it must be.
private struct DeckFile: Decodable {
    static let fileKey = CodingUserInfoKey(rawValue: "kape.deckFile")!
    var decks: [Deck] = []

    private enum Key: String, CodingKey { case decks, id, title, description, icon, difficulty, vip, cards }

    init(from decoder: Decoder) throws {
        let file = decoder.userInfo[Self.fileKey] as? String ?? ""
        var list: UnkeyedDecodingContainer
        if let array = try? decoder.unkeyedContainer() {
            list = array
        } else if let object = try? decoder.container(keyedBy: Key.self) {
            guard object.contains(.decks) else {
                decks = [try Self.deck(from: decoder, index: 0, file: file)]
                return
            }
            guard let array = try? object.nestedUnkeyedContainer(forKey: .decks) else {
                throw DeckError("\(file): field 'decks': must be an array of decks")
            }
            list = array
        } else {
            throw DeckError("\(file): expected a deck object, an array of decks or {\"decks\": [...]}")
        }
        var ids = Set<String>()
        while !list.isAtEnd {
            let index = list.currentIndex
            let deck = try Self.deck(from: try list.superDecoder(), index: index, file: file)
            guard ids.insert(deck.id).inserted else { throw DeckError("\(file): deck '\(deck.id)': field 'id': duplicate id") }
            decks.append(deck)
        }
    }

    private static func deck(from decoder: Decoder, index: Int, file: String) throws -> Deck {
        guard let d = try? decoder.container(keyedBy: Key.self) else { throw DeckError("\(file): deck #\(index + 1): not an object") }
        func fail(_ name: String, _ field: String, _ why: String) -> DeckError {
            DeckError("\(file): deck \(name): field '\(field)': \(why)")
        }
        /// A required non-empty string.
        func name(_ key: Key, deck: String) throws -> String {
            guard d.contains(key) else { throw fail(deck, key.rawValue, "missing") }
            guard let s = try? d.decode(String.self, forKey: key), !s.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw fail(deck, key.rawValue, "must be a non-empty string")
            }
            return s
        }
        let id = try name(.id, deck: "#\(index + 1)")
        let deck = "'\(id)'"
        let title = try name(.title, deck: deck)
        func text(_ key: Key) throws -> String {
            guard d.contains(key) else { return "" }
            guard let s = try? d.decode(String.self, forKey: key) else { throw fail(deck, key.rawValue, "must be a string") }
            return s
        }
        var vip = false
        if d.contains(.vip) {
            guard let v = try? d.decode(Bool.self, forKey: .vip) else { throw fail(deck, "vip", "must be true or false") }
            vip = v
        }
        guard d.contains(.cards) else { throw fail(deck, "cards", "missing") }
        guard var list = try? d.nestedUnkeyedContainer(forKey: .cards) else { throw fail(deck, "cards", "must be an array of strings") }
        if let count = list.count, count > DeckLoader.maxCards {
            throw fail(deck, "cards", "\(count) cards: at most \(DeckLoader.maxCards)")
        }
        var cards: [String] = []
        var seen = Set<String>()
        while !list.isAtEnd {
            let i = list.currentIndex
            guard let s = try? list.decode(String.self), !s.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw fail(deck, "cards[\(i)]", "must be a non-empty string")
            }
            guard s.count <= DeckLoader.maxCardLength else { throw fail(deck, "cards[\(i)]", "longer than \(DeckLoader.maxCardLength) characters") }
            guard seen.insert(Forbidden.fold(s)).inserted else { throw fail(deck, "cards[\(i)]", "duplicate card '\(s)'") }
            cards.append(s)
        }
        if cards.isEmpty { throw fail(deck, "cards", "empty deck") }
        return Deck(id: id, title: title, description: try text(.description), icon: try text(.icon),
                    difficulty: try text(.difficulty), vip: vip, cards: cards, file: file)
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
