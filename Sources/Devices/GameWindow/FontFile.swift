import Glibc
import Platform

/// The window's typeface: $KAPE_FONT, else DejaVu Sans Bold from Debian's fonts-dejavu-core (a bold sans has the
/// Albanian letters, ✓, → and ⚠, and reads from across a room).
public enum FontFile {
    public static let candidates = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/local/share/fonts/DejaVuSans-Bold.ttf",
    ]

    /// The font to open, or why there is none. A KAPE_FONT that names no file is an error, not a silent fallback.
    public static func find(environment: String? = getenv("KAPE_FONT").map { String(cString: $0) }) throws -> String {
        if let path = environment, !path.isEmpty {
            guard DataDirectories.isRegularFile(path) else { throw WindowError.noFont([path + " (KAPE_FONT)"]) }
            return path
        }
        guard let path = candidates.first(where: DataDirectories.isRegularFile) else { throw WindowError.noFont(candidates) }
        return path
    }
}
