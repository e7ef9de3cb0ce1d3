import CALSA
import Glibc

/// A playback PCM that alsa-lib's configuration names (what `aplay -L` lists).
public struct AudioDevice: Sendable, Equatable {
    public var name: String
    public var description: String
}

public enum AudioDevices {
    /// Output-capable PCMs from the ALSA configuration's name hints.
    public static func list() -> [AudioDevice] {
        AlsaSink.clearLibraryMessage()
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        guard snd_device_name_hint(-1, "pcm", &hints) >= 0, let hints else { return [] }
        defer { snd_device_name_free_hint(hints) }
        var out: [AudioDevice] = []
        var i = 0
        while let hint = hints[i] {
            i += 1
            let name = take(snd_device_name_get_hint(hint, "NAME"))
            let description = take(snd_device_name_get_hint(hint, "DESC")) ?? ""
            let io = take(snd_device_name_get_hint(hint, "IOID"))
            guard let name, io == nil || io == "Output" else { continue }
            out.append(AudioDevice(name: name, description: description.split(separator: "\n").joined(separator: " — ")))
        }
        return out
    }

    private static func take(_ p: UnsafeMutablePointer<CChar>?) -> String? {
        guard let p else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
