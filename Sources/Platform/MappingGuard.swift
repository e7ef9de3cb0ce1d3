import CSignalSafe

/// Reading a mapped file that another program truncates kills the process with SIGBUS. While a region is guarded,
/// such a page reads as zeros instead and `release` says it happened, so the reader can report the file changed.
public struct MappingGuard: ~Copyable {
    private let slot: Int32

    public init(base: UnsafeRawPointer, count: Int) {
        slot = kape_map_guard_register(base, count)
    }

    /// Ends the guard; true when part of the region was gone (read as zeros).
    public consuming func release() -> Bool {
        let hit = kape_map_guard_release(slot) != 0
        discard self
        return hit
    }

    deinit { _ = kape_map_guard_release(slot) }
}
