import Glibc

/// Text in a legacy encoding to a String through glibc's iconv (every encoding subtitles come in: GB18030, Big5,
/// Shift-JIS, UHC/EUC-KR, KOI8-R, the windows-125x pages). A byte sequence the encoding does not have becomes
/// U+FFFD and decoding goes on after it. nil when glibc does not know the encoding.
public enum LegacyText {
    public static func decode(_ bytes: [UInt8], encoding: String) -> String? {
        let cd = iconv_open("UTF-8", encoding)
        guard let cd, cd != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(cd) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        var chunk = [UInt8](repeating: 0, count: 4096)
        var input = bytes
        input.withUnsafeMutableBufferPointer { inBuffer in
            var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuffer.baseAddress)?.assumingMemoryBound(to: CChar.self)
            var inLeft = inBuffer.count
            while inLeft > 0 {
                let (result, error, produced) = chunk.withUnsafeMutableBufferPointer { o -> (Int, Int32, Int) in
                    var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(o.baseAddress)?.assumingMemoryBound(to: CChar.self)
                    var outLeft = o.count
                    let r = iconv(cd, &inPointer, &inLeft, &outPointer, &outLeft)
                    return (r, errno, o.count - outLeft)
                }
                out.append(contentsOf: chunk[0..<produced])
                guard result == -1 else { continue }
                switch error {
                case E2BIG: continue
                default:
                    // EILSEQ (no such character) or EINVAL (cut short at the end): one replacement, one byte on.
                    out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    inPointer = inPointer.map { $0 + 1 }
                    inLeft -= 1
                    _ = iconv(cd, nil, nil, nil, nil)
                }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
