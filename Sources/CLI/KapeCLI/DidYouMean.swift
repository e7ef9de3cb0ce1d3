import ArgumentParser
import TextFormat

/// The nearest of `candidates` to what was typed, when it is near enough to be a slip: a few letters wrong
/// (edit distance, case ignored, at most a third of the word), or the start of one candidate only.
func didYouMean(_ typed: String, among candidates: [String]) -> String? {
    let t = Array(typed.lowercased())
    guard !t.isEmpty else { return nil }
    let limit = max(1, t.count / 3)
    let scored = candidates.map { ($0, editDistance(t, Array($0.lowercased()))) }
    if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit { return best.0 }
    let starts = candidates.filter { $0.lowercased().hasPrefix(typed.lowercased()) }
    return starts.count == 1 ? starts[0] : nil
}

/// " Did you mean 'x'?" for a message, or nothing.
func didYouMeanSentence(_ typed: String, among candidates: [String]) -> String {
    didYouMean(typed, among: candidates).map { " Did you mean '\(printable($0))'?" } ?? ""
}

/// Edit distance with a swap of two neighbours counted as one slip ("plya" → "play"): optimal string alignment,
/// three rows (names are short).
private func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = previous
    for i in a.indices {
        current[0] = i + 1
        for j in b.indices {
            var d = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a[i] == b[j] ? 0 : 1))
            if i > 0 && j > 0 && a[i] == b[j - 1] && a[i - 1] == b[j] { d = min(d, before[j - 1] + 1) }
            current[j + 1] = d
        }
        (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
}

/// A first word that names no command: the parser would say "Unexpected argument"; this names the command meant.
enum UnknownCommand {
    static func check(_ arguments: [String]) throws {
        guard let first = arguments.first, !first.hasPrefix("-") else { return }
        let names = Kape.configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases }
        guard !names.contains(first) && first != "help" else { return }
        throw ValidationError("unknown command '\(printable(first))'.\(didYouMeanSentence(first, among: names)) "
                              + "See 'kape --help' for the commands.")
    }
}
