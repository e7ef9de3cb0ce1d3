import CSDL2
import Raster
import WindowLayout

/// A window's renderer without a window: SDL's software renderer over a surface, for `--frames` and the tests.
/// Needs no display and no SDL video driver.
public final class OffscreenFrame {
    public let width: Int
    public let height: Int
    private let surface: UnsafeMutablePointer<SDL_Surface>
    private let renderer: OpaquePointer
    public let painter: Painter

    public init(width: Int, height: Int, fontPath: String) throws {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw WindowError.sdl("frame size \(width)×\(height)", "each side must be 1 to 16384 pixels")
        }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw WindowError.sdl("a \(width)×\(height) frame", String(cString: SDL_GetError()))
        }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            throw WindowError.sdl("the software renderer", String(cString: SDL_GetError()))
        }
        do { painter = try Painter(renderer: renderer, fontPath: fontPath) } catch {
            SDL_DestroyRenderer(renderer)
            SDL_FreeSurface(surface)
            throw error
        }
        self.width = width
        self.height = height
        self.surface = surface
        self.renderer = renderer
    }

    deinit {
        painter.close()
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    public func draw(_ scene: Scene) {
        painter.draw(scene)
        SDL_RenderPresent(renderer)
    }

    /// The frame as RGB bytes, row by row.
    public func rgb() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 3)
        SDL_LockSurface(surface)
        defer { SDL_UnlockSurface(surface) }
        let pitch = Int(surface.pointee.pitch)
        let base = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        var o = 0
        for y in 0..<height {
            let row = base + y * pitch
            for x in 0..<width {
                // ARGB8888 in memory on little-endian: B, G, R, A.
                out[o] = row[4 * x + 2]; out[o + 1] = row[4 * x + 1]; out[o + 2] = row[4 * x]
                o += 3
            }
        }
        return out
    }

    public func png() -> [UInt8] { PNGEncoder.encode(width: width, height: height, rgb: rgb()) }
}
