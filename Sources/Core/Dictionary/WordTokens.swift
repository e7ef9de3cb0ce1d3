/// The words of a line of text, as the shadow screen steps through them: runs of letters and digits, with an
/// inner hyphen or apostrophe (E-Mail, geht's) kept inside the word.
public enum WordTokens {
    public struct Token: Sendable, Equatable {
        public var text: String
        /// Position in the line, in characters (grapheme clusters), for highlighting.
        public var start: Int
        public var count: Int
    }

    public static func split(_ line: String) -> [Token] {
        var tokens: [Token] = []
        let chars = Array(line)
        var i = 0
        while i < chars.count {
            guard isWordCharacter(chars[i]) else { i += 1; continue }
            var j = i + 1
            while j < chars.count {
                if isWordCharacter(chars[j]) { j += 1; continue }
                if "-'’".contains(chars[j]), j + 1 < chars.count, isWordCharacter(chars[j + 1]) { j += 2; continue }
                break
            }
            tokens.append(Token(text: String(chars[i..<j]), start: i, count: j - i))
            i = j
        }
        return tokens
    }

    static func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber }
}
