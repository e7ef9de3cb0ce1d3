import Synchronization

/// Asks a live pipeline on its reader thread for a new neutral pose (the game's countdown) from any other thread:
/// a counter the reader compares before each frame, so the request costs the reader one relaxed load.
public final class RecalibrationRequest: Sendable {
    private let count = Atomic<Int>(0)

    public init() {}

    public func request() { count.add(1, ordering: .relaxed) }

    /// The requests so far; the reader recalibrates when this moved since it last looked.
    public var current: Int { count.load(ordering: .relaxed) }
}
