import Foundation
import Testing
import Platform
@testable import Dictionary
import Language

/// FreeDict German–English as Debian installs it (`dict-freedict-deu-eng`, in `make deps`), read in place.
@Suite struct DictionaryTests {
    static let directory = FreeDict.defaultDirectory
    static let dict = try! FreeDict(name: "deu-eng")

    @Test func knownTranslationsAndGrammar() throws {
        let entries = try Self.dict.entries("Brötchen")
        let noun = try #require(entries.first { $0.number == "singular" })
        #expect(noun.headword == "Brötchen")
        #expect(noun.ipa == "bɾˈøːtçən")
        #expect(noun.partOfSpeech == "noun")
        #expect(noun.gender == "neuter")
        #expect(noun.translations.contains("bread roll"))
        #expect(noun.labels.contains("[Norddt.]"))
        #expect(noun.synonyms.contains("Semmel"))
        #expect(noun.seeAlso.contains("Schrippen"))
        let haus = try Self.dict.entries("haus")
        #expect(haus.count == 7)
        let house = try #require(haus.first { $0.translations.contains("house") })
        #expect(house.examples.contains(.init(source: "ein Haus bauen", translation: "build a house")))
        #expect(house.seeAlso.contains("Häuser"))
        #expect(try Self.dict.entries("gehen").contains { $0.partOfSpeech == "verb" && $0.translations.contains("go") })
    }

    /// FreeDict has no plural field: the lookup finds it among the "see" references that have a plural article.
    @Test func singularNounsGetTheirPlural() throws {
        let lookup = WordLookup(dictionary: Self.dict, stemmer: nil)
        let haus = try #require(try lookup.lookup("Haus"))
        #expect(haus.entries.first { $0.translations.contains("house") }?.plural == "Häuser")
        #expect(try lookup.lookup("Tisch")?.entries.first?.plural == "Tische")
        #expect(try lookup.lookup("Brötchen")?.entries.first { $0.number == "singular" }?.plural == "Brötchen")
        // A plural article gets none.
        #expect(try lookup.lookup("Häuser")?.entries.allSatisfy { $0.plural == nil } == true)
    }

    @Test func anyCaseFindsTheLowerCasedIndex() throws {
        #expect(try Self.dict.entries("HAUS").count == 7)
        #expect(try Self.dict.entries("xqzzy").isEmpty)
        // Metadata keys are not words.
        #expect(try Self.dict.entries("00databaseinfo").isEmpty)
        #expect(try Self.dict.entries("00-database-info").isEmpty)
    }

    @Test(arguments: [("möchte", "mögen"), ("ging", "gehen"), ("ist", "sein"), ("aß", "essen"), ("kannst", "können"),
                      ("hat", "haben"), ("Häusern", "Haus"), ("schönsten", "schön"), ("Brötchens", "Brötchen"),
                      ("gehst", "gehen"), ("großen", "groß"), ("gingen", "gehen"), ("fährt", "fahren"), ("im", "in")])
    func inflectedFormsFindTheirHeadword(word: String, headword: String) throws {
        let lookup = WordLookup(dictionary: Self.dict, stemmer: HunspellStemmer())
        let result = try #require(try lookup.lookup(word))
        #expect(result.form == headword, "\(word) → \(result.form) (\(result.reason))")
        #expect(result.entries.first?.headword.lowercased() == headword.lowercased())
        #expect(result.reason != "as written")
    }

    @Test func theReasonSaysWhichFormAndWhy() throws {
        let lookup = WordLookup(dictionary: Self.dict, stemmer: HunspellStemmer())
        #expect(try lookup.lookup("Brötchen")?.reason == "as written")
        #expect(try lookup.lookup("ging")?.reason == "a form of gehen")
        #expect(try lookup.lookup("Häusern")?.reason.hasPrefix("Hunspell's stem") == true)
        // Punctuation around a token as it comes from a transcript.
        #expect(try lookup.lookup("„Brötchen,“")?.form == "Brötchen")
    }

    @Test func hunspellStemsAndAnalyses() throws {
        let h = try #require(HunspellStemmer())
        #expect(h.stems("Häusern").contains("Haus"))
        #expect(h.stems("schönsten").contains("schön"))
        #expect(h.stems("ging").isEmpty || !h.stems("ging").contains("gehen"))
        #expect(h.analyze("Häusern").contains { $0.contains("st:Haus") })
        #expect(h.stems(String(repeating: "a", count: 10_000)).isEmpty)
    }

