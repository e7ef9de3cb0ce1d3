/// Why the window could not be used, in words a player can act on.
public enum WindowError: Error, CustomStringConvertible, Equatable {
    /// No display server and no KMSDRM device SDL could open.
    case noDisplay(String)
    /// An SDL or SDL_ttf call failed: what was being done, and SDL's own words.
    case sdl(String, String)
    /// No font file: where Kape looked.
    case noFont([String])
    case badFont(String, String)

    public var description: String {
        switch self {
        case .noDisplay(let why):
            return "no display for the window (\(why)): run it on a desktop (X11 or Wayland), with --window on a console (KMSDRM), or use --tui"
        case .sdl(let what, let why): return "\(what): \(why)"
        case .noFont(let looked):
            return "no font for the window: install fonts-dejavu-core, or set KAPE_FONT to a .ttf file (looked for \(looked.joined(separator: ", ")))"
        case .badFont(let path, let why): return "\(path): not a usable font (\(why))"
        }
    }
}
