import CHunspell
import Dictionary
import Glibc

/// Hunspell's German dictionary (Debian `hunspell-de-de`) as a stemmer: Häusern → Haus, gehst → gehen,
/// schönsten → schön. Loading it takes ~50 ms and ~10 MB; one per process.
public final class HunspellStemmer: Stemmer, @unchecked Sendable {
    public static let defaultBase = "/usr/share/hunspell/de_DE"
    private let handle: OpaquePointer

    /// nil when the dictionary is not installed (lookups then use the as-written form and the irregular table).
    public init?(base: String = HunspellStemmer.defaultBase) {
        guard access(base + ".aff", R_OK) == 0, access(base + ".dic", R_OK) == 0,
              let h = Hunspell_create(base + ".aff", base + ".dic") else { return nil }
        handle = h
    }

    deinit { Hunspell_destroy(handle) }

    public func stems(_ word: String) -> [String] { list(word, Hunspell_stem) }

    /// Hunspell's morphological analysis (`st:` stem, `fl:` flags …), for tests and diagnosis.
    public func analyze(_ word: String) -> [String] { list(word, Hunspell_analyze) }

    private typealias ListCall = (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?,
                                  UnsafePointer<CChar>?) -> Int32

    private func list(_ word: String, _ call: ListCall) -> [String] {
        // Hunspell's own limit is 100 bytes a word; longer is no German word anyway.
        guard !word.isEmpty, word.utf8.count < 100, !word.utf8.contains(0) else { return [] }
        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
        let n = call(handle, &list, word)
        defer { if n > 0 { Hunspell_free_list(handle, &list, n) } }
        guard n > 0, let list else { return [] }
        return (0..<Int(n)).compactMap { list[$0].map { String(cString: $0) } }
    }
}
