import CZlib
import Platform
import Synchronization

/// A dictzip file (`.dict.dz`): gzip whose FEXTRA field `RA` lists the compressed size of each fixed-length
/// chunk, each chunk flushed so it inflates on its own as raw deflate. Reading a span inflates only the chunks it
/// covers; the last eight stay cached, since lookups of one word read neighbouring articles.
public final class DictzipReader: @unchecked Sendable {
    public let path: String
    private let file: ByteSource
    public let chunkLength: Int
    /// Where each chunk starts in the file; one more entry marks the end of the last.
    private let chunkStarts: [Int]
    /// The inflater and the cache are shared by every thread that reads (the shadow screen, tests in parallel).
    private let cache = Mutex<[(index: Int, bytes: [UInt8])]>([])
    /// zlib keeps a pointer back to its stream, so the stream needs an address that never moves.
    private let stream: UnsafeMutablePointer<z_stream>

    /// Chunks kept inflated (58 KB each in FreeDict): a lookup reads its articles and their plurals' nearby.
    static let cachedChunks = 8

    /// Longest span read at once: FreeDict's longest article is a few kB.
    public static let spanLimit = 1 << 20
    public static let limit = InputFile.Kind("a dictzip file (.dict.dz)", limit: 1 << 32)

    public convenience init(path: String) throws(DictionaryError) {
        try self.init(source: .map(path, as: Self.limit), path: path)
    }

    /// A dictzip file held in memory; `path` names it in messages.
    public convenience init(bytes: [UInt8], path: String) throws(DictionaryError) {
        try self.init(source: .memory(bytes), path: path)
    }

