import Platform

/// libpulse (behind ALSA's pulse plugin) prints to stderr itself when it cannot make its folder under an unusable
/// home: "Failed to create secure directory (/nonexistent/.config/pulse): …", twice per open, in words that name
/// neither Kape nor what to do. Opening a device goes through `quietly`, which says it once, Kape's way.
enum SoundServerClientNoise {
    nonisolated(unsafe) private static var told = false

    static func quietly<T>(_ body: () -> T) -> T {
        let (result, text) = StandardStreams.capturingStandardError(body)
        var other = ""
        var folder: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let r = line.firstRange(of: "Failed to create secure directory (") {
                folder = String(line[r.upperBound...])
            } else if !line.isEmpty {
                other += line + "\n"
            }
        }
        if !other.isEmpty { FileHandleOutput.stderr(other) }
        if let folder, !told {
            told = true
            FileHandleOutput.stderr("kape: warning: the sound server's client library cannot make its folder ("
                + printableFolder(folder) + "; it uses $XDG_CONFIG_HOME/pulse, else $HOME/.config/pulse): set XDG_CONFIG_HOME or HOME to a folder you can write\n")
        }
        return result
    }

    /// "(/x/.config/pulse): Not a directory" → "/x/.config/pulse: Not a directory", control characters shown.
    private static func printableFolder(_ s: String) -> String {
        var text = s
        if let r = text.firstRange(of: "): ") { text.replaceSubrange(r, with: ": ") }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }
}
