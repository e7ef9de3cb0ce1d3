import Glibc
import Platform

/// The fallback when the buffer cannot be had: `in_*_{x,y,z}_raw` read from sysfs at the rate. The files stay
/// open and are read again from offset 0 (sysfs calls the driver at each read from the start); nothing is
/// allocated per poll.
final class IIOPoller {
    private let descriptors: [Descriptor]
    private var text = [UInt8](repeating: 0, count: 64)
    let hasGyro: Bool

    struct OpenError: Error { var reason: String }

    /// `accel` and `gyro`: the folders holding the channels (one device, or a pair's two).
    init(accel: String, gyro: String?) throws(OpenError) {
        var all: [Descriptor] = []
        for (folder, kind) in [(accel, "accel")] + (gyro.map { [($0, "anglvel")] } ?? []) {
            for axis in ["x", "y", "z"] {
                let path = "\(folder)/in_\(kind)_\(axis)_raw"
                let fd = open(path, O_RDONLY | O_CLOEXEC)
                guard fd >= 0 else { throw OpenError(reason: "\(path) cannot be read (\(errnoText(errno)))") }
                all.append(Descriptor(owning: fd))
            }
        }
        descriptors = all
        hasGyro = gyro != nil
    }

    enum Reading { case values(SIMD3<Double>, SIMD3<Double>), gone, unreadable(String) }

    /// One poll: all axes read now.
    func read() -> Reading {
        var v = SIMD8<Double>()
        for (i, d) in descriptors.enumerated() {
            let n = text.withUnsafeMutableBytes { pread(d.raw, $0.baseAddress, $0.count, 0) }
            if n < 0 {
                let e = errno
                if e == ENODEV || e == ENOENT || e == ENXIO { return .gone }
                if e == EAGAIN || e == EBUSY || e == EINTR || e == ETIMEDOUT || e == EIO { return .unreadable(errnoText(e)) }
                return .gone
            }
            guard let value = Self.integer(text, count: n) else { return .unreadable("not a number") }
            v[i] = Double(value)
        }
        return .values(SIMD3(v[0], v[1], v[2]), SIMD3(v[3], v[4], v[5]))
    }

    /// A decimal integer with optional sign and trailing newline; nil for anything else (no Foundation, no String).
    static func integer(_ bytes: [UInt8], count: Int) -> Int64? {
        var i = 0, negative = false, value: Int64 = 0, digits = 0
        if i < count && (bytes[i] == 0x2D || bytes[i] == 0x2B) { negative = bytes[i] == 0x2D; i += 1 }
        while i < count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            guard digits < 18 else { return nil }
            value = value * 10 + Int64(bytes[i] - 0x30)
            digits += 1
            i += 1
        }
        while i < count, bytes[i] == 0x0A || bytes[i] == 0x20 || bytes[i] == 0 { i += 1 }
        guard digits > 0, i == count else { return nil }
        return negative ? -value : value
    }
}