    private init(source: ByteSource, path: String) throws(DictionaryError) {
        self.path = path
        file = source
        let header = try file.withBytes { (b) throws(DictionaryError) in try Self.header(b, path: path) }
        chunkLength = header.chunkLength
        chunkStarts = header.starts
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // A failure here runs deinit, which ends and frees the stream.
        guard inflateInit2_(stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw DictionaryError(file: path, "zlib could not start an inflater")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// Bytes the chunks can hold at most (the last chunk may be shorter).
    public var capacity: Int { (chunkStarts.count - 1) * chunkLength }

    /// `length` bytes of the text from `offset`. Safe from any thread.
    public func read(offset: Int, length: Int) throws(DictionaryError) -> [UInt8] {
        guard offset >= 0, length >= 0, length <= Self.spanLimit, offset <= capacity - length else {
            throw DictionaryError(file: path, "offset \(offset) length \(length) is past the end of the text (\(capacity) bytes at most)")
        }
        guard length > 0 else { return [] }
        var out: [UInt8] = []
        out.reserveCapacity(length)
        var position = offset
        while out.count < length {
            let index = position / chunkLength
            let chunk = try inflated(index)
            let from = position - index * chunkLength
            guard from < chunk.count else {
                throw DictionaryError(file: path, "offset \(offset) length \(length) is past the end of the text (chunk \(index + 1) holds \(chunk.count) bytes)")
            }
            let take = min(length - out.count, chunk.count - from)
            out.append(contentsOf: chunk[from..<(from + take)])
            position += take
        }
        return out
    }

    private func inflated(_ index: Int) throws(DictionaryError) -> [UInt8] {
        let result: Result<[UInt8], DictionaryError> = cache.withLock { cache in
            if let hit = cache.first(where: { $0.index == index }) { return .success(hit.bytes) }
            let inflated = file.withBytes { b -> Result<[UInt8], DictionaryError> in
                let compressed = UnsafeRawBufferPointer(rebasing: b[chunkStarts[index]..<chunkStarts[index + 1]])
                do throws(DictionaryError) { return .success(try inflate(compressed, chunk: index)) } catch { return .failure(error) }
            }
            if case .success(let bytes) = inflated {
                if cache.count == Self.cachedChunks { cache.removeFirst() }
                cache.append((index, bytes))
            }
            return inflated
        }
        return try result.get()
    }

    private func inflate(_ compressed: UnsafeRawBufferPointer, chunk: Int) throws(DictionaryError) -> [UInt8] {
        guard inflateReset(stream) == Z_OK else { throw DictionaryError(file: path, "zlib could not reset its inflater") }
        // One byte of room more than a chunk: a chunk that inflates past its length is damaged.
        var out = [UInt8](repeating: 0, count: chunkLength + 1)
        let status: Int32 = out.withUnsafeMutableBytes { o in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: compressed.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.pointee.avail_in = uInt(compressed.count)
            stream.pointee.next_out = o.baseAddress?.assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = uInt(o.count)
            return CZlib.inflate(stream, Z_SYNC_FLUSH)
        }
        let produced = out.count - Int(stream.pointee.avail_out)
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
        guard status == Z_OK || status == Z_STREAM_END || (status == Z_BUF_ERROR && produced > 0) else {
            throw DictionaryError(file: path, "chunk \(chunk + 1) of \(chunkStarts.count - 1) is damaged (zlib: \(Self.zlibText(status)))")
        }
        guard produced <= chunkLength else {
            throw DictionaryError(file: path, "chunk \(chunk + 1) inflates past the chunk length \(chunkLength): damaged")
        }
        out.removeLast(out.count - produced)
        return out
    }

    private static func zlibText(_ status: Int32) -> String {
        switch status {
        case Z_DATA_ERROR: return "invalid deflate data"
        case Z_BUF_ERROR: return "the data ends early"
        case Z_MEM_ERROR: return "out of memory"
        default: return "status \(status)"
        }
    }

    /// The gzip header up to the data, with the `RA` chunk table (RFC 1952; dictzip(1)).
    static func header(_ b: UnsafeRawBufferPointer, path: String) throws(DictionaryError) -> (chunkLength: Int, starts: [Int]) {
        func fail(_ m: String) -> DictionaryError { DictionaryError(file: path, m) }
        func u16(_ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 }
        guard b.count >= 18, b[0] == 0x1f, b[1] == 0x8b else { throw fail("not a gzip file (expected dictzip, .dict.dz)") }
        guard b[2] == 8 else { throw fail("gzip compression method \(b[2]), expected 8 (deflate)") }
        let flags = b[3]
        guard flags & 4 != 0 else { throw fail("plain gzip without dictzip's chunk table (RA field): recompress it with dictzip") }
        let extraLength = u16(10)
        var p = 12
        guard p + extraLength <= b.count else { throw fail("truncated inside the gzip header") }
        var table: (Int, [Int])? = nil
        var q = p
        while q + 4 <= p + extraLength {
            let length = u16(q + 2)
            guard q + 4 + length <= p + extraLength else { throw fail("a gzip extra field runs past the header") }
            if b[q] == UInt8(ascii: "R"), b[q + 1] == UInt8(ascii: "A") {
                guard length >= 6 else { throw fail("the RA field is too short") }
                let version = u16(q + 4), chunkLength = u16(q + 6), count = u16(q + 8)
                guard version == 1 else { throw fail("dictzip version \(version), expected 1") }
                guard chunkLength > 0, count > 0, 6 + 2 * count <= length else {
                    throw fail("the RA field lists \(count) chunks of \(chunkLength) bytes in \(length) bytes")
                }
                table = (chunkLength, (0..<count).map { u16(q + 10 + 2 * $0) })
            }
            q += 4 + length
        }
        guard let (chunkLength, sizes) = table else { throw fail("no dictzip chunk table (RA field) in the gzip header") }
        p += extraLength
        for flag in [UInt8(8), 16] where flags & flag != 0 {  // file name, comment: zero-terminated
            while p < b.count, b[p] != 0 { p += 1 }
            p += 1
        }
        if flags & 2 != 0 { p += 2 }
        var starts = [p]
        starts.reserveCapacity(sizes.count + 1)
        for s in sizes { starts.append(starts[starts.count - 1] + s) }
        // The gzip trailer (CRC-32, size) follows the last chunk.
        guard starts[starts.count - 1] + 8 <= b.count else {
            throw fail("truncated: its \(sizes.count) chunks need \(starts[starts.count - 1] + 8) bytes, the file has \(b.count)")
        }
        return (chunkLength, starts)
    }
}
