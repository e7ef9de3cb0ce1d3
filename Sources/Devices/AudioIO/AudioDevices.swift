import CALSA
import Glibc

/// A playback PCM that alsa-lib's configuration names (what `aplay -L` lists).
public struct AudioDevice: Sendable, Equatable {
    public var name: String
    public var description: String
}

/// ALSA's `default` PCM: which sound server or card is behind it, and whether it can be opened now.
public struct DefaultDevice: Sendable, Equatable {
    /// The plugin type of its definition, when the configuration says.
    public var type: String?
    /// Why it does not open (nil when it does).
    public var openError: String?

    /// In a user's words: the server or card behind `default`.
    public var server: String {
        switch type {
        case "pipewire": "PipeWire"
        case "pulse": "PulseAudio (or PipeWire's PulseAudio service)"
        case "jack": "JACK"
        case "hw", "plughw", "dmix", "asym", "plug": "a sound card through ALSA (\(type!))"
        case let t?: "ALSA plugin '\(t)'"
        case nil: "no sound server configured (the first sound card, if any)"
        }
    }
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

    /// What ALSA's `default` is on this machine: the plugin type its definition names (`pipewire`, `pulse`,
    /// `hw`, …, or the type of the PCM it points at) and whether it opens now.
    public static func defaultDevice() -> DefaultDevice {
        var type: String?
        var topRef: OpaquePointer?
        if snd_config_update_ref(&topRef) >= 0, let top = topRef {
            defer { snd_config_unref(top) }
            var definition: OpaquePointer?
            if snd_config_search_definition(top, "pcm", "default", &definition) >= 0, let definition {
                var node: OpaquePointer?
                var value: UnsafePointer<CChar>?
                if snd_config_search(definition, "type", &node) >= 0, let node, snd_config_get_string(node, &value) >= 0, let value {
                    type = String(cString: value)
                }
                snd_config_delete(definition)
            }
        }
        var pcm: OpaquePointer?
        let err = SoundServerClientNoise.quietly { snd_pcm_open(&pcm, "default", SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK) }
        if err >= 0, let pcm { snd_pcm_close(pcm) }
        return DefaultDevice(type: type, openError: err >= 0 ? nil : alsaMessage(err))
    }

    private static func take(_ p: UnsafeMutablePointer<CChar>?) -> String? {
        guard let p else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
