import Foundation
import Platform
import TextFormat

/// A word the learner kept: what it looked like in the text, the headword and translation it was shown with, and
/// where and when it was met.
public struct SavedWord: Sendable, Codable, Equatable {
    /// As it was in the text: möchte.
    public var word: String
    /// The dictionary's form: mögen.
    public var headword: String
    /// The translations shown (the first article's, `; ` between them).
    public var translation: String
    public var ipa: String?
    /// The sentence (cue text) it was heard in.
    public var sentence: String?
    public var lesson: String?
    public var at: Date
    public var day: Day

    public init(word: String, headword: String, translation: String, ipa: String? = nil, sentence: String?, lesson: String?, at: Date, day: Day) {
        self.word = word; self.headword = headword; self.translation = translation; self.ipa = ipa
        self.sentence = sentence; self.lesson = lesson; self.at = at; self.day = day
    }

    enum CodingKeys: String, CodingKey { case word, headword, translation, ipa, sentence, lesson, at, day }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        word = try c.decode(String.self, forKey: .word)
        headword = try c.decode(String.self, forKey: .headword)
        translation = try c.decode(String.self, forKey: .translation)
        ipa = try c.decodeIfPresent(String.self, forKey: .ipa)
        sentence = try c.decodeIfPresent(String.self, forKey: .sentence)
        lesson = try c.decodeIfPresent(String.self, forKey: .lesson)
        at = try c.time(.at)
        day = try c.decode(Day.self, forKey: .day)
    }

    /// One headword is one saved word, however it was met.
    public var key: String { ReviewPool.key(reference: headword, lesson: nil) }
}

/// The learner's saved words: `words.json`.
public typealias VocabularyStore = JSONStore<VocabularyData>

/// The vocabulary: `words.json` beside `progress.json`, with its own lock. Saved words are reviewed with the same
/// levels and intervals as missed phrases (`ReviewPool`): the prompt is the translation, the answer the word.
public struct VocabularyData: StoreDocument, Equatable {
    public var version = 1
    public var words: [SavedWord] = []
    public var review = ReviewPool()

    public static let currentVersion = 1
    public static let baseName = "words"
    public static let kind = InputFile.Kind("the vocabulary (words.json)", limit: 64 << 20)
    /// A year of ten words a day, ten times over.
    public static let wordLimit = 40_000

    public init() {}

    enum CodingKeys: String, CodingKey { case version, words, review }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.integer(.version, in: 1...Self.currentVersion)
        words = try c.decodeIfPresent([SavedWord].self, forKey: .words) ?? []
        review = try c.decodeIfPresent(ReviewPool.self, forKey: .review) ?? ReviewPool()
    }

    /// Saves a word (a second save of the same headword keeps the first and says false) and puts it up for
    /// review at level 1.
    @discardableResult
    public mutating func save(_ word: SavedWord) throws -> Bool {
        guard !words.contains(where: { $0.key == word.key }) else { return false }
        guard words.count < Self.wordLimit else {
            throw ProgressError("the vocabulary holds \(Self.wordLimit) words, the most it keeps: remove some with `kape words remove`")
        }
        words.append(word)
        review.add(reference: word.headword, lesson: nil, on: word.day)
        return true
    }

    /// Removes the words whose headword or written form is `name` (any case); returns how many.
    @discardableResult
    public mutating func remove(_ name: String) -> Int {
        let key = ReviewPool.key(reference: name, lesson: nil)
        let gone = words.filter { $0.key == key || $0.word.lowercased() == name.lowercased() }
        words.removeAll { w in gone.contains(w) }
        review.items.removeAll { item in gone.contains { $0.key == item.key } }
        return gone.count
    }

    public func word(forReviewKey key: String) -> SavedWord? { words.first { $0.key == key } }

    /// Anki's "Notes in Plain Text" import: front (the German word), back (translation), sentence, tags; tab
    /// separated, one note a line, with the `#separator`, `#html` and `#tags column` header lines Anki reads.
    /// Tabs and line breaks inside a field become spaces (the format has no quoting Anki applies reliably).
    public func ankiTSV() -> String {
        var out = "#separator:tab\n#html:false\n#tags column:4\n"
        for w in words {
            let front = w.headword == w.word || w.headword.lowercased() == w.word.lowercased() ? w.headword : "\(w.headword) (\(w.word))"
            let back = w.translation + (w.ipa.map { " /\($0)/" } ?? "")
            let tags = ["kape"] + (w.lesson.map { [Self.tag($0)] } ?? [])
            out += [front, back, w.sentence ?? "", tags.joined(separator: " ")].map(Self.field).joined(separator: "\t") + "\n"
        }
        return out
    }

    static func field(_ s: String) -> String {
        String(s.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }

    /// Anki tags are separated by spaces.
    static func tag(_ s: String) -> String { String(s.map { $0.isWhitespace ? "_" : $0 }) }
}
