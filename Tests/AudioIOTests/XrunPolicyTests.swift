@testable import AudioIO
import Testing

/// An isolated stall longer than the grown queue does not grow it; a gap the grown queue bridges, or a second
/// xrun within the repeat window, does.
@Suite struct XrunPolicyTests {
    let ms: UInt64 = 1_000_000

    @Test func aGapTheGrownQueueBridgesGrowsIt() {
        // 256 frames at 48 kHz hold 5.33 ms.
        #expect(XrunPolicy.shouldGrow(awayNanos: 5 * ms, grownQueueFrames: 256, rate: 48_000, sincePreviousNanos: nil))
        #expect(XrunPolicy.shouldGrow(awayNanos: 1 * ms, grownQueueFrames: 256, rate: 48_000, sincePreviousNanos: nil))
    }

    @Test func anIsolatedStallLongerThanTheGrownQueueKeepsIt() {
        #expect(!XrunPolicy.shouldGrow(awayNanos: 6 * ms, grownQueueFrames: 256, rate: 48_000, sincePreviousNanos: nil))
        #expect(!XrunPolicy.shouldGrow(awayNanos: 11 * ms, grownQueueFrames: 384, rate: 48_000,
                                       sincePreviousNanos: XrunPolicy.repeatWindowNanos + 1))
    }

    @Test func aSecondXrunWithinTheWindowGrowsWhateverTheGap() {
        #expect(XrunPolicy.shouldGrow(awayNanos: 300 * ms, grownQueueFrames: 256, rate: 48_000,
                                      sincePreviousNanos: XrunPolicy.repeatWindowNanos))
        #expect(XrunPolicy.shouldGrow(awayNanos: 300 * ms, grownQueueFrames: 256, rate: 48_000, sincePreviousNanos: 2 * ms))
    }

    @Test func oddShapesStillGrow() {
        #expect(XrunPolicy.shouldGrow(awayNanos: .max, grownQueueFrames: 0, rate: 48_000, sincePreviousNanos: nil))
        #expect(XrunPolicy.shouldGrow(awayNanos: .max, grownQueueFrames: 256, rate: 0, sincePreviousNanos: nil))
        #expect(XrunPolicy.shouldGrow(awayNanos: .max, grownQueueFrames: .max, rate: 1, sincePreviousNanos: nil))
    }
}
