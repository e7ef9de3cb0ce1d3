import Platform

/// A minimal SVG writer: text as real `<text>`, numbers with two decimals, everything escaped.
public struct SVGDocument: Sendable {
    public let width: Double
    public let height: Double
    private var body: [String] = []
    private var clips = 0

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, opacity: Double = 1, stroke: String? = nil) {
        body.append("<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(max(0, width)))\" height=\"\(n(max(0, height)))\" fill=\"\(fill)\"\(opacity < 1 ? " fill-opacity=\"\(n(opacity))\"" : "")\(stroke.map { " stroke=\"\($0)\"" } ?? "")/>")
    }

    public mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1, dash: String? = nil) {
        body.append("<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\"\(dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>")
    }

    /// A clipping rectangle (a plotting area); pass its id to `polyline` so nothing is drawn past it.
    public mutating func clip(x: Double, y: Double, width: Double, height: Double) -> String {
        clips += 1
        body.append("<clipPath id=\"c\(clips)\"><rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\"/></clipPath>")
        return "c\(clips)"
    }

    public mutating func polyline(_ points: [(Double, Double)], stroke: String, width: Double = 1.2, clip: String? = nil) {
        guard points.count > 1 else { return }
        var d = ""
        d.reserveCapacity(points.count * 14)
        for (i, p) in points.enumerated() { d += (i == 0 ? "M" : "L") + n(p.0) + " " + n(p.1) }
        body.append("<path d=\"\(d)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\" stroke-linejoin=\"round\"\(clip.map { " clip-path=\"url(#\($0))\"" } ?? "")/>")
    }

    public enum Shape: Sendable { case circle, triangleDown, triangleUp, cross, diamond }

    public mutating func marker(_ shape: Shape, x: Double, y: Double, size: Double = 5, fill: String, title: String? = nil) {
        let s = size
        let element: String
        switch shape {
        case .circle: element = "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(s))\" fill=\"\(fill)\""
        case .triangleDown: element = "<path d=\"M\(n(x - s)) \(n(y - s))L\(n(x + s)) \(n(y - s))L\(n(x)) \(n(y + s))Z\" fill=\"\(fill)\""
        case .triangleUp: element = "<path d=\"M\(n(x - s)) \(n(y + s))L\(n(x + s)) \(n(y + s))L\(n(x)) \(n(y - s))Z\" fill=\"\(fill)\""
        case .diamond: element = "<path d=\"M\(n(x)) \(n(y - s))L\(n(x + s)) \(n(y))L\(n(x)) \(n(y + s))L\(n(x - s)) \(n(y))Z\" fill=\"\(fill)\""
        case .cross: element = "<path d=\"M\(n(x - s)) \(n(y - s))L\(n(x + s)) \(n(y + s))M\(n(x - s)) \(n(y + s))L\(n(x + s)) \(n(y - s))\" stroke=\"\(fill)\" stroke-width=\"2.5\" fill=\"none\""
        }
        if let title { body.append(element + "><title>\(escape(title))</title></" + (shape == .circle ? "circle>" : "path>")) } else { body.append(element + "/>") }
    }

    public enum Anchor: String, Sendable { case start, middle, end }

    /// `data`: a label that belongs to a data point (it may meet another where the data is dense); every other
    /// text is laid out so it never overlaps (see `textWidth`).
    public mutating func text(_ s: String, x: Double, y: Double, size: Double = 12, anchor: Anchor = .start, fill: String = Palette.text, weight: String? = nil, rotate: Double? = nil, data: Bool = false) {
        let transform = rotate.map { " transform=\"rotate(\(n($0)) \(n(x)) \(n(y)))\"" } ?? ""
        body.append("<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\" text-anchor=\"\(anchor.rawValue)\" fill=\"\(fill)\"\(weight.map { " font-weight=\"\($0)\"" } ?? "")\(data ? " class=\"data\"" : "")\(transform)>\(escape(s))</text>")
    }

    /// A generous estimate of a text's width in the plots' font, from DejaVu Sans's widest glyphs per class (m, w,
    /// M, W and symbols 1 em; other capitals 0.8; the rest 0.64; bold 1.2×; CJK 1 em), so laid-out text never overlaps.
    public static func textWidth(_ s: String, size: Double, bold: Bool = false) -> Double {
        let em = s.unicodeScalars.reduce(0.0) { w, u in
            if u.value > 0x2E80 || "mwMW@%…—".unicodeScalars.contains(u) { return w + 1 }
            return w + (u.properties.isUppercase ? 0.8 : 0.64)
        }
        return em * size * (bold ? 1.2 : 1)
    }

    /// `s`, its middle replaced by "…" until it fits `width` (a long file name keeps its start and its end).
    public static func fitting(_ s: String, size: Double, width: Double, bold: Bool = false) -> String {
        guard textWidth(s, size: size, bold: bold) > width else { return s }
        // Linear: the widths are added up once, growing the kept start and end in turn (taking one character
        // at a time out of the middle and measuring again took over ten minutes for a 12 000-change title).
        let chars = Array(s)
        let widths = chars.map { textWidth(String($0), size: size, bold: bold) }
        var room = width - textWidth("…", size: size, bold: bold)
        var head = 0, tail = 0
        while head + tail < chars.count {
            let takeHead = head <= tail
            let w = takeHead ? widths[head] : widths[chars.count - 1 - tail]
            if w > room { break }
            room -= w
            if takeHead { head += 1 } else { tail += 1 }
        }
        return String(chars[..<head]) + "…" + String(chars[(chars.count - tail)...])
    }

    public var text: String {
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
        return head + "<rect width=\"100%\" height=\"100%\" fill=\"\(Palette.background)\"/>\n" + body.joined(separator: "\n") + "\n</svg>\n"
    }

    /// The SVG element without the XML declaration, for inlining into HTML.
    public var inlineText: String {
        let t = text
        guard let newline = t.firstIndex(of: "\n") else { return t }
        return String(t[t.index(after: newline)...])
    }
}

func n(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    let r = (v * 100).rounded() / 100
    if r == r.rounded() { return String(Int64(saturating: r)) }
    return String(r)
}

/// Escapes text for XML and HTML content and attribute values.
public func escape(_ s: String) -> String {
    var out = ""
    for c in s {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default: out.append(c)
        }
    }
    return out
}

/// Colours that read on a dark page and print on a light one (mid-luminance, colour-blind-safe hues).
public enum Palette {
    public static let background = "#14161a"
    public static let panel = "#1d2026"
    public static let grid = "#3a3f48"
    public static let text = "#e6e6e6"
    public static let muted = "#9aa0aa"
    public static let series = "#4da3ff"
    public static let secondary = "#c792ea"
    public static let correct = "#39ff14"
    public static let pass = "#ff9500"
    public static let miss = "#ff3b5c"
    public static let truth = "#ffd166"
    public static let band = "#6b7280"
}
