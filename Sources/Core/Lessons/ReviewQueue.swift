import Foundation
/// Today's review: missed phrases and saved words in one queue, oldest due first (then oldest added; phrases
/// before words on a tie, so an older store's order is unchanged).
public enum ReviewQueue {
    public enum Item: Sendable, Equatable {
        case phrase(ReviewItem)
        /// The word's review item and the word (nil if the vocabulary lost it).
        case word(ReviewItem, SavedWord?)

        public var review: ReviewItem {
            switch self {
            case .phrase(let i), .word(let i, _): return i
            }
        }

        /// What the learner must type: the phrase, or the German word.
        public var reference: String { review.reference }
    }

    public static func due(phrases: ReviewPool, words: VocabularyData, on day: Day) -> [Item] {
        let p = phrases.due(on: day).map { (item: Item.phrase($0), kind: 0) }
        let w = words.review.due(on: day).map { (item: Item.word($0, words.word(forReviewKey: $0.key)), kind: 1) }
        return (p + w).sorted { ($0.item.review.due, $0.item.review.added, $0.kind) < ($1.item.review.due, $1.item.review.added, $1.kind) }
            .map(\.item)
    }

    /// The sentence with the word replaced by a gap, so the sentence prompts without giving the answer away.
    public static func blanked(_ sentence: String, word: String) -> String {
        guard !word.isEmpty else { return sentence }
        var out = ""
        var rest = Substring(sentence)
        while let r = rest.range(of: word, options: .caseInsensitive) {
            out += rest[..<r.lowerBound] + "___"
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
