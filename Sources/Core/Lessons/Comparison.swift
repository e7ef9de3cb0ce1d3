/// The result of checking one typed answer against its reference phrase.
public struct Comparison: Sendable, Equatable {
    public var reference: String
    public var typed: String
    /// Length of the normalised reference in grapheme clusters.
    public var referenceLength: Int
    public var distance: Int
    /// `max(0, 1 − distance / referenceLength)`; an empty reference scores 1 only for an empty answer.
    public var accuracy: Double
    /// Alignment of the normalised strings.
    public var ops: [EditOp]

    public var isPerfect: Bool { distance == 0 }

    public init(reference: String, typed: String, options: CompareOptions = CompareOptions()) {
        self.reference = reference
        self.typed = typed
        let r = TextNormalizer.normalize(reference, options)
        let t = TextNormalizer.normalize(typed, options)
        let (distance, ops) = EditAlignment.align(reference: r, typed: t)
        self.referenceLength = r.count
        self.distance = distance
        self.ops = ops
        if r.isEmpty {
            accuracy = t.isEmpty ? 1 : 0
        } else {
            accuracy = max(0, 1 - Double(distance) / Double(r.count))
        }
    }
}

/// An answer still being typed, checked against the part of the reference it has reached.
public struct PartialComparison: Sendable, Equatable {
    public var distance: Int
    public var ops: [EditOp]
    /// Reference grapheme clusters the answer has reached.
    public var covered: Int
    public var referenceLength: Int

    /// Everything typed so far is right.
    public var onTrack: Bool { distance == 0 }

    public init(reference: String, typedSoFar: String, options: CompareOptions = CompareOptions()) {
        let r = TextNormalizer.normalize(reference, options)
        let t = TextNormalizer.normalize(typedSoFar, options)
        (distance, ops, covered) = EditAlignment.alignPrefix(reference: r, typed: t)
        referenceLength = r.count
    }
}

extension Comparison {
    /// What is too long to compare (more than `EditAlignment.maximumLength` characters after normalisation), or nil.
    public static func tooLong(reference: String, typed: String, options: CompareOptions = CompareOptions()) -> String? {
        let limit = EditAlignment.maximumLength
        for (name, text) in [("reference", reference), ("answer", typed)] {
            let n = TextNormalizer.normalize(text, options).count
            if n > limit { return "the \(name) is \(n) characters long: at most \(limit) are compared" }
        }
        return nil
    }
}
