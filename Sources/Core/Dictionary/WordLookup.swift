/// Base forms of an inflected word (Hunspell's stem, in Kape); a protocol so the lookup stays pure.
public protocol Stemmer: AnyObject {
    func stems(_ word: String) -> [String]
}

/// What `kape word` and the shadow screen show: the articles found and which form was looked up, and why.
public struct WordLookupResult: Sendable, Equatable {
    /// The token as given, trimmed of surrounding punctuation.
    public var word: String
    /// The form whose articles these are.
    public var form: String
    /// Why that form: "as written", "a form of gehen", "Hunspell's stem".
    public var reason: String
    public var entries: [DictEntry]
}

/// A token → its articles: the irregular-forms table; else as written; else Hunspell's stems; else, for a
/// capitalised or lower-case word, the other case's stems. The first form with articles wins.
public final class WordLookup: @unchecked Sendable {
    public let dictionary: FreeDict
    private let stemmer: Stemmer?

    public init(dictionary: FreeDict, stemmer: Stemmer?) {
        self.dictionary = dictionary
        self.stemmer = stemmer
    }

    /// Leading and trailing characters that are neither letters nor digits go (quotes, commas, „…“).
    public static func trimmed(_ token: String) -> String {
        var s = Substring(token)
        while let c = s.first, !(c.isLetter || c.isNumber) { s = s.dropFirst() }
        while let c = s.last, !(c.isLetter || c.isNumber) { s = s.dropLast() }
        return String(s)
    }

    /// The candidate forms in the order they are tried, with the reason for each.
    public func candidates(_ token: String) -> [(form: String, reason: String)] {
        let word = Self.trimmed(token)
        guard !word.isEmpty, word.utf8.count <= FreeDict.keyLimit else { return [] }
        // A known irregular form goes to its headword first: FreeDict files some (ging: "walked") with less.
        let lower = word.lowercased()
        var out: [(form: String, reason: String)] = IrregularForms.table[lower].map { irregular in
            irregular.headwords.map { ($0, irregular.what) }
        } ?? []
        out.append((word, "as written"))
        if let stemmer {
            var variants = [word]
            if let first = word.first {
                let other = first.isUppercase ? String(first).lowercased() + word.dropFirst() : String(first).uppercased() + word.dropFirst()
                variants.append(other)
            }
            for variant in variants {
                for stem in stemmer.stems(variant) where stem.lowercased() != lower {
                    out.append((stem, "Hunspell's stem of \(variant)"))
                }
            }
        }
        // A genitive -s Hunspell's German affixes do not always produce.
        if lower.count > 4, lower.hasSuffix("s") { out.append((String(word.dropLast()), "without the genitive -s")) }
        // Reflexive verbs are filed with their pronoun: entschuldigen → sich entschuldigen.
        out += out.filter { $0.form.first?.isLetter == true }.map { ("sich " + $0.form.lowercased(), "reflexive verb: sich \($0.form.lowercased())") }
        // A compound not in the dictionary: its longest final part that is (Apfelkuchen → Kuchen).
        let chars = Array(lower)
        if chars.count >= 7 {
            for start in 2...(chars.count - 4) {
                let part = String(chars[start...])
                out.append((word.first?.isUppercase == true ? part.prefix(1).uppercased() + part.dropFirst() : part,
                            "last part of the compound \(word)"))
            }
        }
        var seen = Set<String>()
        return out.filter { seen.insert($0.form.lowercased()).inserted }
    }

    /// nil when no form of the word has an article.
    public func lookup(_ token: String) throws(DictionaryError) -> WordLookupResult? {
        let word = Self.trimmed(token)
        for candidate in candidates(token) {
            let entries = try dictionary.entries(candidate.form)
            if !entries.isEmpty {
                var ranked = Self.ranked(entries, form: candidate.form, word: word)
                try findPlurals(&ranked)
                // Hunspell's stems are lower case (haus): show the headword as the dictionary spells it.
                let form = ranked.first.map { $0.headword.lowercased() == candidate.form.lowercased() ? $0.headword : candidate.form } ?? candidate.form
                return WordLookupResult(word: word, form: form, reason: candidate.reason, entries: ranked)
            }
        }
        return nil
    }

    /// For the first few singular nouns: the first one-word "see" reference that has a plural article of the
    /// same spelling (Haus → Häuser, Brötchen → Brötchen). A few index searches each, only for nouns.
    private func findPlurals(_ entries: inout [DictEntry]) throws(DictionaryError) {
        var known: [String: Bool] = [:]
        for i in entries.indices.prefix(3) where entries[i].partOfSpeech == "noun" && entries[i].number == "singular" {
            for ref in entries[i].seeAlso.prefix(3) where !ref.contains(" ") && ref.first?.isUppercase == true {
                let isPlural: Bool
                if let k = known[ref] { isPlural = k } else {
                    isPlural = try dictionary.entries(ref).contains { $0.headword == ref && $0.number == "plural" }
                    known[ref] = isPlural
                }
                if isPlural {
                    entries[i].plural = ref
                    break
                }
            }
        }
    }

    /// The articles of the form itself first (its case too: `sein` the verb before `Sein` the noun), then those
    /// whose first letter has the word's case (Häusern → Haus, not haus…), unlabelled senses before labelled ones,
    /// then the rest; prefixes (`Haus…`) last.
    static func ranked(_ entries: [DictEntry], form: String, word: String) -> [DictEntry] {
        func score(_ e: DictEntry) -> Int {
            var s = e.headword == form ? 4 : 0
            if e.headword.first?.isUppercase == word.first?.isUppercase { s += 2 }
            if e.headword.hasSuffix("…") { s -= 8 }
            // A sense with a subject or register label ([math.], [ugs.]) after the everyday ones.
            if e.labels.isEmpty { s += 1 }
            // The everyday sense usually carries the most examples (gehen: go, not turn out).
            if e.examples.count >= 3 { s += 1 }
            return s
        }
        return entries.enumerated().sorted { (score($0.element), -$0.offset) > (score($1.element), -$1.offset) }.map(\.element)
    }
}
