import Platform
import TextFormat

/// Where the CLI's plain output and messages leave: whole texts go through `printable`, so nothing read from a
/// file, a device or the learner can drive the terminal (JSON lines pass unchanged: they escape controls
/// themselves). Output that draws — screens, colours, the live answer line — writes its own escapes and makes
/// the outside text in it `printable` where that text is put in (`TextCells.fit`, `ComparisonOutput`).
enum Console {
    static func out(_ text: String) { FileHandleOutput.stdout(printable(text, keepLineBreaks: true)) }
    static func err(_ text: String) { FileHandleOutput.stderr(printable(text, keepLineBreaks: true)) }
}

/// `text` as one shell word: unchanged when it holds only safe characters, else in single quotes.
func shellQuoted(_ text: String) -> String {
    let safe = text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || "0123456789-_./+,:=@%".unicodeScalars.contains($0) }
    return !text.isEmpty && safe ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}
