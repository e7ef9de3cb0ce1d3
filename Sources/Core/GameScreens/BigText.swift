import Game
import Raster
/// The card in huge letters: the share card's 5×7 block font rasterised to terminal cells, word-wrapped and scaled
/// to the largest size that fits the space. Cells are about twice as tall as wide, so a dot is `2·v` columns by
/// `v` rows where that fits, which keeps the letters square.
public enum BigText {
    public static let glyphRows = 7

    /// Rows of `█` and spaces, each at most `width` columns; nil when even the smallest size cannot fit
    /// (the caller then shows plain text).
    public static func render(_ text: String, width: Int, height: Int) -> [String]? {
        let words = text.uppercased().split(separator: " ").map(String.init)
        guard !words.isEmpty, width >= 5, height >= glyphRows else { return nil }

        // Largest horizontal scale first (the wrap depends on it), cutting a word only when no size avoids it.
        // Scale 0 is the narrowest: two dots per cell with half blocks (▌ ▐), for small terminals.
        let longest = words.map(\.count).max() ?? 0
        for cut in [false, true] {
            for h in stride(from: 8, through: 0, by: -1) {
                // n characters take 6·h·n − h columns (the last has no gap), or 3·n with half blocks.
                let charsPerLine = h == 0 ? width / 3 : (width + h) / (6 * h)
                guard charsPerLine >= 1, cut || charsPerLine >= longest else { continue }
                let bitmaps = wrap(words, charsPerLine).map(bitmap)
                let dotRows = bitmaps.reduce(0) { $0 + $1.count } + (bitmaps.count - 1)
                var v = max(1, h / 2)
                while v > 1 && dotRows * v > height { v -= 1 }
                guard dotRows * v <= height else { continue }
                var out: [String] = []
                for (i, bitmap) in bitmaps.enumerated() {
                    if i > 0 { out += Array(repeating: "", count: v) }
                    for row in bitmap { out += Array(repeating: cells(row, h), count: v) }
                }
                if out.allSatisfy({ $0.count <= width }) { return out }
            }
        }
        return nil
    }

    /// One row of dots as cells: `h` columns per dot, or two dots per column when `h` is 0.
    static func cells(_ row: [Bool], _ h: Int) -> String {
        guard h == 0 else { return String(row.flatMap { on in Array(repeating: on ? Character("█") : " ", count: h) }) }
        return String(stride(from: 0, to: row.count, by: 2).map { i -> Character in
            let left = row[i], right = i + 1 < row.count && row[i + 1]
            return left && right ? "█" : left ? "▌" : right ? "▐" : " "
        })
    }

    /// Greedy word wrap; a word longer than a line is cut.
    static func wrap(_ words: [String], _ perLine: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in words {
            var w = word
            while w.count > perLine {
                if !current.isEmpty { lines.append(current); current = "" }
                lines.append(String(w.prefix(perLine)))
                w = String(w.dropFirst(perLine))
            }
            if current.isEmpty { current = w } else if current.count + 1 + w.count <= perLine { current += " " + w } else {
                lines.append(current)
                current = w
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// One line of text as dots, through the share card's canvas so both draw the same letters (Ë, Ç included);
    /// blank rows above and below the marks are trimmed.
    static func bitmap(_ line: String) -> [[Bool]] {
        let width = max(1, Canvas.textWidth(line, scale: 1))
        var canvas = Canvas(width: width, height: 11, fill: .black)
        canvas.text(line, x: 0, y: 2, scale: 1, .white)
        var rows = (0..<11).map { y in (0..<width).map { x in canvas.pixel(x: x, y: y) != .black } }
        while rows.count > glyphRows, rows.first?.contains(true) == false { rows.removeFirst() }
        while rows.count > glyphRows, rows.last?.contains(true) == false { rows.removeLast() }
        return rows
    }
}
