import Game
import AudioDSP
import AudioIO
import Platform

/// The game's sounds through the real-time engine, on a sink the caller opened (a device, or a paced WAV file).
public final class GameSound {
    public let engine: AudioEngine
    /// Sounds caused by a gesture: their latency records span the whole motion-to-sound path.
    private var gestureTokens: Set<UInt64> = []
    private var records: [LatencyRecord] = []
    /// Sounds handed to the engine (tests: the round's sounds were played).
    public private(set) var played = 0

    /// The game's sounds, clip `n` being the sound whose `index` is `n`.
    public static func bank(directory: String, rate: Int, channels: Int) throws -> SoundBank {
        try SoundBank.feedback(RoundSound.allCases.map(\.rawValue), directory: directory, rate: rate, channels: channels)
    }

    public init(sink: AudioSink, soundsDirectory: String) throws {
        let bank = try Self.bank(directory: soundsDirectory, rate: sink.info.rate, channels: sink.info.channels)
        engine = try AudioEngine(sink: sink, bank: bank)
        try engine.start()
    }

    /// `arrival`: when the cause reached Kape (a gesture's sample), so the latency record spans the whole path.
    public func play(_ sound: RoundSound, arrival: MonoInstant? = nil) {
        guard let token = try? engine.play(sound.index, arrival: arrival?.nanos) else { return }
        played += 1
        if arrival != nil { gestureTokens.insert(token) }
        records += engine.takeRecords()
    }

    /// Stops the engine; returns the gesture sounds' latency records.
    public func finish() -> [LatencyRecord] {
        engine.finish()  // the render thread commits a trigger still queued before it ends
        records += engine.takeRecords()
        return records.filter { gestureTokens.contains($0.token) }
    }
}
