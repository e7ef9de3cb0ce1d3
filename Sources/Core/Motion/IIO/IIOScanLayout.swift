/// Where each enabled channel sits in one scan read from /dev/iio:deviceN, by the kernel's rule
/// (`iio_compute_scan_bytes`): channels in `*_index` order, each aligned to its own storage size, the scan padded
/// to a multiple of the largest. The timestamp channel is one more channel, last by index.
public struct IIOScanLayout: Sendable, Equatable {
    public struct Element: Sendable, Equatable {
        public var name: String
        public var index: Int
        public var type: IIOScanType
        public var offset: Int
    }

    public private(set) var elements: [Element]
    public private(set) var scanBytes: Int

    public struct LayoutError: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// `channels`: the enabled channels with their `*_index` and parsed `*_type`.
    public init(channels: [(name: String, index: Int, type: IIOScanType)]) throws(LayoutError) {
        guard !channels.isEmpty else { throw LayoutError(message: "no scan element is enabled") }
        let sorted = channels.sorted { ($0.index, $0.name) < ($1.index, $1.name) }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.index == b.index {
            throw LayoutError(message: "scan elements \(a.name) and \(b.name) share index \(a.index)")
        }
        var bytes = 0, largest = 1
        var out: [Element] = []
        for c in sorted {
            let length = c.type.storageBytes
            bytes = (bytes + length - 1) / length * length
            out.append(Element(name: c.name, index: c.index, type: c.type, offset: bytes))
            bytes += length
            largest = max(largest, length)
        }
        elements = out
        scanBytes = (bytes + largest - 1) / largest * largest
    }

    public func element(_ name: String) -> Element? { elements.first { $0.name == name } }
}
