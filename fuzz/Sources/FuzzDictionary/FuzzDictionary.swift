import Dictionary

/// Any bytes as a dictd index, a dictzip file or an article's text (the first byte picks one). Lookups must return
/// spans for the key alone, errors must be `DictionaryError`s naming the file, reads must return exactly the bytes
/// asked for, and nothing may trap or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDictionary(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 1 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    switch data[0] % 3 {
    case 0:
        let index = DictIndex(bytes: bytes, path: "fuzz.index")
        // Keys: the first line's headword, a prefix of it, and fixed words.
        let firstHead = Array(bytes.prefix { $0 != 9 && $0 != 10 })
        for key in [firstHead, Array(firstHead.prefix(2)), Array("haus".utf8), []] {
            do {
                let spans = try index.spans(for: key)
                for s in spans where s.indexOffset < 0 || s.indexOffset >= bytes.count || index.line(of: s) < 1 {
                    fatalError("span at \(s.indexOffset) outside the index")
                }
                _ = try index.nearest(to: key, count: 5)
            } catch {
                if !error.description.hasPrefix("fuzz.index") { fatalError("error not naming the file: \(error)") }
            }
        }
    case 1:
        do {
            let reader = try DictzipReader(bytes: bytes, path: "fuzz.dz")
            // Spans from the data itself: start, middle, across a chunk end, past the end.
            let c = reader.chunkLength
            for (offset, length) in [(0, 64), (c - 8, 16), (reader.capacity / 2, 100), (reader.capacity - 1, 2), (-1, 1), (0, Int.max)] {
                do {
                    let out = try reader.read(offset: offset, length: length)
                    if out.count != length { fatalError("read \(out.count) bytes for \(length)") }
                } catch {
                    if !error.description.hasPrefix("fuzz.dz") { fatalError("error not naming the file: \(error)") }
                }
            }
        } catch {
            if !error.description.hasPrefix("fuzz.dz") { fatalError("error not naming the file: \(error)") }
        }
    default:
        let entry = DictEntry(text: String(decoding: bytes, as: UTF8.self))
        if entry.headword.contains("\n") { fatalError("a headword spans lines") }
    }
    return 0
}
