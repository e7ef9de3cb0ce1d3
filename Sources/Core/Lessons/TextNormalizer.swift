import Foundation

/// How typed text is compared with the reference. The defaults forgive case, punctuation and spacing.
public struct CompareOptions: Sendable, Equatable {
    public var caseSensitive = false
    public var punctuationSensitive = false
    /// Accept the umlaut spellings a keyboard without them forces: ä=ae, ö=oe, ü=ue, ß=ss.
    public var umlautSpellings = false

    public init(caseSensitive: Bool = false, punctuationSensitive: Bool = false, umlautSpellings: Bool = false) {
        self.caseSensitive = caseSensitive
        self.punctuationSensitive = punctuationSensitive
        self.umlautSpellings = umlautSpellings
    }
}

/// Turns text into the grapheme clusters that are compared.
public enum TextNormalizer {
    public static func normalize(_ text: String, _ options: CompareOptions = CompareOptions()) -> [Character] {
        // NFC first so "e" + U+0301 and the precomposed "é" are the same Character before any folding.
        var s = text.precomposedStringWithCanonicalMapping
        if !options.caseSensitive { s = s.lowercased().precomposedStringWithCanonicalMapping }
        if options.umlautSpellings { s = foldUmlauts(s) }
        var out: [Character] = []
        var pendingSpace = false
        for c in s {
            if c.isWhitespace {
                pendingSpace = true
                continue
            }
            if !options.punctuationSensitive && isPunctuation(c) { continue }
            if pendingSpace && !out.isEmpty { out.append(" ") }
            pendingSpace = false
            out.append(c)
        }
        return out
    }

    /// A cluster is punctuation when its base scalar is (P* categories); emoji and letters with marks never are.
    static func isPunctuation(_ c: Character) -> Bool {
        guard let first = c.unicodeScalars.first else { return false }
        switch first.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    static func foldUmlauts(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s {
            switch c {
            case "ä": out += "ae"
            case "ö": out += "oe"
            case "ü": out += "ue"
            case "ß": out += "ss"
            case "Ä": out += "Ae"
            case "Ö": out += "Oe"
            case "Ü": out += "Ue"
            case "ẞ": out += "SS"
            default: out.append(c)
            }
        }
        return out
    }
}
