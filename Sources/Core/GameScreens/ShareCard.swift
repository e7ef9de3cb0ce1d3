import Game
import Platform
import Raster
/// The 1080×1920 results card: Kape title, a double-headed eagle, score, rank badge and deck name, in the game's
/// colours (black, red, neon green).
public enum ShareCard {
    public static let width = 1080
    public static let height = 1920

    public static func render(result: RoundResult, deckTitle: String) -> Canvas {
        var c = Canvas(width: width, height: height, fill: .black)
        centred(&c, "KAPE", y: 110, scale: 36, .neon)
        c.rect(x: 0, y: 420, w: width, h: 700, .red)
        eagle(&c, cx: width / 2, cy: 760, size: 380)
        centred(&c, "\(result.score)", y: 1180, scale: 30, .white)
        centred(&c, result.score == 1 ? "FJALË E GJETUR" : "FJALË TË GJETURA", y: 1420, scale: 7, .white)
        badge(&c, result.rank, y: 1540)
        centred(&c, deckTitle, y: 1760, scale: 8, .neon)
        return c
    }

    public static func png(result: RoundResult, deckTitle: String) -> [UInt8] {
        let c = render(result: result, deckTitle: deckTitle)
        return PNGEncoder.encode(width: c.width, height: c.height, rgb: c.rgb)
    }

    private static func centred(_ c: inout Canvas, _ s: String, y: Int, scale: Int, _ colour: Canvas.Colour) {
        var scale = scale
        while scale > 2 && Canvas.textWidth(s, scale: scale) > c.width - 80 { scale -= 1 }  // long deck names fit
        c.text(s, x: (c.width - Canvas.textWidth(s, scale: scale)) / 2, y: y, scale: scale, colour)
    }

    private static func badge(_ c: inout Canvas, _ rank: String, y: Int) {
        let scale = 9
        let w = Canvas.textWidth(rank, scale: scale) + 120
        let x = (c.width - w) / 2
        c.rect(x: x, y: y, w: w, h: 7 * scale + 80, .neon)
        c.rect(x: x + 10, y: y + 10, w: w - 20, h: 7 * scale + 60, .black)
        c.text(rank, x: x + 60, y: y + 40, scale: scale, .neon)
    }

    /// A stylised double-headed eagle in black: body, spread feathered wings, two heads looking outwards, tail.
    private static func eagle(_ c: inout Canvas, cx: Int, cy: Int, size: Int) {
        let s = Double(size) / 100, x0 = Double(cx), y0 = Double(cy)
        func p(_ x: Double, _ y: Double) -> (Double, Double) { (x0 + x * s, y0 + y * s) }
        for side in [-1.0, 1.0] {
            // Wing: stepped feathers falling away from the shoulder.
            var wing = [p(side * 12, -30)]
            for k in 0..<5 {
                let fx = side * (30 + Double(k) * 15), fy = -70 + Double(k) * 22
                wing += [p(fx, fy), p(fx - side * 6, fy + 16)]
            }
            wing += [p(side * 40, 40), p(side * 12, 20)]
            c.polygon(wing, .black)
            // Neck and head looking outwards, beak open.
            c.polygon([p(side * 4, -30), p(side * 18, -62), p(side * 30, -62), p(side * 14, -26)], .black)
            c.disc(cx: Int(saturating: x0 + side * 26 * s), cy: Int(saturating: y0 - 68 * s), r: Int(saturating: 11 * s), .black)
            c.polygon([p(side * 34, -74), p(side * 50, -70), p(side * 36, -64)], .black)
            c.disc(cx: Int(saturating: x0 + side * 28 * s), cy: Int(saturating: y0 - 71 * s), r: max(2, Int(saturating: 2 * s)), .red)
            // Legs and talons.
            c.polygon([p(side * 6, 30), p(side * 20, 52), p(side * 26, 50), p(side * 12, 28)], .black)
        }
        c.polygon([p(-14, -34), p(14, -34), p(16, 30), p(0, 40), p(-16, 30)], .black)  // body
        c.polygon([p(-12, 34), p(12, 34), p(22, 80), p(0, 70), p(-22, 80)], .black)    // tail
    }
}
