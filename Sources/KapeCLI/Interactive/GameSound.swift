import Game
import AudioDSP
import AudioIO
import Platform

/// The game's sounds through the real-time engine: ALSA's default device (or `--device`), else a paced WAV file
/// (`fallbackNote` says where, in one line, for the screen).
final class GameSound {
    let engine: AudioEngine
    let fallbackNote: String?
    /// Sounds caused by a gesture: their latency records span the whole motion-to-sound path.
    private var gestureTokens: Set<UInt64> = []
    private var records: [LatencyRecord] = []

    init(device: String?, soundsDirectory: String) throws {
        let request = SinkRequest(rate: 48_000, channels: 2, periodFrames: 128, periods: 3)
        AlsaSink.setQuiet(true)
        var note: String?
        let sink: AudioSink
        if let device, device.hasPrefix("wav:") {
            sink = try WavFileSink(path: String(device.dropFirst(4)), request: request, paced: true)
        } else if let device {
            sink = try AlsaSink(device: device, request: request)
        } else {
            do { sink = try AlsaSink(device: "default", request: request) } catch {
                let path = temporaryPath("kape-play.wav")
                sink = try WavFileSink(path: path, request: request, paced: true)
                note = "Pa kartë zëri: tingujt shkojnë në \(path)"
            }
        }
        fallbackNote = note
        let bank = SoundBank.feedback(RoundSound.allCases.map(\.rawValue), directory: soundsDirectory,
                                      rate: sink.info.rate, channels: sink.info.channels)
        engine = AudioEngine(sink: sink, bank: bank)
        try engine.start()
    }

    /// `arrival`: when the cause reached Kape (a gesture's sample), so the latency record spans the whole path.
    func play(_ sound: RoundSound, arrival: UInt64? = nil) {
        guard let index = engine.bank.index(of: sound.rawValue), let token = try? engine.play(index, arrival: arrival) else { return }
        if arrival != nil { gestureTokens.insert(token) }
        records += engine.takeRecords()
    }

    /// Stops the engine; returns the gesture sounds' latency records.
    func finish() -> [LatencyRecord] {
        MonotonicClock.sleep(nanos: 50_000_000)  // let the last trigger's block be committed before the thread stops
        records += engine.takeRecords()
        engine.finish()
        return records.filter { gestureTokens.contains($0.token) }
    }
}
