import Platform

/// One article's place in the uncompressed `.dict` text.
public struct ArticleSpan: Sendable, Equatable {
    public var offset: Int
    public var length: Int
    /// Where its line starts in the index, for messages (`DictIndex.line(at:)`).
    public var indexOffset: Int
}

/// A dictd `.index`: `headword TAB offset TAB length` per line, byte-sorted, numbers in dictd base64. Mapped and
/// binary-searched: a lookup touches a few pages, never the whole file. Order is checked along each search path
/// and around the match, so a line out of order that a lookup meets is reported instead of hiding words.
public final class DictIndex: @unchecked Sendable {
    public let path: String
    private let file: ByteSource
    /// An index this large is no dictionary (FreeDict's largest is ~13 MB).
    public static let limit = InputFile.Kind("a dictd index (.index)", limit: 1 << 30)

    public init(path: String) throws(DictionaryError) {
        self.path = path
        file = try .map(path, as: Self.limit)
    }

    /// An index held in memory; `path` names it in messages.
    public init(bytes: [UInt8], path: String) {
        self.path = path
        file = .memory(bytes)
    }

    /// All spans filed under `key` (a lower-cased UTF-8 headword), in index order.
    public func spans(for key: [UInt8]) throws(DictionaryError) -> [ArticleSpan] {
        try file.withBytes { (bytes) throws(DictionaryError) -> [ArticleSpan] in
            var start = try lowerBound(key, in: bytes)
            var spans: [ArticleSpan] = []
            // The two lines before the match and the two after it must be in order too.
            if start > 0 {
                let before = lineStart(before: start - 1, in: bytes)
                if compare(headword(at: before, in: bytes), key) > 0 { throw outOfOrder(at: start, in: bytes) }
                if before > 0, compare(headword(at: lineStart(before: before - 1, in: bytes), in: bytes), headword(at: before, in: bytes)) > 0 {
                    throw outOfOrder(at: before, in: bytes)
                }
            }
            while start < bytes.count {
                let head = headword(at: start, in: bytes)
                let order = compare(head, key)
                if order < 0 { throw outOfOrder(at: start, in: bytes) }
                if order > 0 {
                    let next = lineEnd(from: start, in: bytes) + 1
                    if next < bytes.count, compare(headword(at: next, in: bytes), head) < 0 { throw outOfOrder(at: next, in: bytes) }
                    break
                }
                spans.append(try span(at: start, in: bytes))
                start = lineEnd(from: start, in: bytes) + 1
            }
            return spans
        }
    }

    /// Up to `count` distinct headwords nearest `key` in index order, the longest shared prefix first.
    public func nearest(to key: [UInt8], count: Int) throws(DictionaryError) -> [String] {
        try file.withBytes { (bytes) throws(DictionaryError) -> [String] in
            let at = try lowerBound(key, in: bytes)
            var candidates: [(shared: Int, distance: Int, word: [UInt8])] = []
            // Walk both ways from the insertion point; metadata keys (00database…) and repeats are skipped.
            var before = at, after = at, steps = 0
            while steps < 4 * count && (before > 0 || after < bytes.count) {
                steps += 1
                if after < bytes.count {
                    let head = Array(headword(at: after, in: bytes))
                    candidates.append((sharedPrefix(head, key), steps, head))
                    after = lineEnd(from: after, in: bytes) + 1
                }
                if before > 0 {
                    before = lineStart(before: before - 1, in: bytes)
                    let head = Array(headword(at: before, in: bytes))
                    candidates.append((sharedPrefix(head, key), steps, head))
                }
            }
            var seen = Set<[UInt8]>()
            var out: [String] = []
            for c in candidates.sorted(by: { ($0.shared, -$0.distance) > ($1.shared, -$1.distance) })
            where !c.word.isEmpty && !c.word.starts(with: Array("00database".utf8)) && seen.insert(c.word).inserted {
                out.append(String(decoding: c.word, as: UTF8.self))
                if out.count == count { break }
            }
            return out
        }
    }

    /// The first line whose headword is not below `key`. Every probe must lie between the headwords that bound
    /// the search so far, else the file is out of order there.
    private func lowerBound(_ key: [UInt8], in bytes: UnsafeRawBufferPointer) throws(DictionaryError) -> Int {
        var lo = 0, hi = bytes.count
        var loHead: UnsafeRawBufferPointer.SubSequence? = nil, hiHead: UnsafeRawBufferPointer.SubSequence? = nil
        while lo < hi {
            let s = max(lo, lineStart(before: lo + (hi - lo) / 2, in: bytes))
            let head = headword(at: s, in: bytes)
            if let loHead, compare(head, loHead) < 0 { throw outOfOrder(at: s, in: bytes) }
            if let hiHead, compare(head, hiHead) > 0 { throw outOfOrder(at: s, in: bytes) }
            if compare(head, key) < 0 {
                lo = lineEnd(from: s, in: bytes) + 1
                loHead = head
            } else {
                hi = s
                hiHead = head
            }
        }
        return min(lo, bytes.count)
    }

    private func span(at start: Int, in bytes: UnsafeRawBufferPointer) throws(DictionaryError) -> ArticleSpan {
        let end = lineEnd(from: start, in: bytes)
        let line = bytes[start..<end]
        let fields = line.split(separator: 9, maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count == 3 else {
            throw DictionaryError(file: path, line: lineNumber(at: start, in: bytes), "expected `headword TAB offset TAB length`, found \(fields.count) field(s)")
        }
        guard let offset = DictBase64.decode(fields[1]), let length = DictBase64.decode(fields[2]) else {
            throw DictionaryError(file: path, line: lineNumber(at: start, in: bytes), "offset and length must be dictd base64 (A–Z a–z 0–9 + /)")
        }
        return ArticleSpan(offset: offset, length: length, indexOffset: start)
    }

    private func outOfOrder(at start: Int, in bytes: UnsafeRawBufferPointer) -> DictionaryError {
        let head = String(decoding: headword(at: start, in: bytes).prefix(80), as: UTF8.self)
        return DictionaryError(file: path, line: lineNumber(at: start, in: bytes),
                               "`\(head)` is out of order (expected headwords sorted byte by byte)")
    }

    private func headword(at start: Int, in bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer.SubSequence {
        var i = start
        while i < bytes.count, bytes[i] != 9, bytes[i] != 10 { i += 1 }
        return bytes[start..<i]
    }

    private func lineStart(before position: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        var i = min(position, bytes.count - 1)
        while i > 0, bytes[i - 1] != 10 { i -= 1 }
        return max(i, 0)
    }

    private func lineEnd(from start: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        var i = start
        while i < bytes.count, bytes[i] != 10 { i += 1 }
        return i
    }

    /// The line number of a span's index line (counts the lines before it: for messages only).
    public func line(of span: ArticleSpan) -> Int { file.withBytes { lineNumber(at: span.indexOffset, in: $0) } }

    /// Only for messages: counts the newlines before `position`.
    private func lineNumber(at position: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        var n = 1
        for i in 0..<min(position, bytes.count) where bytes[i] == 10 { n += 1 }
        return n
    }
}

func compare<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Int {
    var i = a.startIndex, j = b.startIndex
    while i != a.endIndex && j != b.endIndex {
        if a[i] != b[j] { return a[i] < b[j] ? -1 : 1 }
        i = a.index(after: i)
        j = b.index(after: j)
    }
    if i == a.endIndex { return j == b.endIndex ? 0 : -1 }
    return 1
}

func sharedPrefix(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var n = 0
    while n < a.count, n < b.count, a[n] == b[n] { n += 1 }
    return n
}
