import AudioDSP
import Foundation
import Testing
@testable import AudioIO
import Platform

import TestSupport

/// Through a private PulseAudio and a private PipeWire, each with a null sink whose clock runs in real time
/// (scripts/pulse-null-sink.sh, scripts/pipewire-null-sink.sh).
@Suite(.serialized) struct SoundServerSinkTests {
    /// An engine with one short blip, started, past its first 0.2 s.
    private func playingBlips(_ sink: AlsaSink) throws -> AudioEngine {
        let engine = AudioEngine(sink: sink, bank: SoundBank(clips: [sine("blip", frequency: 880, seconds: 0.05, amplitude: 0.3)]))
        try engine.start()
        #expect(eventually(within: 3) { engine.framesWritten >= 9_600 })
        return engine
    }

    @Test(arguments: SoundServer.allCases)
    func twoSecondsOfAudioTakeAboutTwoSeconds(server: SoundServer) throws {
        try server.with { config, _ in
            let sink = try AlsaSink(device: server.pcm, configFile: config)
            #expect(sink.info.rate == 48_000 && sink.info.periodFrames == 128)
            // Two periods asked; the pulse plugin insists on three.
            #expect(sink.info.bufferFrames == 256 || server == .pulse && sink.info.bufferFrames == 384, "\(sink.info)")
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

    @Test(arguments: SoundServer.allCases)
    func delayIsReportedAndSane(server: SoundServer) throws {
        try server.with { config, _ in
            let engine = try playingBlips(AlsaSink(device: server.pcm, configFile: config))
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

    /// PipeWire's plugin copies a whole quantum out at each cycle: the render thread keeps one period (and a
    /// wake-up's margin) queued there, not the whole buffer, and a trigger goes in at once behind that. PulseAudio
    /// and a pinned request keep the buffer full, as before.
    @Test(arguments: SoundServer.allCases, [true, false])
    func onPipeWireTheQueueIsAPeriodAndATriggerFindsRoom(server: SoundServer, lean: Bool) throws {
        try server.with { config, _ in
            let sink = try AlsaSink(device: server.pcm, request: SinkRequest(lean: lean), configFile: config)
            let info = sink.info
            let leanHere = lean && server == .pipewire
            #expect(info.reserveFrames == (leanHere ? info.periodFrames - 8 : 0), "\(info)")
            let engine = try playingBlips(sink)
            var records: [LatencyRecord] = []
            for _ in 0..<5 {
                try engine.play(0)
                #expect(eventually(within: 2) { records += engine.takeRecords(); return !records.isEmpty })
            }
            engine.finish()
            let xruns = engine.xruns
            if xruns == 0 {  // an xrun on a loaded machine grows the buffer and with it the queue
                if leanHere {
                    #expect(engine.peakQueuedFrames == info.queueFrames, "peak \(engine.peakQueuedFrames), \(info)")
                    for r in records { #expect(r.queuedFrames <= info.queueFrames, "\(r)") }
                } else {
                    #expect(engine.peakQueuedFrames == info.bufferFrames, "peak \(engine.peakQueuedFrames), \(info)")
                }
            }
        }
    }

    /// An xrun is recovered and counted, the buffer grows by one period and the record says why it happened
    /// (the thread was away 300 ms, far longer than the buffer); pinned, it stays.
    @Test(arguments: SoundServer.allCases, [true, false])
    func inducedUnderrunIsRecoveredCountedAndGrowsTheBuffer(server: SoundServer, adaptive: Bool) throws {
        try server.with { config, _ in
            let sink = try AlsaSink(device: server.pcm, request: SinkRequest(adaptive: adaptive), configFile: config)
            let engine = AudioEngine(sink: sink, bank: SoundBank(clips: [sine("blip", frequency: 880, seconds: 0.05, amplitude: 0.3)]))
            let before = sink.info.bufferFrames
            try engine.start()
            #expect(eventually(within: 3) { engine.framesWritten >= 4_800 })
            // A loaded machine may already have had one (start-up); the stall's is the one that was away long.
            let earlier = engine.takeXruns()
            let sizeBefore = sink.info.bufferFrames
            engine.injectStall(milliseconds: 300)
            #expect(eventually(within: 5) { engine.xruns > earlier.count })
            let after = engine.framesWritten
            #expect(eventually(within: 5) { engine.framesWritten > after + 9_600 })  // still playing
            #expect(engine.deviceError == nil)
            engine.finish()
            let xruns = engine.takeXruns()
            let stall = try #require(xruns.first { $0.awayNanos > 250_000_000 }, "no xrun was recorded as the stall: \(xruns)")
            if adaptive {
                #expect(stall.grew && stall.bufferFrames == sizeBefore + sink.info.periodFrames, "\(xruns)")
                #expect(sink.info.bufferFrames > before)
            } else {
                #expect((earlier + xruns).allSatisfy { !$0.grew } && sink.info.bufferFrames == before, "\(xruns)")
            }
        }
    }

    /// Growth stops at the budget (24 ms): repeated xruns cannot make feedback late.
    @Test func growthStopsAtItsLimit() throws {
        try SoundServer.pulse.with { config, _ in
            let sink = try AlsaSink(device: SoundServer.pulse.pcm, configFile: config)
            let limit = SinkRequest().growthLimitFrames(rate: sink.info.rate, period: sink.info.periodFrames)
            var last = sink.info.bufferFrames
            while let grown = sink.grow() {
                #expect(grown == last + sink.info.periodFrames)
                last = grown
            }
            #expect(last <= limit && last + sink.info.periodFrames > limit)
            #expect(sink.info.bufferFrames == last)
            // Still a working device at the larger size.
            let engine = AudioEngine(sink: sink, bank: SoundBank(clips: [sine("blip", frequency: 880, seconds: 0.05, amplitude: 0.3)]))
            try engine.start()
            #expect(eventually(within: 3) { engine.framesWritten >= 9_600 })
            engine.finish()
            #expect(engine.deviceError == nil)
        }
    }

    @Test(arguments: SoundServer.allCases)
    func vanishedDeviceGivesAClearErrorAndNoCrash(server: SoundServer) throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        try server.run(["start", dir.path])
        var stopped = false
        defer { if !stopped { _ = try? server.run(["stop", dir.path]) } }
        let sink = try AlsaSink(device: server.pcm, configFile: dir.file("asound.conf"))
        let engine = AudioEngine(sink: sink, bank: SoundBank(clips: [sine("blip", frequency: 880, seconds: 0.05, amplitude: 0.3)]))
        try engine.start()
        #expect(eventually(within: 3) { engine.framesWritten >= 4_800 })
        try server.run(["stop", dir.path])
        stopped = true
        #expect(eventually(within: 5) { engine.deviceError != nil })
        let message = engine.deviceError?.message ?? ""
        #expect(message.contains(server.pcm) && message.contains("kape audio devices"), "\(message)")
        #expect(throws: AudioError.self) { try engine.play(0) }
        engine.stop()
    }
}
