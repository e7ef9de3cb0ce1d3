import Raster
import TerminalUI

/// A rectangle in window pixels, origin top left.
public struct Box: Sendable, Equatable {
    public var x, y, w, h: Int
    public init(x: Int, y: Int, w: Int, h: Int) { self.x = x; self.y = y; self.w = max(0, w); self.h = max(0, h) }
    public var maxX: Int { x + w }
    public var maxY: Int { y + h }
    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }
    public func clipped(to other: Box) -> Box {
        let x0 = Swift.max(x, other.x), y0 = Swift.max(y, other.y)
        return Box(x: x0, y: y0, w: Swift.min(maxX, other.maxX) - x0, h: Swift.min(maxY, other.maxY) - y0)
    }
    public func inset(_ d: Int) -> Box { Box(x: x + d, y: y + d, w: w - 2 * d, h: h - 2 * d) }
    /// The part `from`..`to` (fractions) of the height.
    public func rows(_ from: Double, _ to: Double) -> Box {
        let top = y + Int(Double(h) * from), bottom = y + Int(Double(h) * to)
        return Box(x: x, y: top, w: w, h: bottom - top)
    }
    public func columns(_ from: Double, _ to: Double) -> Box {
        let left = x + Int(Double(w) * from), right = x + Int(Double(w) * to)
        return Box(x: left, y: y, w: right - left, h: h)
    }
    /// `count` equal boxes side by side, `gap` pixels apart (none for no count).
    public func split(across count: Int, gap: Int) -> [Box] {
        guard count > 0 else { return [] }
        let each = (w - gap * (count - 1)) / count
        return (0..<count).map { Box(x: x + $0 * (each + gap), y: y, w: each, h: h) }
    }
    /// `count` equal boxes one under another, `gap` pixels apart (none for no count).
    public func split(down count: Int, gap: Int) -> [Box] {
        guard count > 0 else { return [] }
        let each = (h - gap * (count - 1)) / count
        return (0..<count).map { Box(x: x, y: y + $0 * (each + gap), w: w, h: each) }
    }
}

/// What the font says about text; the window's renderer measures with the font it draws with, the tests with a
/// stand-in of known widths.
public protocol TextMeasure {
    /// Width in pixels of one line of `text` at `points` (pixel size of the em).
    func width(_ text: String, points: Int) -> Int
    /// Distance between two lines' tops at `points`.
    func lineHeight(points: Int) -> Int
    /// Whether every character of `text` has a glyph (a deck's emoji icon is left out when not).
    func renders(_ text: String) -> Bool
}

/// Which screen a frame shows, as `--frames` names its files.
public enum SceneName: String, Sendable, CaseIterable {
    case browser, vip, history, settings, countdown, card, correct, pass, warning, paused, results, share
}

/// What a tap or click on a part of the screen means.
public enum Target: Sendable, Equatable {
    /// An entry of the browser: a deck or a menu item (the session's `selected` numbering).
    case entry(Int)
    case setting(Int)
    /// Results: 0 play again, 1 back.
    case resultButton(Int)
    /// The round: pause, or resume when paused.
    case pauseToggle
    /// A button that is a key (the VIP screen's "Hap" is Enter), or a screen any key leaves (Esc).
    case press(Key)
    /// The VIP screen's "Ngjit": the clipboard's text, as Ctrl-V.
    case paste
}

extension Shape {
    /// Where the shape paints.
    public var box: Box {
        switch self {
        case .fill(let b, _), .lock(let b, _), .picture(_, let b), .text(_, let b, _, _): b
        }
    }
}

/// One thing to draw, in order.
public enum Shape: Sendable, Equatable {
    case fill(Box, RGB)
    /// One line of text; `box` is where the measured line sits (x, y of its top left).
    case text(String, Box, points: Int, RGB)
    /// A padlock (VIP), drawn from rectangles: the font has no 🔒.
    case lock(Box, RGB)
    /// A picture (the results card) scaled into the box.
    case picture(Canvas, Box)
}

/// A whole frame: background, shapes and the touch targets, from the session and the window's size only.
public struct Scene: Sendable, Equatable {
    public var name: SceneName
    public var width: Int
    public var height: Int
    public var background: RGB
    public var shapes: [Shape] = []
    public var targets: [(box: Box, target: Target)] = []
    /// What a swipe up or down moves by, in ↓/↑ presses: a page of deck tiles, a page of result rows; 0: nothing.
    public var scrollStep = 0
    /// The results list: the furthest its scroll can go at this size (the session is told, so ↑ answers at once).
    public var scrollLimit: Int?

    public init(name: SceneName, width: Int, height: Int, background: RGB) {
        self.name = name
        self.width = width
        self.height = height
        self.background = background
    }

    public static func == (a: Scene, b: Scene) -> Bool {
        a.name == b.name && a.width == b.width && a.height == b.height && a.background == b.background && a.shapes == b.shapes
            && a.targets.map(\.box) == b.targets.map(\.box) && a.targets.map(\.target) == b.targets.map(\.target)
    }

    /// Where a frame of `self` can differ from one of `old`, as the boxes of the shapes between their common first
    /// and last shapes (a pixel outside them is painted by the same shapes in the same order, over the same
    /// background); nil when the size or the background changed (everything).
    public func changedBoxes(since old: Scene) -> [Box]? {
        guard width == old.width, height == old.height, background == old.background else { return nil }
        let a = old.shapes, b = shapes
        var head = 0
        while head < a.count && head < b.count && a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head && tail < b.count - head && a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        var changed = Array(a[head..<(a.count - tail)] + b[head..<(b.count - tail)])
        // A text after the change is anti-aliased against the fill under it, which may be one that changed.
        let oldBackdrops = old.backdrops, newBackdrops = backdrops
        for k in 0..<tail where oldBackdrops[a.count - 1 - k] != newBackdrops[b.count - 1 - k] { changed.append(b[b.count - 1 - k]) }
        let screen = Box(x: 0, y: 0, w: width, h: height)
        return changed.map { $0.box.clipped(to: screen) }.filter { $0.w > 0 && $0.h > 0 }
    }

    /// For each shape, the colour a text there is set against: the last fill before it holding its middle, else
    /// the background (the painter renders text once per colour pair, opaque).
    public var backdrops: [RGB] {
        var fills: [(Box, RGB)] = []
        return shapes.map { shape in
            if case .fill(let box, let c) = shape { fills.append((box, c)) }
            return Self.backdrop(shape.box, fills, background)
        }
    }

    public static func backdrop(_ box: Box, _ fills: [(Box, RGB)], _ background: RGB) -> RGB {
        fills.last { $0.0.contains(x: box.x + box.w / 2, y: box.y + box.h / 2) }?.1 ?? background
    }

    public func target(x: Int, y: Int) -> Target? { targets.last { $0.box.contains(x: x, y: y) }?.target }

    /// The box of every text shape (tests: nothing may leave the screen).
    public var textBoxes: [(String, Box, Int)] {
        shapes.compactMap { if case .text(let s, let b, let p, _) = $0 { (s, b, p) } else { nil } }
    }
}
