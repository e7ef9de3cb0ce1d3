/// Whether an xrun should make the queue longer.
///
/// A longer queue bridges a gap in the render thread's writes only as long as itself. On a VM the host takes a
/// vCPU away for 8–15 ms now and then, longer than even a grown 128-frame queue holds: growing after such an
/// isolated stall would have clicked all the same and costs every later trigger a period. A second xrun soon after
/// means the machine is in trouble, and then the queue grows whatever the gap (growth is capped by the budget).
public enum XrunPolicy {
    /// Two xruns this close together grow the queue whatever the gaps were.
    public static let repeatWindowNanos: UInt64 = 60_000_000_000

    /// - Parameters:
    ///   - awayNanos: how long the render thread had not written when the xrun was found.
    ///   - grownQueueFrames: what growing would keep queued (the whole buffer, or a period more).
    ///   - sincePreviousNanos: time since the previous xrun; nil for the first.
    public static func shouldGrow(awayNanos: UInt64, grownQueueFrames: Int, rate: Int, sincePreviousNanos: UInt64?) -> Bool {
        if let since = sincePreviousNanos, since <= repeatWindowNanos { return true }
        guard rate > 0, grownQueueFrames > 0 else { return true }
        return Double(awayNanos) <= Double(grownQueueFrames) * 1e9 / Double(rate)
    }
}
