import Dictionary
import AudioDSP
import Lessons

/// The shadow screen's word mode: the words of one line, one of them chosen, and the dictionary panel.
public struct WordMode: Equatable {
    public let cue: Int
    public let sentence: String
    public let tokens: [WordTokens.Token]
    public var index = 0
    /// The entry shown for the chosen word; nil while choosing.
    public var panel: WordPanel?

    init?(cue: Int, text: String) {
        let tokens = WordTokens.split(text)
        guard !tokens.isEmpty else { return nil }
        self.cue = cue
        self.sentence = text
        self.tokens = tokens
    }

    public var word: String { tokens[index].text }

    mutating func move(_ step: Int) { index = max(0, min(tokens.count - 1, index + step)) }

    /// The line with the chosen word in brackets.
    var marked: String {
        let chars = Array(sentence)
        let t = tokens[index]
        return String(chars[..<t.start]) + "[" + String(chars[t.start..<(t.start + t.count)]) + "]" + String(chars[(t.start + t.count)...])
    }
}

/// What the panel shows: filled by the command line from the dictionary, so this module needs none.
public struct WordPanel: Equatable {
    /// The word the panel is about, as looked up (its headword when found): what is said and saved.
    public var word: String
    public var title: String
    public var lines: [String]
    /// The last thing done from the panel ("saved mögen to your words").
    public var message: String?
    public var found: Bool

    public init(word: String, title: String, lines: [String], found: Bool) {
        self.word = word
        self.title = title
        self.lines = lines
        self.found = found
    }
}

/// The word mode's three actions, done by the command line (dictionary, espeak-ng, the vocabulary).
public struct WordActions {
    public var lookUp: (_ word: String) -> WordPanel
    /// The word spoken (any rate, mono), to be played through the lesson's own sink.
    public var say: (_ word: String, _ slow: Bool) throws -> Clip
    /// Saves the word with its sentence; returns what to tell the learner.
    public var save: (_ word: String, _ sentence: String, _ cue: Int) throws -> String

    public init(lookUp: @escaping (String) -> WordPanel, say: @escaping (String, Bool) throws -> Clip,
                save: @escaping (String, String, Int) throws -> String) {
        self.lookUp = lookUp
        self.say = say
        self.save = save
    }
}
