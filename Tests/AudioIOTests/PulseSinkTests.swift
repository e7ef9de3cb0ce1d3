import AudioDSP
import Foundation
import Testing
@testable import AudioIO
import Platform

/// Through a private PulseAudio null sink, whose clock runs in real time (scripts/pulse-null-sink.sh).
@Suite(.serialized) struct PulseSinkTests {
    @Test func twoSecondsOfAudioTakeAboutTwoSeconds() throws {
        try withPulse { config, _ in
            let sink = try AlsaSink(device: "kape_pulse", configFile: config)
            #expect(sink.info.rate == 48_000 && sink.info.periodFrames == 128 && sink.info.bufferFrames == 384)
            let engine = AudioEngine(sink: sink, bank: SoundBank(clips: [sine("tone", frequency: 440, seconds: 2, amplitude: 0.3)]))
            let start = MonotonicClock.nanos()
            try engine.start()
            try engine.play(0)
            #expect(eventually(within: 8) { engine.framesWritten >= 96_000 })
            engine.finish()
            let seconds = Double(MonotonicClock.nanos() - start) / 1e9
            // Woken about once per period with work to do (a wait, then a write): a device whose descriptors stay
            // readable would make it loop thousands of times per period.
            let load = engine.renderThreadLoad
            #expect(load.passesPerPeriod < 4, "render loop passes per period: \(load.passesPerPeriod)")
            #expect(load.cpuPercent > 0 && load.cpuPercent < 100)
            // Paced by the sink's clock, not written as fast as possible; no upper bound (a loaded machine is slow).
            #expect(seconds > 1.5, "2 s of audio took \(seconds) s")
            #expect(engine.deviceError == nil)
        }
    }

    @Test func delayIsReportedAndSane() throws {
        try withPulse { config, _ in
            let sink = try AlsaSink(device: "kape_pulse", configFile: config)
            let engine = AudioEngine(sink: sink, bank: SoundBank(clips: [sine("blip", frequency: 880, seconds: 0.05, amplitude: 0.3)]))
            try engine.start()
            #expect(eventually(within: 3) { engine.framesWritten >= 9_600 })
            var records: [LatencyRecord] = []
            for _ in 0..<5 {
                try engine.play(0)
                #expect(eventually(within: 2) { records += engine.takeRecords(); return records.count > 0 })
                records.removeAll()
                try engine.play(0)
                #expect(eventually(within: 2) { records += engine.takeRecords(); return !records.isEmpty })
            }
            engine.finish()
            #expect(!records.isEmpty)
            // A trigger committed right after an underrun (a loaded machine) finds the buffer empty: 0 is a true
            // reading then, so only "never reported" and absurd values fail.
            #expect(records.contains { $0.aheadFrames > 0 }, "the delay was never reported: \(records.map(\.aheadFrames))")
            for r in records {
                #expect(r.aheadFrames >= 0 && r.aheadFrames < 24_000, "frames queued ahead: \(r.aheadFrames)")
                #expect(r.internalMs >= 0)
            }
        }
    }

    @Test func inducedUnderrunIsRecoveredAndCounted() throws {
        try withPulse { config, _ in
            let sink = try AlsaSink(device: "kape_pulse", configFile: config)
            let engine = AudioEngine(sink: sink, bank: SoundBank(clips: [sine("blip", frequency: 880, seconds: 0.05, amplitude: 0.3)]))
            try engine.start()
            #expect(eventually(within: 3) { engine.framesWritten >= 4_800 })
            let before = engine.xruns
            engine.injectStall(milliseconds: 300)
            #expect(eventually(within: 5) { engine.xruns > before })
            let after = engine.framesWritten
            #expect(eventually(within: 5) { engine.framesWritten > after + 9_600 })  // still playing
            #expect(engine.deviceError == nil)
            engine.finish()
        }
    }

    @Test func vanishedDeviceGivesAClearErrorAndNoCrash() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        try runScript(["start", dir.path])
        var stopped = false
        defer { if !stopped { _ = try? runScript(["stop", dir.path]) } }
        let sink = try AlsaSink(device: "kape_pulse", configFile: dir.file("asound.conf"))
        let engine = AudioEngine(sink: sink, bank: SoundBank(clips: [sine("blip", frequency: 880, seconds: 0.05, amplitude: 0.3)]))
        try engine.start()
        #expect(eventually(within: 3) { engine.framesWritten >= 4_800 })
        try runScript(["stop", dir.path])
        stopped = true
        #expect(eventually(within: 5) { engine.deviceError != nil })
        let message = engine.deviceError?.message ?? ""
        #expect(message.contains("kape_pulse") && message.contains("kape audio devices"), "\(message)")
        #expect(throws: AudioError.self) { try engine.play(0) }
        engine.stop()
    }
}
