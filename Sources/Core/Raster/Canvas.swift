import Platform

/// An RGB raster with the few shapes the share card needs: rectangles, discs, polygons, block-font text.
public struct Canvas: Sendable, Equatable {
    public struct Colour: Sendable, Equatable {
        public var r, g, b: UInt8
        public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) { self.r = r; self.g = g; self.b = b }
        public static let black = Colour(0, 0, 0)
        public static let white = Colour(255, 255, 255)
        public static let red = Colour(0xE4, 0x1E, 0x20)
        public static let neon = Colour(0x39, 0xFF, 0x14)
    }

    public let width: Int
    public let height: Int
    public private(set) var rgb: [UInt8]

    public init(width: Int, height: Int, fill: Colour) {
        self.width = width
        self.height = height
        rgb = [UInt8](repeating: 0, count: width * height * 3)
        rect(x: 0, y: 0, w: width, h: height, fill)
    }

    public func pixel(x: Int, y: Int) -> Colour {
        let i = (y * width + x) * 3
        return Colour(rgb[i], rgb[i + 1], rgb[i + 2])
    }

    public mutating func rect(x: Int, y: Int, w: Int, h: Int, _ c: Colour) {
        let x0 = max(0, x), x1 = min(width, x + w), y0 = max(0, y), y1 = min(height, y + h)
        guard x0 < x1 else { return }
        for yy in y0..<y1 {
            var i = (yy * width + x0) * 3
            for _ in x0..<x1 { rgb[i] = c.r; rgb[i + 1] = c.g; rgb[i + 2] = c.b; i += 3 }
        }
    }

    public mutating func disc(cx: Int, cy: Int, r: Int, _ c: Colour) {
        for dy in -r...r {
            let half = Int(saturating: Double(r * r - dy * dy).squareRoot())
            rect(x: cx - half, y: cy + dy, w: 2 * half + 1, h: 1, c)
        }
    }

    /// Even-odd scanline fill of a closed polygon.
    public mutating func polygon(_ points: [(Double, Double)], _ c: Colour) {
        guard points.count >= 3 else { return }
        let ys = points.map(\.1)
        let top = max(0, Int(saturating: ys.min()!)), bottom = min(height - 1, Int(saturating: ys.max()!))
        guard top <= bottom else { return }
        for y in top...bottom {
            let sy = Double(y) + 0.5
            var xs: [Double] = []
            for i in points.indices {
                let (ax, ay) = points[i], (bx, by) = points[(i + 1) % points.count]
                if (ay <= sy) != (by <= sy) { xs.append(ax + (sy - ay) / (by - ay) * (bx - ax)) }
            }
            xs.sort()
            var k = 0
            while k + 1 < xs.count {
                let x0 = Int(saturating: xs[k].rounded()), x1 = Int(saturating: xs[k + 1].rounded())
                rect(x: x0, y: y, w: x1 - x0, h: 1, c)
                k += 2
            }
        }
    }

    /// Text in the 5×7 block font, `scale` pixels per dot; returns the width drawn.
    @discardableResult
    public mutating func text(_ s: String, x: Int, y: Int, scale: Int, _ c: Colour) -> Int {
        var cx = x
        for ch in s {
            let (glyph, mark) = BlockFont.glyph(ch)
            for (row, bits) in glyph.enumerated() {
                for col in 0..<5 where bits & (1 << (4 - col)) != 0 {
                    rect(x: cx + col * scale, y: y + row * scale, w: scale, h: scale, c)
                }
            }
            // Diacritics drawn above the letter: two dots for Ë, a cedilla below for Ç.
            switch mark {
            case .diaeresis:
                rect(x: cx + scale, y: y - 2 * scale, w: scale, h: scale, c)
                rect(x: cx + 3 * scale, y: y - 2 * scale, w: scale, h: scale, c)
            case .cedilla:
                rect(x: cx + 2 * scale, y: y + 7 * scale, w: scale, h: scale, c)
                rect(x: cx + scale, y: y + 8 * scale, w: 2 * scale, h: scale, c)
            case .none: break
            }
            cx += 6 * scale
        }
        return cx - x - scale
    }

    public static func textWidth(_ s: String, scale: Int) -> Int { max(0, s.count * 6 * scale - scale) }
}
