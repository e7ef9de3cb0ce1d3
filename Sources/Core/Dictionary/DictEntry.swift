/// One FreeDict article as the dictd text of FreeDict's TEI exports gives it:
///
///     Haus /hˈaʊs/ <neut, n, sg>
///     [adm.] establishment <n>, institution <n>
///           "ein Haus bauen"  - build a house
///              Note: …
///        Synonyms: {Einrichtung}, {Anstalt}
///      see: {Häuser}, {frei Haus}
public struct DictEntry: Sendable, Equatable {
    public struct Example: Sendable, Equatable {
        public var source: String
        public var translation: String
    }

    public var headword: String
    public var ipa: String?
    /// "noun", "verb", "adjective" … from the grammar tags; nil when the article gives none.
    public var partOfSpeech: String?
    /// "masculine", "feminine", "neuter".
    public var gender: String?
    /// "singular" or "plural" when the article says which.
    public var number: String?
    /// A singular noun's plural: FreeDict has no plural field, but lists the plural among the "see" references, and
    /// it has an article of its own marked `<pl>` (`WordLookup` finds it).
    public var plural: String?
    /// Grammar tags not named above (`intr`, `pers`), as given.
    public var tags: [String] = []
    /// Usage and subject labels (`[ugs.]`, `[adm.]`).
    public var labels: [String] = []
    public var translations: [String] = []
    public var notes: [String] = []
    public var examples: [Example] = []
    public var synonyms: [String] = []
    /// "see:" cross-references: related forms (plurals, participles) and phrases.
    public var seeAlso: [String] = []

    static let partsOfSpeech: [String: String] = [
        "n": "noun", "v": "verb", "adj": "adjective", "adv": "adverb", "prep": "preposition", "conj": "conjunction",
        "pron": "pronoun", "art": "article", "num": "numeral", "interj": "interjection", "prefix": "prefix",
        "suffix": "suffix", "abbr": "abbreviation", "ptcl": "particle", "prop": "proper noun",
    ]
    static let genders: [String: String] = ["masc": "masculine", "fem": "feminine", "neut": "neuter"]
    static let numbers: [String: String] = ["sg": "singular", "pl": "plural"]

    /// Parses one article's text. Bounded by the text: every line is read once.
    public init(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        headword = ""
        if let first = lines.popFirst() { readHeader(first) }
        for raw in lines {
            let line = raw.drop(while: { $0 == " " })
            if line.hasPrefix("\"") {
                readExample(line)
            } else if line.hasPrefix("Note:") {
                notes.append(String(line.dropFirst(5).drop(while: { $0 == " " })))
            } else if line.hasPrefix("Synonyms:") || line.hasPrefix("Synonym:") {
                synonyms += Self.braced(line)
            } else if line.hasPrefix("see:") {
                seeAlso += Self.braced(line)
            } else {
                readTranslations(line)
            }
        }
    }

    private mutating func readHeader(_ line: Substring) {
        var rest = line[...]
        if let tagStart = rest.lastIndex(of: "<"), rest.hasSuffix(">") {
            readTags(rest[rest.index(after: tagStart)..<rest.index(before: rest.endIndex)])
            rest = rest[..<tagStart]
        }
        rest = rest.trimmingSpaces
        // `Headword /IPA/`, sometimes followed by a short form with its own IPA: `Bahnhof /…/ (Bhf. /…/)`.
        if let open = rest.range(of: " /"), let close = rest[open.upperBound...].firstIndex(of: "/") {
            ipa = String(rest[open.upperBound..<close])
            let after = rest[rest.index(after: close)...].trimmingSpaces
            if !after.isEmpty { notes.append(String(after)) }
            rest = rest[..<open.lowerBound].trimmingSpaces
        }
        headword = String(rest)
    }

    private mutating func readTags(_ list: Substring) {
        for tag in list.split(separator: ",").map({ String($0.trimmingSpaces) }) where !tag.isEmpty {
            if let g = Self.genders[tag] { gender = gender ?? g }
            else if let n = Self.numbers[tag] { number = number ?? n }
            else if let p = Self.partsOfSpeech[tag] { partOfSpeech = partOfSpeech ?? p }
            else { tags.append(tag) }
        }
    }

    private mutating func readExample(_ line: Substring) {
        // "Ein Haus bauen"  - build a house
        // The separator's quote may be the line's first character (`"  - x`): then it is no example.
        guard let separator = line.range(of: "\"  - "), separator.lowerBound > line.startIndex else {
            notes.append(String(line))
            return
        }
        examples.append(Example(source: String(line[line.index(after: line.startIndex)..<separator.lowerBound]),
                                translation: String(line[separator.upperBound...])))
    }

    private mutating func readTranslations(_ line: Substring) {
        var rest = line.trimmingSpaces
        // Leading labels: [ugs.] [mus.]
        while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            labels.append(String(rest[rest.startIndex...close]))
            rest = rest[rest.index(after: close)...].trimmingSpaces
        }
        for item in Self.splitTopLevel(rest) {
            var text = Substring(item)
            // Grammar tags after each English word (`house <n>`) repeat the article's; labels after it stay.
            while let open = text.range(of: " <"), let close = text[open.upperBound...].firstIndex(of: ">") {
                text = Substring(text[..<open.lowerBound] + text[text.index(after: close)...])
            }
            let trimmed = text.trimmingSpaces
            if !trimmed.isEmpty { translations.append(String(trimmed)) }
        }
    }

    /// Commas outside parentheses, brackets and angle brackets separate translations.
    static func splitTopLevel(_ s: Substring) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var start = s.startIndex
        var i = s.startIndex
        while i < s.endIndex {
            switch s[i] {
            case "(", "[", "<": depth += 1
            case ")", "]", ">": depth = max(0, depth - 1)
            case "," where depth == 0:
                parts.append(s[start..<i])
                start = s.index(after: i)
            default: break
            }
            i = s.index(after: i)
        }
        parts.append(s[start...])
        return parts
    }

    /// `{a}, {b}` → ["a", "b"].
    static func braced(_ line: Substring) -> [String] {
        var out: [String] = []
        var rest = line[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return out
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" || s.last == "\r" { s = s.dropLast() }
        return s
    }
}

extension StringProtocol {
    func range(of needle: String) -> Range<Index>? {
        let n = Array(needle)
        guard !n.isEmpty else { return nil }
        var i = startIndex
        while i < endIndex {
            var j = i, k = 0
            while k < n.count, j < endIndex, self[j] == n[k] { j = index(after: j); k += 1 }
            if k == n.count { return i..<j }
            i = index(after: i)
        }
        return nil
    }
}
