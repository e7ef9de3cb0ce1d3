import Foundation
import Game
import TextFormat
import Testing

private func loadError(_ files: [String: String]) throws -> String? {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kape-decks-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
    do { _ = try DeckLoader.load(directory: dir); return nil } catch let e as DeckError { return e.description }
}

@Suite struct DeckLoaderTests {
    @Test func missingIDNamesFileAndField() throws {
        let m = try #require(try loadError(["a.json": #"{"title": "T", "cards": ["x"]}"#]))
        #expect(m.contains("a.json") && m.contains("deck #1") && m.contains("'id'") && m.contains("missing"))
    }

    @Test func missingTitleNamesTheDeck() throws {
        let m = try #require(try loadError(["a.json": #"[{"id": "d1", "title": "T", "cards": ["x"]}, {"id": "d2", "cards": ["y"]}]"#]))
        #expect(m.contains("a.json") && m.contains("'d2'") && m.contains("'title'"))
    }

    @Test func duplicateIDsAcrossFiles() throws {
        let m = try #require(try loadError(["a.json": #"{"id": "d", "title": "A", "cards": ["x"]}"#,
                                            "b.json": #"{"id": "d", "title": "B", "cards": ["y"]}"#]))
        #expect(m.contains("b.json") && m.contains("'d'") && m.contains("duplicate") && m.contains("a.json"))
    }

    @Test func emptyDeck() throws {
        let m = try #require(try loadError(["a.json": #"{"id": "d", "title": "A", "cards": []}"#]))
        #expect(m.contains("a.json") && m.contains("'d'") && m.contains("'cards'") && m.contains("empty"))
    }

    @Test func badJSONGivesLineAndColumn() throws {
        let m = try #require(try loadError(["a.json": "{\n  \"id\": \"d\",\n  \"cards\": [\"a\" \"b\"]\n}\n"]))
        #expect(m.hasPrefix(FileManager.default.temporaryDirectory.path) || m.contains("a.json"))
        #expect(m.contains("a.json:3:"))
    }

    @Test func lineColumnFromOffsetCountsCharactersNotBytes() {
        let bytes = Data("ab\nçë x".utf8)
        #expect(JSONFile.lineAndColumn(of: 0, in: bytes) == (1, 1))
        #expect(JSONFile.lineAndColumn(of: 3, in: bytes) == (2, 1))
        #expect(JSONFile.lineAndColumn(of: 8, in: bytes) == (2, 4))  // after "çë " (2 + 2 + 1 bytes)
    }

    /// Codable reads the fields: a number where a boolean goes, a card that is not a string, a deck list that is
    /// not an array, each named at its deck and field.
    @Test func wrongTypesNameTheDeckAndField() throws {
        let vip = try #require(try loadError(["a.json": #"{"id": "d", "title": "T", "vip": 1, "cards": ["x"]}"#]))
        #expect(vip.contains("'d'") && vip.contains("'vip'") && vip.contains("true or false"), "\(vip)")
        let card = try #require(try loadError(["a.json": #"[{"id": "d", "title": "T", "cards": ["x", 2]}]"#]))
        #expect(card.contains("'d'") && card.contains("cards[1]"), "\(card)")
        let list = try #require(try loadError(["a.json": #"{"decks": {"id": "d"}}"#]))
        #expect(list.contains("a.json") && list.contains("'decks'"), "\(list)")
        let second = try #require(try loadError(["a.json": #"[{"id": "d", "title": "T", "cards": ["x"]}, 7]"#]))
        #expect(second.contains("deck #2") && second.contains("not an object"), "\(second)")
        let top = try #require(try loadError(["a.json": "\"decks\""]))
        #expect(top.contains("expected a deck object"), "\(top)")
    }

    @Test func forbiddenWordsNeverBecomeCards() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kape-decks-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "# comment\nBadword\n".write(toFile: dir + "/forbidden.txt", atomically: true, encoding: .utf8)
        try #"{"id": "d", "title": "D", "cards": ["ok", "a BADWORD here", "bädword", "badwords are fine"]}"#
            .write(toFile: dir + "/d.json", atomically: true, encoding: .utf8)
        let deck = try DeckLoader.load(directory: dir)[0]
        #expect(deck.cards == ["ok", "badwords are fine"])
    }

    /// The built-in words apply to any folder, with or without a list of its own; a list that is there but cannot
    /// be read stops the loading instead of silently letting its words through.
    @Test func builtInWordsAlwaysApplyAndAnUnreadableListIsAnError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kape-decks-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"id": "d", "title": "D", "cards": ["ok", "Enver Hoxha", "sa mut", "extra word"]}"#
            .write(toFile: dir + "/d.json", atomically: true, encoding: .utf8)
        #expect(try DeckLoader.load(directory: dir)[0].cards == ["ok", "extra word"], "no forbidden.txt: the built-in words")
        try "extra\n".write(toFile: dir + "/forbidden.txt", atomically: true, encoding: .utf8)
        #expect(try DeckLoader.load(directory: dir)[0].cards == ["ok"], "the folder's list adds to the built-in one")
        try FileManager.default.removeItem(atPath: dir + "/forbidden.txt")
        for unreadable in ["directory", "fifo", "not utf-8"] {
            switch unreadable {
            case "directory": try FileManager.default.createDirectory(atPath: dir + "/forbidden.txt", withIntermediateDirectories: false)
            case "fifo": #expect(mkfifo(dir + "/forbidden.txt", 0o600) == 0)
            default: try Data([0x66, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: dir + "/forbidden.txt"))
            }
            let m = try #require(try errorLoading(dir), "\(unreadable) list")
            #expect(m.contains(dir + "/forbidden.txt"), "\(m)")
            try FileManager.default.removeItem(atPath: dir + "/forbidden.txt")
        }
    }

    private func errorLoading(_ dir: String) throws -> String? {
        do { _ = try DeckLoader.load(directory: dir); return nil } catch let e as DeckError { return e.description }
    }

    @Test func bundledDecksAreValidAndBigEnough() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let dir = root.appendingPathComponent("decks").path
        let decks = try DeckLoader.load(directory: dir)
        let forbidden = Forbidden.builtIn.union(try DeckLoader.loadForbidden(dir + "/forbidden.txt"))
        #expect(!Forbidden.builtIn.isEmpty)
        let raw = try decks.map { try DeckLoader.parse(Array(Data(contentsOf: URL(fileURLWithPath: $0.file))), file: $0.file) }
        for d in raw.joined() { #expect(d.cards.allSatisfy { !Forbidden.matches($0, forbidden) }, "\(d.id)") }
        let byID = Dictionary(uniqueKeysWithValues: decks.map { ($0.id, $0) })
        #expect(byID["mix-shqip"]?.title == "Mix Shqip")
        #expect(byID["gurbet"]?.title == "Gurbet")
        #expect((byID["mix-shqip"]?.cards.count ?? 0) >= 50)
        #expect((byID["gurbet"]?.cards.count ?? 0) >= 50)
        #expect(decks.contains { $0.vip })
        #expect(byID["mix-shqip"]?.vip == false && byID["gurbet"]?.vip == false)
    }

    /// `--decks` naming a file, or nothing: each says which ("no such deck directory" was said of both).
    @Test func aFileOrNothingInsteadOfTheDeckFolderIsNamed() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kape-deckfile-\(UUID().uuidString)").path
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        func message(_ path: String) -> String {
            do { _ = try DeckLoader.load(directory: path); return "" } catch { return "\(error)" }
        }
        #expect(message(file) == "\(file): not a folder, expected the deck directory")
        #expect(message(file + "-missing") == "\(file)-missing: no such deck directory")
    }
}
