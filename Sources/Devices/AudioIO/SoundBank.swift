import AudioDSP
import Glibc
import Platform

/// The engine's sounds, decoded and converted to the device's rate and channels once, at start-up.
public struct SoundBank: Sendable {
    public private(set) var clips: [Clip] = []
    /// Files that could not be loaded: the rest still play.
    public private(set) var failures: [AudioError] = []

    public init() {}

    /// Clips already at the device's rate and channels (synthesised or converted by the caller).
    public init(clips: [Clip]) { self.clips = clips }

    public func index(of name: String) -> Int? { clips.firstIndex { $0.name == name } }
    public var names: [String] { clips.map(\.name) }

    /// Kape's own sounds by name: `directory/NAME.wav` where it loads, else the recipe `kape sounds generate`
    /// writes (the same bytes), so a missing or broken sounds folder never silences the game; converted once.
    /// A file there that does not load is an error, not a silent swap for the recipe: someone put it there.
    public static func feedback(_ names: [String], directory: String, rate: Int, channels: Int) throws -> SoundBank {
        try SoundBank(clips: names.map { name in
            let path = directory + "/" + name + ".wav"
            let clip = access(path, F_OK) == 0 ? try ClipFile.load(path)
                : Clip(name: name, rate: SoundSynth.rate, channels: 1, samples: SoundSynth.recipe(named: name)?.render() ?? [])
            return clip.converted(rate: rate, channels: channels)
        })
    }

    /// Loads one file; a failure is recorded and thrown.
    @discardableResult
    public mutating func load(_ path: String, name: String? = nil, rate: Int, channels: Int) throws -> Int {
        do {
            let clip = try ClipFile.load(path, name: name).converted(rate: rate, channels: channels)
            clips.append(clip)
            return clips.count - 1
        } catch let error as AudioError {
            failures.append(error)
            throw error
        }
    }

    /// Every WAV/FLAC/Ogg file in `directory`, sorted by name; bad files land in `failures`.
    public static func load(directory: String, rate: Int, channels: Int) throws -> SoundBank {
        var bank = SoundBank()
        for path in try soundFiles(in: directory) {
            _ = try? bank.load(path, rate: rate, channels: channels)
        }
        return bank
    }

    /// Sound file paths in a directory, sorted.
    public static func soundFiles(in directory: String) throws -> [String] {
        guard let names = directoryNames(directory) else {
            throw AudioError.file(directory, "cannot open the sounds directory: \(errnoText(errno))")
        }
        var paths: [String] = []
        for name in names {
            guard let dot = name.lastIndex(of: "."), !name.hasPrefix(".") else { continue }
            let ext = name[name.index(after: dot)...].lowercased()
            if ClipFile.extensions.contains(ext) { paths.append(directory + "/" + name) }
        }
        return paths.sorted()
    }
}
