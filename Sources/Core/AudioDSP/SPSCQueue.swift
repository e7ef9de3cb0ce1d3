import Synchronization

/// A bounded lock-free queue for exactly one producer thread and one consumer thread.
///
/// Commands reach the render thread through it (and results come back the other way) without locks or
/// allocation: the ring is allocated once, and each side owns one index. The producer publishes an element
/// with a release store of `tail`; the consumer's acquire load of `tail` makes the element visible before it
/// reads it, and symmetrically for `head`. Uses the standard library's `Synchronization.Atomic`, so no
/// package dependency is needed.
public final class SPSCQueue<Element: BitwiseCopyable>: @unchecked Sendable {
    @usableFromInline let storage: UnsafeMutablePointer<Element>
    @usableFromInline let mask: Int
    @usableFromInline let head = Atomic<Int>(0)  // next slot to read; written by the consumer only
    @usableFromInline let tail = Atomic<Int>(0)  // next slot to write; written by the producer only

    /// `capacity` is rounded up to a power of two.
    public init(capacity: Int) {
        precondition(capacity > 0)
        var size = 1
        while size < capacity { size <<= 1 }
        storage = .allocate(capacity: size)
        mask = size - 1
    }

    deinit { storage.deallocate() }

    public var capacity: Int { mask + 1 }

    /// Producer side. False when full: the caller decides whether that is an error.
    @inlinable @discardableResult
    public func push(_ element: Element) -> Bool {
        let t = tail.load(ordering: .relaxed)
        if t - head.load(ordering: .acquiring) > mask { return false }
        (storage + (t & mask)).initialize(to: element)
        tail.store(t + 1, ordering: .releasing)
        return true
    }

    /// Consumer side.
    @inlinable
    public func pop() -> Element? {
        let h = head.load(ordering: .relaxed)
        if h == tail.load(ordering: .acquiring) { return nil }
        let element = storage[h & mask]
        head.store(h + 1, ordering: .releasing)
        return element
    }

    /// Elements waiting; exact on the consumer side, a lower bound on the producer side.
    @inlinable
    public var count: Int { tail.load(ordering: .acquiring) - head.load(ordering: .acquiring) }
}
