import CSDL2
import Raster
import TerminalUI
import WindowLayout

/// Draws `Scene`s with one SDL renderer (a window's, or a software renderer over a surface) and one font, and
/// measures text with that same font, so what the layout fitted is exactly what appears.
/// Text is rendered once per (text, size, colour, backdrop) and kept, anti-aliased against the colour it sits on
/// and copied opaque: blending, or a colour applied at draw time, sends SDL's software renderer down its per-pixel
/// paths, milliseconds for a card at 1080p, and the frame answering a gesture must be out in well under 4 ms.
public final class Painter: TextMeasure {
    let renderer: OpaquePointer
    let font: OpaquePointer
    private var size = 0
    private var textures: [String: (texture: OpaquePointer, w: Int32, h: Int32, used: Int)] = [:]
    private var texturePixels = 0
    private var uses = 0
    private var widths: [String: Int] = [:]
    /// Bounds the caches: a long game shows many cards, and a card at 4K is tens of megabytes of texture.
    static let cacheLimit = 256
    static let pixelLimit = 48 * 1024 * 1024 / 4

    /// Opens `fontPath` for `renderer` (TTF_Init is counted; `close` undoes it).
    public init(renderer: OpaquePointer, fontPath: String) throws {
        guard TTF_Init() == 0 else { throw WindowError.sdl("TTF_Init", Self.error) }
        guard let font = TTF_OpenFont(fontPath, 32) else {
            let why = Self.error
            TTF_Quit()
            throw WindowError.badFont(fontPath, why)
        }
        self.renderer = renderer
        self.font = font
        size = 32
    }

    public func close() {
        forgetTextures()
        TTF_CloseFont(font)
        TTF_Quit()
    }

    static var error: String { String(cString: SDL_GetError()) }

    /// After a render device reset (textures lost) or to bound memory.
    public func forgetTextures() {
        for t in textures.values { SDL_DestroyTexture(t.texture) }
        textures.removeAll()
        texturePixels = 0
        if let p = pictureTexture { SDL_DestroyTexture(p.texture); pictureTexture = nil }
    }

    private func setSize(_ points: Int) {
        let p = max(1, min(points, 4000))
        if p != size { TTF_SetFontSize(font, Int32(p)); size = p }
    }

    // MARK: TextMeasure

    public func width(_ text: String, points: Int) -> Int {
        let key = "\(points)|" + text
        if let w = widths[key] { return w }
        setSize(points)
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(font, text, &w, &h)
        if widths.count >= Self.cacheLimit * 16 { widths.removeAll() }
        widths[key] = Int(w)
        return Int(w)
    }

    public func lineHeight(points: Int) -> Int {
        setSize(points)
        return Int(max(TTF_FontHeight(font), TTF_FontLineSkip(font)))
    }

    public func renders(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { s in
            // Joiners and variation selectors have no glyph of their own.
            s.value == 0x200D || (0xFE00...0xFE0F).contains(s.value) || TTF_GlyphIsProvided32(font, s.value) != 0
        }
    }

    // MARK: drawing

    public func draw(_ scene: Scene) {
        colour(scene.background)
        SDL_RenderClear(renderer)
        var fills: [(Box, RGB)] = []
        for shape in scene.shapes {
            switch shape {
            case .fill(let box, let c):
                colour(c)
                var r = rect(box)
                SDL_RenderFillRect(renderer, &r)
                fills.append((box, c))
            case .text(let text, let box, let points, let c):
                draw(text, box, points, c, on: Scene.backdrop(box, fills, scene.background))
            case .lock(let box, let c):
                lock(box, c)
            case .picture(let canvas, let box):
                picture(canvas, box)
            }
        }
    }

    /// The last picture's texture, with the pixels it was made from (held, so their storage is not reused by
    /// another picture while the texture stands for it).
    private var pictureTexture: (rgb: [UInt8], texture: OpaquePointer)?

