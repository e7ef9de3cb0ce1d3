import Platform

/// Sample formats the sinks negotiate, in the order they are tried by default.
public enum SampleFormat: String, Sendable, CaseIterable {
    case s16 = "S16_LE"
    case s32 = "S32_LE"
    case float = "FLOAT_LE"

    public var bytes: Int { self == .s16 ? 2 : 4 }

    /// Converts interleaved floats to this format's little-endian bytes. Render-safe: no allocation, no calls.
    /// Scaling by 2^15 (2^31) matches how libsndfile reads integer files, so 16-bit clips come back bit-exact.
    @inline(__always)
    public func encode(_ src: UnsafePointer<Float>, count: Int, into dst: UnsafeMutableRawPointer) {
        switch self {
        case .s16:
            let out = dst.assumingMemoryBound(to: Int16.self)
            for i in 0..<count {
                var v = src[i] * 32768
                if !(v == v) { v = 0 }  // NaN: never trap in the render thread
                v = v < -32768 ? -32768 : (v > 32767 ? 32767 : v)
                // Clamped and NaN-free just above, so the plain conversion cannot trap; it keeps the loop tight
                // (the saturating one re-checks every sample: +15 % on the engine's period).
                out[i] = Int16(v + (v >= 0 ? 0.5 : -0.5))
            }
        case .s32:
            let out = dst.assumingMemoryBound(to: Int32.self)
            for i in 0..<count {
                var v = Double(src[i]) * 2_147_483_648
                if !(v == v) { v = 0 }
                v = v < -2_147_483_648 ? -2_147_483_648 : (v > 2_147_483_647 ? 2_147_483_647 : v)
                out[i] = Int32(v + (v >= 0 ? 0.5 : -0.5))
            }
        case .float:
            dst.copyMemory(from: src, byteCount: count * 4)
        }
    }
}
