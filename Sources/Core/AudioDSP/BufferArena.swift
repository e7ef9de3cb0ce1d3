/// Fixed-size typed buffers for a real-time owner, carved from a few large blocks that the arena frees together:
/// the owner allocates everything up front and keeps no list of what to free.
final class BufferArena {
    private var blocks: [UnsafeMutableRawPointer] = []
    private var cursor: UnsafeMutableRawPointer? = nil
    private var remaining = 0
    private let blockBytes: Int

    init(blockBytes: Int = 1 << 18) { self.blockBytes = blockBytes }

    deinit { for block in blocks { block.deallocate() } }

    /// `count` elements, each set to `value`; valid for the arena's lifetime.
    func make<T: BitwiseCopyable>(_ count: Int, _ value: T) -> UnsafeMutablePointer<T> {
        precondition(count >= 0)
        let align = max(MemoryLayout<T>.alignment, 16)
        let bytes = max(1, count * MemoryLayout<T>.stride)
        var start = cursor.map { UnsafeMutableRawPointer(bitPattern: (Int(bitPattern: $0) + align - 1) & ~(align - 1))! }
        if let s = start, let c = cursor, (s - c) + bytes > remaining { start = nil }
        if start == nil {
            let size = max(blockBytes, bytes + align)
            let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: align)
            blocks.append(block)
            cursor = block
            remaining = size
            start = block
        }
        let used = (start! - cursor!) + bytes
        cursor = start! + bytes
        remaining -= used
        let typed = start!.bindMemory(to: T.self, capacity: count)
        typed.initialize(repeating: value, count: count)
        return typed
    }
}