    private func picture(_ canvas: Canvas, _ box: Box) {
        guard box.w > 0, box.h > 0, canvas.width > 0, canvas.height > 0 else { return }
        let same = pictureTexture.map { cached in
            cached.rgb.withUnsafeBufferPointer { a in canvas.rgb.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
        } ?? false
        if !same {
            if let old = pictureTexture { SDL_DestroyTexture(old.texture); pictureTexture = nil }
            guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGB24.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                            Int32(canvas.width), Int32(canvas.height)) else { return }
            _ = canvas.rgb.withUnsafeBytes { SDL_UpdateTexture(t, nil, $0.baseAddress, Int32(canvas.width * 3)) }
            SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)
            // Shrunk to a phone's or a TV's share of the screen: averaged, not every n-th pixel.
            SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear)
            pictureTexture = (canvas.rgb, t)
        }
        guard let t = pictureTexture?.texture else { return }
        var dst = rect(box)
        SDL_RenderCopy(renderer, t, nil, &dst)
    }

    private func colour(_ c: RGB) { SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, 255) }

    private func rect(_ b: Box) -> SDL_Rect { SDL_Rect(x: Int32(b.x), y: Int32(b.y), w: Int32(b.w), h: Int32(b.h)) }


    private func draw(_ text: String, _ box: Box, _ points: Int, _ c: RGB, on backdrop: RGB) {
        guard !text.isEmpty, box.w > 0, box.h > 0, let t = texture(text, points, c, backdrop) else { return }
        // Cut to the box: the layout's measure and the rendering agree, this only guards the last pixel.
        let w = min(Int32(box.w), t.w), h = min(Int32(box.h), t.h)
        var src = SDL_Rect(x: 0, y: 0, w: w, h: h)
        var dst = SDL_Rect(x: Int32(box.x), y: Int32(box.y), w: w, h: h)
        SDL_RenderCopy(renderer, t.texture, &src, &dst)
    }

    /// Renders the text of `scene` ahead of time (the flashes a gesture may show next), so the frame that answers a
    /// gesture only copies.
    public func prepare(_ scene: Scene) {
        var fills: [(Box, RGB)] = []
        for shape in scene.shapes {
            switch shape {
            case .fill(let box, let c): fills.append((box, c))
            case .text(let text, let box, let points, let c) where !text.isEmpty:
                _ = texture(text, points, c, Scene.backdrop(box, fills, scene.background))
            default: break
            }
        }
    }

    private func texture(_ text: String, _ points: Int, _ c: RGB, _ on: RGB) -> (texture: OpaquePointer, w: Int32, h: Int32, used: Int)? {
        let key = "\(points)|\(c.r),\(c.g),\(c.b)|\(on.r),\(on.g),\(on.b)|" + text
        uses += 1
        if let t = textures[key] { textures[key]!.used = uses; return t }
        if textures.count >= Self.cacheLimit || texturePixels >= Self.pixelLimit { evictOldest() }
        setSize(points)
        guard let surface = TTF_RenderUTF8_Shaded(font, text, SDL_Color(r: c.r, g: c.g, b: c.b, a: 255),
                                                  SDL_Color(r: on.r, g: on.g, b: on.b, a: 255)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let tex = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_NONE)
        let t = (texture: tex, w: surface.pointee.w, h: surface.pointee.h, used: uses)
        textures[key] = t
        texturePixels += Int(t.w) * Int(t.h)
        return t
    }

    /// The least recently drawn half goes: what every flash or every frame uses stays.
    private func evictOldest() {
        for (key, t) in textures.sorted(by: { $0.value.used < $1.value.used }).prefix(textures.count / 2 + 1) {
            SDL_DestroyTexture(t.texture)
            texturePixels -= Int(t.w) * Int(t.h)
            textures[key] = nil
        }
    }

    /// A padlock: shackle (two posts and a bar) over a body with a keyhole.
    private func lock(_ b: Box, _ c: RGB) {
        let post = max(1, b.w / 7)
        let body = Box(x: b.x, y: b.y + b.h * 45 / 100, w: b.w, h: b.h - b.h * 45 / 100)
        let left = Box(x: b.x + b.w / 5, y: b.y, w: post, h: body.y - b.y)
        let right = Box(x: b.maxX - b.w / 5 - post, y: b.y, w: post, h: body.y - b.y)
        let bar = Box(x: left.x, y: b.y, w: right.maxX - left.x, h: post)
        colour(c)
        for part in [body, left, right, bar] { var r = rect(part); SDL_RenderFillRect(renderer, &r) }
        colour(.black)
        var hole = rect(Box(x: b.x + b.w / 2 - post / 2, y: body.y + body.h / 3, w: post, h: body.h / 3))
        SDL_RenderFillRect(renderer, &hole)
    }
}
