import Foundation
import Platform
import TextFormat

/// Writes cues as WebVTT, SubRip or JSON, so that each reader reads back the same times (to the millisecond) and
/// the same text (as `normalisedText` gives it).
public enum TranscriptWriter {
    public static func write(_ t: Transcript, as format: TranscriptFormat) -> String {
        switch format {
        case .vtt:
            var out = "WEBVTT\n"
            for c in t.cues {
                out += "\n"
                // An id may not hold a line break or an arrow (it would read as a timing line); such ids are left out.
                if let id = c.id, !id.isEmpty, !id.contains("-->"), !id.contains(where: \.isNewline) { out += id + "\n" }
                out += timestamp(c.start, .vtt) + " --> " + timestamp(c.end, .vtt) + "\n"
                let lines = textLines(c.text)
                // The speaker as a voice span around the first line (a voice name cannot hold '>' or a line break).
                let voice = c.voice.map { "<v " + escaped($0.filter { !$0.isNewline }) + ">" } ?? ""
                out += lines.enumerated().map { ($0.offset == 0 ? voice : "") + escaped($0.element) }.joined(separator: "\n")
                    + (lines.isEmpty ? "" : "\n")
            }
            return out
        case .srt:
            var out = ""
            for (n, c) in t.cues.enumerated() {
                if n > 0 { out += "\n" }
                out += "\(n + 1)\n" + timestamp(c.start, .srt) + " --> " + timestamp(c.end, .srt) + "\n"
                // SubRip has no escaping rules; text that would read back differently (markup-like, an arrow) is
                // written with character references, which SRT readers that strip tags also decode. SubRip names no
                // speakers: the speaker goes in front of the text, as subtitles show one.
                let lines = textLines(c.spoken)
                let plain = lines.joined(separator: "\n")
                let raw = TranscriptText.plain(plain, braces: true) == plain && !plain.contains("-->")
                out += lines.map { raw ? $0 : escaped($0).replacingOccurrences(of: "{\\", with: "&#123;\\") }.joined(separator: "\n")
                out += lines.isEmpty ? "" : "\n"
            }
            return out
        case .json:
            let items = t.cues.map { c in
                var line = JSONLine()
                if let id = c.id { line.add("id", id) } else { line.addRaw("id", "null") }
                line.add("start", c.start, decimals: 3)
                line.add("end", c.end, decimals: 3)
                line.add("text", c.text)
                if let voice = c.voice { line.add("voice", voice) }
                return line.text
            }
            return "{\"cues\": [" + items.joined(separator: ", ") + "]}\n"
        }
    }

    /// `hh:mm:ss.ttt` (WebVTT, JSON messages) or `hh:mm:ss,ttt` (SubRip), rounded to the millisecond.
    public static func timestamp(_ seconds: Double, _ format: TranscriptFormat) -> String {
        let ms = Int64(saturating: (max(0, seconds) * 1000).rounded())
        let h = ms / 3_600_000, m = ms / 60_000 % 60, s = ms / 1000 % 60, f = ms % 1000
        func pad(_ v: Int64, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(v).count)) + String(v) }
        return pad(h, 2) + ":" + pad(m, 2) + ":" + pad(s, 2) + (format == .srt ? "," : ".") + pad(f, 3)
    }

    /// Cue text as it reads back from WebVTT or SubRip: lines end at CR, LF or CRLF, blank lines (they would end
    /// the cue) are dropped, NUL is U+FFFD.
    public static func normalisedText(_ text: String) -> String { textLines(text).joined(separator: "\n") }

    private static func textLines(_ text: String) -> [String] {
        text.isEmpty ? [] : TranscriptText.lines(text).filter { !TranscriptText.isBlank($0) }
    }

    private static func escaped(_ line: String) -> String {
        line.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
