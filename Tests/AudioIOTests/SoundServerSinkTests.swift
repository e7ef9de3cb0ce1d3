import AudioDSP
import Foundation
import Testing
@testable import AudioIO
@testable import Platform

import TestSupport

/// Through a private PulseAudio and a private PipeWire, each with a null sink whose clock runs in real time
/// (scripts/pulse-null-sink.sh, scripts/pipewire-null-sink.sh).
@Suite(.serialized) struct SoundServerSinkTests {
    /// An engine with one short blip, started, past its first 0.2 s.
    private func playingBlips(_ sink: AlsaSink) throws -> AudioEngine {
        let engine = try AudioEngine(sink: sink, bank: SoundBank(clips: [sine("blip", frequency: 880, seconds: 0.05, amplitude: 0.3)]))
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
            let engine = try AudioEngine(sink: sink, bank: SoundBank(clips: [sine("tone", frequency: 440, seconds: 2, amplitude: 0.3)]))
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

    /// A benchmark watches the server that relays the device's room (`kape bench latency`'s
    /// `xrun_server_waiting_ms`): the plugin names itself, and the server is found at the other end of its socket,
    /// with its threads' scheduler figures readable. Alsa-lib's own plugins name no server.
    @Test(arguments: SoundServer.allCases)
    func theServerBehindThePluginIsFound(server: SoundServer) throws {
        try server.with { config, dir in
            let sink = try AlsaSink(device: server.pcm, configFile: config)
            let name = server == .pulse ? "pulseaudio" : "pipewire"
            #expect(sink.ioPlugin?.contains(server == .pulse ? "PulseAudio" : "PipeWire") == true, "\(sink.ioPlugin ?? "nil")")
            let pidText = try String(contentsOfFile: dir + (server == .pulse ? "/pulse.pid" : "/pipewire.pid"), encoding: .utf8)
            let pid = try #require(Int32(pidText.trimmingCharacters(in: .whitespacesAndNewlines)))
            // Other suites may be talking to servers of their own meanwhile: this one must be among the peers.
            let expected = SoundServerProcess(pid: pid, name: name)
            #expect(SoundServerProcess.peers().contains(expected), "\(SoundServerProcess.peers())")
            #expect(SoundServerProcess.find().map { SoundServerProcess.knownNames.contains($0.name) } == true)
            let threads = SchedulerStats.threads(of: pid)
            #expect(threads.contains { $0.tid == pid && $0.name == name }, "\(threads)")
            #expect(SchedulerStats.thread(pid, process: pid) != nil)
            sink.finish()
        }
        let dir = TempDir()
        defer { dir.cleanup() }
        let file = try AlsaSink(device: "kape_capture", configFile: fileCaptureConfig(dir, wav: dir.file("out.wav")))
        #expect(file.ioPlugin == nil)
        file.finish()
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

    /// An xrun is recovered and counted and the record says why (the thread was away 300 ms, far longer than what
    /// was queued). An isolated stall that long keeps the queue (no queue would have bridged it); a second within a
    /// minute grows it (through PipeWire the reserve is given up first, then the buffer grows by a period); pinned,
    /// it stays.
    @Test(arguments: SoundServer.allCases, [true, false])
    func inducedUnderrunIsRecoveredCountedAndGrowsTheQueueWhenItRecurs(server: SoundServer, adaptive: Bool) throws {
        try server.with { config, _ in
            let sink = try AlsaSink(device: server.pcm, request: SinkRequest(adaptive: adaptive), configFile: config)
            let engine = try AudioEngine(sink: sink, bank: SoundBank(clips: [sine("blip", frequency: 880, seconds: 0.05, amplitude: 0.3)]))
            let before = sink.info
            try engine.start()
            #expect(eventually(within: 3) { engine.framesWritten >= 4_800 })
            // A loaded machine may have had one already (start-up); the stall's is the one that was away long.
            var seen = engine.takeXruns()
            var responses: [XrunResponse] = []
            for _ in 1...3 {
                let count = engine.xruns
                let shape = sink.info
                let injected = MonotonicClock.nanos()
                engine.injectStall(milliseconds: 300)
                #expect(eventually(within: 5) { engine.xruns > count })
                let after = engine.framesWritten
                #expect(eventually(within: 5) { engine.framesWritten > after + 9_600 })  // still playing
                #expect(engine.deviceError == nil)
                let xruns = engine.takeXruns()
                // The render thread slept through the stall, so no xrun of its own came between the injection and
                // the stall's end: the first after that is the stall's. (Its measured time away is not the test:
                // on a loaded machine one came out at 240 ms for the 300 ms stall.)
                let at = try #require(xruns.firstIndex { $0.nanos >= injected + 300_000_000 }, "no xrun was recorded after the stall: \(xruns)")
                let stall = xruns[at]
                let previous = (seen + xruns[..<at]).last
                seen += xruns
                responses.append(stall.response)
                #expect(stall.queueBeforeFrames == shape.queueFrames, "\(stall), \(shape)")
                let recurring = previous.map { stall.nanos - $0.nanos <= XrunPolicy.repeatWindowNanos } ?? false
                if !adaptive {
                    #expect(xruns.allSatisfy { !$0.grew } && sink.info == before, "\(xruns)")
                } else if !recurring {
                    #expect(stall.response == .keptLongStall && stall.queueFrames == shape.queueFrames, "\(stall)")
                } else if shape.reserveFrames > 0 {
                    #expect(stall.response == .reserveGivenUp && stall.bufferFrames == shape.bufferFrames, "\(stall)")
                    #expect(sink.info.reserveFrames == 0 && stall.queueFrames == shape.bufferFrames, "\(sink.info)")
                } else {
                    #expect(stall.response == .bufferGrown && stall.bufferFrames == shape.bufferFrames + shape.periodFrames, "\(stall)")
                    // The sink's shape now may have grown again (a loaded machine's own xrun after the stall's).
                    #expect(stall.queueFrames == stall.bufferFrames && sink.info.bufferFrames >= stall.bufferFrames,
                            "\(stall), \(sink.info)")
                }
            }
            engine.finish()
            if adaptive {  // the second and third stalls came within the window: they grew
                #expect(responses.dropFirst().allSatisfy { $0 == .reserveGivenUp || $0 == .bufferGrown }, "\(responses)")
                #expect(sink.info.queueFrames > before.queueFrames, "\(sink.info)")
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
            let engine = try AudioEngine(sink: sink, bank: SoundBank(clips: [sine("blip", frequency: 880, seconds: 0.05, amplitude: 0.3)]))
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
        let engine = try AudioEngine(sink: sink, bank: SoundBank(clips: [sine("blip", frequency: 880, seconds: 0.05, amplitude: 0.3)]))
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
