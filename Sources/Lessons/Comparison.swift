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
