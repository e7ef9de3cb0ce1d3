/// Text set as large as a box allows: wrapped at spaces (a word wider than the box is broken between
/// characters), the biggest size whose lines all fit found by bisection, then centred. Nothing leaves the box:
/// at the smallest size, lines that still do not fit are cut with "…".
public enum TextFit {
    public static let minPoints = 6

    public struct Fitted: Sendable, Equatable {
        public var lines: [String]
        public var points: Int
    }

    public static func fit(_ text: String, in box: Box, maxPoints: Int, measure: TextMeasure) -> Fitted {
        let top = max(minPoints, min(maxPoints, box.h))
        // Whole words first; a word broken between lines only when no size keeps every word whole.
        for breaking in [false, true] {
            var lo = minPoints, hi = top, best: [String]? = nil, bestPoints = minPoints
            while lo <= hi {
                let mid = (lo + hi) / 2
                if let lines = wrap(text, points: mid, box: box, measure: measure, breakWords: breaking) {
                    best = lines
                    bestPoints = mid
                    lo = mid + 1
                } else {
                    hi = mid - 1
                }
            }
            if let best { return Fitted(lines: best, points: bestPoints) }
        }
        return Fitted(lines: cut(text, points: minPoints, box: box, measure: measure), points: minPoints)
    }

    /// Shapes for `text` fitted into `box`, centred both ways (or from the left edge).
    public static func shapes(_ text: String, in box: Box, maxPoints: Int, colour: RGBColour, measure: TextMeasure,
                              centred: Bool = true) -> [Shape] {
        let f = fit(text, in: box, maxPoints: maxPoints, measure: measure)
        return place(f, in: box, colour: colour, measure: measure, centred: centred)
    }

    public static func place(_ f: Fitted, in box: Box, colour: RGBColour, measure: TextMeasure, centred: Bool = true) -> [Shape] {
        let lh = measure.lineHeight(points: f.points)
        var y = box.y + max(0, (box.h - lh * f.lines.count) / 2)
        var out: [Shape] = []
        for line in f.lines {
            let w = min(box.w, measure.width(line, points: f.points))
            let x = centred ? box.x + (box.w - w) / 2 : box.x
            out.append(.text(line, Box(x: x, y: y, w: w, h: min(lh, box.maxY - y)), points: f.points, colour))
            y += lh
        }
        return out
    }

    /// The lines of `text` at `points` if they fit the box, else nil.
    static func wrap(_ text: String, points: Int, box: Box, measure: TextMeasure, breakWords: Bool) -> [String]? {
        let lh = measure.lineHeight(points: points)
        guard lh <= box.h else { return nil }
        let maxLines = box.h / lh
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let joined = line.isEmpty ? word : line + " " + word
            if measure.width(joined, points: points) <= box.w { line = joined; continue }
            if !line.isEmpty { lines.append(line); line = "" }
            if measure.width(word, points: points) <= box.w { line = word; continue }
            // Wider than the box alone: break it between characters.
            guard breakWords else { return nil }
            for c in word {
                let more = line + String(c)
                if measure.width(more, points: points) <= box.w || line.isEmpty {
                    guard measure.width(String(c), points: points) <= box.w else { return nil }
                    line = more
                } else {
                    lines.append(line)
                    line = String(c)
                }
            }
            if lines.count > maxLines { return nil }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.count <= maxLines ? lines : nil
    }

    /// At the smallest size: as many characters as fit, line by line, the last cut with "…".
    static func cut(_ text: String, points: Int, box: Box, measure: TextMeasure) -> [String] {
        let lh = max(1, measure.lineHeight(points: points))
        let maxLines = box.h / lh
        guard maxLines > 0 else { return [] }
        var lines: [String] = [], line = ""
        for c in text {
            if measure.width(line + String(c), points: points) <= box.w { line.append(c); continue }
            lines.append(line)
            line = String(c)
            if lines.count == maxLines { break }
        }
        if lines.count < maxLines, !line.isEmpty { lines.append(line) }
        if lines.count == maxLines, var last = lines.popLast() {
            while !last.isEmpty && measure.width(last + "…", points: points) > box.w { last.removeLast() }
            lines.append(measure.width(last + "…", points: points) <= box.w ? last + "…" : last)
        }
        return lines.filter { measure.width($0, points: points) <= box.w }
    }
}

public typealias RGBColour = TerminalUI.RGB

import TerminalUI