    @Test func boundedInputsNeverTrapOrFind() throws {
        let lookup = WordLookup(dictionary: Self.dict, stemmer: HunspellStemmer())
        for word in [String(repeating: "ä", count: 10_000), "\u{1}\u{7}\u{1B}[2J", "😀", "👨‍👩‍👧", "", "   ", "\u{0}", "ha\u{0}us"] {
            #expect(try lookup.lookup(word) == nil, "\(word.prefix(10))")
            _ = try Self.dict.suggestions(word)
        }
        #expect(try Self.dict.suggestions("xqzzy").count == 5)
        #expect(try Self.dict.suggestions("brötchenx").contains("brötchen"))
    }

    /// Every article that crosses a chunk boundary reads the same as gzip's own inflation of the whole file.
    @Test func articlesAcrossChunkBoundariesMatchGzip() throws {
        let reader = Self.dict.text
        // Find spans across a boundary by scanning the index text (test only: the reader never loads it whole).
        let index = try String(contentsOfFile: Self.directory + "/freedict-deu-eng.index", encoding: .utf8)
        var crossing: [(Int, Int)] = []
        for line in index.split(separator: "\n") where crossing.count < 3 {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count == 3, let offset = decode(f[1]), let l = decode(f[2]) else { continue }
            if offset / reader.chunkLength != (offset + l - 1) / reader.chunkLength { crossing.append((offset, l)) }
        }
        #expect(crossing.count == 3)
        let gz = Process()
        gz.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gz.arguments = ["-dc", Self.directory + "/freedict-deu-eng.dict.dz"]
        let pipe = Pipe()
        gz.standardOutput = pipe
        try gz.run()
        let need = crossing.map { $0.0 + $0.1 }.max()!
        var whole = Data()
        while whole.count < need, let chunk = try pipe.fileHandleForReading.read(upToCount: 1 << 20), !chunk.isEmpty { whole.append(chunk) }
        gz.terminate()
        for (offset, length) in crossing {
            let bytes = try reader.read(offset: offset, length: length)
            #expect(bytes == [UInt8](whole[offset..<(offset + length)]))
        }
    }

    func decode(_ s: Substring) -> Int? {
        Array(s.utf8).withUnsafeBytes { DictBase64.decode($0[...]) }
    }

    @Test func base64RoundTrips() {
        for v in [0, 1, 63, 64, 58_315, 12_420_190, 1 << 40] {
            let s = DictBase64.encode(v)
            #expect(decode(Substring(s)) == v)
        }
        #expect(decode("vYRe") == 12_420_190)
        #expect(decode("") == nil)
        #expect(decode("a=b") == nil)
    }
}

/// Article texts found by FuzzDictionary.
@Suite struct ArticleTextTests {
    @Test func anExampleLineWhoseOnlyQuoteIsTheSeparatorsIsANote() {
        // Trapped: the example's text range ran backwards.
        let e = DictEntry(text: "Haus\n\"  - house\n")
        #expect(e.examples.isEmpty)
        #expect(e.notes == ["\"  - house"])
    }

    @Test func aShortFormAfterTheIPAIsANote() {
        let e = DictEntry(text: "Bahnhof /bˈɑːnhoːf/ (Bhf. /bˌeːhˌɑːˈɛf/) <masc, n, sg>\nstation <n>\n")
        #expect(e.headword == "Bahnhof" && e.ipa == "bˈɑːnhoːf" && e.gender == "masculine")
        #expect(e.notes == ["(Bhf. /bˌeːhˌɑːˈɛf/)"])
        #expect(e.translations == ["station"])
    }

    @Test func anyTextParsesWithoutTrapping() {
        for text in ["", "\n\n", "/", " /x/", "a /", "<", "a <b", "a <>", "{", "see: {", "see: }{", "[", "[x", "\"", "\"\"  - ", "x, (y, z), [a, b]"] {
            let e = DictEntry(text: text + "\n" + text)
            #expect(!e.headword.contains("\n"))
        }
    }
}
