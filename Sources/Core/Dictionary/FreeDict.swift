import Glibc
import Platform

/// A FreeDict dictionary installed by Debian's `dict-freedict-*` packages: `freedict-NAME.index` and
/// `freedict-NAME.dict.dz` in /usr/share/dictd. Nothing is loaded whole: the index is mapped and searched, the
/// text inflated a chunk at a time.
public final class FreeDict: @unchecked Sendable {
    public static let defaultDirectory = "/usr/share/dictd"
    /// Longer than any headword (FreeDict's longest are phrases of ~200 bytes): such a query is looked up no further.
    public static let keyLimit = 256

    public let name: String
    public let index: DictIndex
    public let text: DictzipReader

    public init(name: String = "deu-eng", directory: String = FreeDict.defaultDirectory) throws(DictionaryError) {
        self.name = name
        let base = "\(directory)/freedict-\(name)"
        if access(base + ".index", F_OK) != 0 && access(base + ".dict.dz", F_OK) != 0 {
            let installed = Self.installed(directory: directory)
            throw DictionaryError(file: base + ".index", "no such dictionary: install Debian's dict-freedict-\(name)"
                + (installed.isEmpty ? "" : " (installed: \(installed.joined(separator: ", ")))"))
        }
        index = try DictIndex(path: base + ".index")
        text = try DictzipReader(path: base + ".dict.dz")
    }

    /// German–X dictionaries installed in `directory` (`deu-eng`, `deu-fra` …), sorted.
    public static func installed(directory: String = FreeDict.defaultDirectory, source: String = "deu") -> [String] {
        (directoryNames(directory) ?? []).compactMap { name -> String? in
            guard name.hasPrefix("freedict-\(source)-"), name.hasSuffix(".index") else { return nil }
            return String(name.dropFirst("freedict-".count).dropLast(".index".count))
        }.sorted()
    }

    /// The index key for a word: lower case, as FreeDict files its headwords.
    public static func key(_ word: String) -> [UInt8] { Array(word.lowercased().utf8) }

    /// Every article filed under `word` (any case), in index order; empty when there is none.
    public func entries(_ word: String) throws(DictionaryError) -> [DictEntry] {
        let key = Self.key(word)
        guard !key.isEmpty, key.count <= Self.keyLimit, !key.starts(with: Array("00database".utf8)) else { return [] }
        var out: [DictEntry] = []
        for span in try index.spans(for: key) {
            let bytes: [UInt8]
            do throws(DictionaryError) { bytes = try text.read(offset: span.offset, length: span.length) } catch {
                throw DictionaryError(file: index.path, line: index.line(of: span),
                                      "the article of `\(word.prefix(80))` cannot be read from \(text.path): \(error.message)")
            }
            out.append(DictEntry(text: String(decoding: bytes, as: UTF8.self)))
        }
        return out
    }

    /// Headwords next to where `word` would be filed, for "did you mean".
    public func suggestions(_ word: String, count: Int = 5) throws(DictionaryError) -> [String] {
        let key = Self.key(word)
        return try index.nearest(to: Array(key.prefix(Self.keyLimit)), count: count)
    }
}
