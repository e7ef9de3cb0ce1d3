@testable import AudioIO
import Testing

/// The render thread's decisions without a device: 256-frame periods at 48 kHz.
@Suite struct RenderPacingTests {
    static func pacing() -> RenderPacing { RenderPacing(period: 256, rate: 48_000, periodMilliseconds: 256.0 / 48) }

    @Test func aFreePeriodIsRenderedAndTheReserveKeptForTriggers() {
        var p = Self.pacing()
        #expect(p.next(avail: 300, reserve: 0, triggered: false, running: true) == .render(frames: 256, refill: true))
        // pipewire-alsa: a period free, 248 frames of it kept for the next trigger.
        #expect(p.next(avail: 256, reserve: 248, triggered: false, running: true) == .render(frames: 8, refill: true))
        // A trigger takes all the room there is, down to the smallest worthwhile chunk.
        #expect(p.next(avail: 100, reserve: 248, triggered: true, running: true) == .render(frames: 100, refill: false))
        #expect(p.next(avail: 7, reserve: 0, triggered: true, running: true) == .waitForDevice(milliseconds: 21))
    }

    @Test func twoWakeUpsWithNothingToDoSleepOnTheTriggerAlone() {
        var p = Self.pacing()
        #expect(p.next(avail: 10, reserve: 0, triggered: false, running: true) == .waitForDevice(milliseconds: 21))
        #expect(p.next(avail: 10, reserve: 0, triggered: false, running: true) == .waitForDevice(milliseconds: 21))
        // Until the missing 246 frames should be free: 5.125 ms, rounded up.
        #expect(p.next(avail: 10, reserve: 0, triggered: false, running: true) == .waitForTrigger(milliseconds: 6))
        #expect(p.next(avail: 10, reserve: 0, triggered: false, running: true) == .waitForDevice(milliseconds: 21))
        // Work in between resets the count.
        var q = Self.pacing()
        _ = q.next(avail: 10, reserve: 0, triggered: false, running: true)
        _ = q.next(avail: 256, reserve: 0, triggered: false, running: true)
        #expect(q.next(avail: 10, reserve: 0, triggered: false, running: true) == .waitForDevice(milliseconds: 21))
        #expect(q.next(avail: 10, reserve: 0, triggered: false, running: true) == .waitForDevice(milliseconds: 21))
    }

    @Test func stoppingWaitsAtMostFourTimesForRoomForAQueuedTrigger() {
        var p = Self.pacing()
        for _ in 0..<4 { #expect(p.next(avail: 0, reserve: 0, triggered: true, running: false) == .waitForDevice(milliseconds: 21)) }
        #expect(p.next(avail: 0, reserve: 0, triggered: true, running: false) == .end)
        var q = Self.pacing()
        #expect(q.next(avail: 64, reserve: 0, triggered: true, running: false) == .render(frames: 64, refill: false))
    }

    @Test func timeoutsHoldForTinyAndHugePeriods() {
        var tiny = RenderPacing(period: 16, rate: 48_000, periodMilliseconds: 1.0 / 3)
        #expect(tiny.next(avail: 0, reserve: 0, triggered: false, running: true) == .waitForDevice(milliseconds: 10))
        var huge = RenderPacing(period: 1 << 20, rate: 8_000, periodMilliseconds: 131_072)
        #expect(huge.next(avail: 0, reserve: 0, triggered: false, running: true) == .waitForDevice(milliseconds: 524_288))
    }
}
