@testable import AudioIO
@testable import KapeCLI
import Testing

/// `kape play -v` and `kape bench latency -v` give each xrun its cause and what the buffer did about it.
@Suite struct XrunReportTests {
    @Test func eachResponseAndCauseIsSaid() {
        let info = SinkInfo(device: "kape_pipewire", rate: 48_000, channels: 2, format: .s16, periodFrames: 128,
                            bufferFrames: 384, reserveFrames: 0)
        let ms = UInt64(1_000_000)
        let xruns = [
            // Away 300 ms with 136 frames (2.8 ms) queued: the thread was late; the reserve goes.
            XrunRecord(nanos: 1_000 * ms, bufferFrames: 256, queueBeforeFrames: 136, queueFrames: 256, response: .reserveGivenUp, awayNanos: 300 * ms),
            // Away 1 ms with 256 queued: the server ran dry on its own; a period more.
            XrunRecord(nanos: 2_000 * ms, bufferFrames: 384, queueBeforeFrames: 256, queueFrames: 384, response: .bufferGrown, awayNanos: 1 * ms),
            XrunRecord(nanos: 3_000 * ms, bufferFrames: 384, queueBeforeFrames: 384, queueFrames: 384, response: .kept, awayNanos: 2 * ms),
            // Away 12 ms, more than the grown queue would hold, and no xrun for over a minute: nothing changes.
            XrunRecord(nanos: 70_000 * ms, bufferFrames: 384, queueBeforeFrames: 384, queueFrames: 384, response: .keptLongStall, awayNanos: 12 * ms),
        ]
        let windows: [SchedulerWitness.Window?] = [
            SchedulerWitness.Window(stealMs: 0, waitingMs: 0.01), nil,
            SchedulerWitness.Window(stealMs: 0, waitingMs: 0.2, serverWaitingMs: 3.4, serverThread: "pulse\u{1b}[2Jaudio"),
            SchedulerWitness.Window(stealMs: 10, waitingMs: 9.5),
        ]
        let text = XrunReport.lines(xruns, info: info, windows: windows) { Double($0) / 1e9 }
        let lines = text.split(separator: "\n").map { String($0) }
        #expect(lines.count == 4)
        #expect(lines[0].contains("meanwhile host steal 0 ms on the busiest vCPU, run-queue wait 0.0 ms, the thread slept"), "\(lines[0])")
        #expect(!lines[1].contains("meanwhile"), "\(lines[1])")
        #expect(lines[3].contains("host steal 10 ms") && lines[3].contains("the hypervisor took the CPU away")
                && lines[3].contains("even the grown queue would not have bridged 12.0 ms"), "\(lines[3])")
        #expect(lines[0].contains("at 1.000 s") && lines[0].contains("longer than the 2.8 ms queued")
                && lines[0].contains("the whole 256-frame buffer is kept queued from now on (5.3 ms)"), "\(lines[0])")
        #expect(lines[1].contains("ran dry 1.0 ms after the last write (5.3 ms queued)")
                && lines[1].contains("buffer grown to 384 frames (8.0 ms)"), "\(lines[1])")
        #expect(lines[2].contains("buffer stays at 384 frames"), "\(lines[2])")
        // Not late (away 2 ms, 8 ms queued): the server's wait is told, no cause is named; its name is escaped.
        #expect(lines[2].contains("the sound server's thread \"pulse") && lines[2].contains("waited 3.4 ms for a CPU")
                && !lines[2].contains("\u{1b}") && !lines[2].contains("was kept from a CPU"), "\(lines[2])")
    }

    /// A late xrun with neither steal nor a wait of its own, while the server's thread waited, is put down to the
    /// server; a server that did not wait leaves "nothing woke it".
    @Test func aLateXrunWhileTheServerWaitedIsPutDownToIt() {
        let waited = SchedulerWitness.Window(stealMs: 0, waitingMs: 0.1, serverWaitingMs: 4.2, serverThread: "pulseaudio")
        #expect(XrunReport.describe(waited, late: true).hasSuffix("the sound server, which relays the device's room, was kept from a CPU"))
        let idle = SchedulerWitness.Window(stealMs: 0, waitingMs: 0.1, serverWaitingMs: 0.3, serverThread: "pulseaudio")
        #expect(XrunReport.describe(idle, late: true).hasSuffix("the thread slept: nothing woke it in time"))
    }
}
