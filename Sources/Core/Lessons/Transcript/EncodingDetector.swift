import CUchardet
import Platform

/// The encoding of a subtitle file that is not UTF-8, guessed the way players guess it (mpv uses uchardet).
enum EncodingDetector {
    /// uchardet's name (what iconv decodes) and the name a learner knows it by, for the warning.
    static func guess(_ bytes: [UInt8]) -> (iconv: String, name: String)? {
        guard let detector = uchardet_new() else { return nil }
        defer { uchardet_delete(detector) }
        // The first megabyte decides: uchardet's statistics settle long before.
        let sample = bytes.prefix(1 << 20)
        let status = sample.withUnsafeBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { uchardet_handle_data(detector, $0, b.count) }
        }
        guard status == 0 else { return nil }
        uchardet_data_end(detector)
        guard let c = uchardet_get_charset(detector) else { return nil }
        let charset = String(cString: c)
        guard !charset.isEmpty, charset != "ASCII", charset != "UTF-8" else { return nil }
        return (charset, names[charset] ?? charset)
    }

    static let names: [String: String] = [
        "GB18030": "GB2312/GB18030 (simplified Chinese)", "BIG5": "Big5 (traditional Chinese)",
        "SHIFT_JIS": "Shift-JIS (Japanese)", "EUC-JP": "EUC-JP (Japanese)", "UHC": "EUC-KR/UHC (Korean)",
        "EUC-KR": "EUC-KR (Korean)", "KOI8-R": "KOI8-R (Russian)", "WINDOWS-1250": "windows-1250 (Central European)",
        "WINDOWS-1251": "windows-1251 (Cyrillic)", "WINDOWS-1252": "windows-1252 (Western)",
        "ISO-8859-1": "ISO-8859-1 (Western)", "ISO-8859-2": "ISO-8859-2 (Central European)",
        "ISO-8859-5": "ISO-8859-5 (Cyrillic)", "ISO-8859-15": "ISO-8859-15 (Western)",
    ]
}
