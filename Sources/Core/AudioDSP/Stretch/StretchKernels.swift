/// Inner loops of the stretcher's search, on raw pointers with SIMD so the per-hop search stays cheap.

/// Sum of `a[i]·b[i]` for i in 0..<n.
@inline(__always)
func dot(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ n: Int) -> Float {
    var acc0 = SIMD8<Float>(), acc1 = SIMD8<Float>()
    var i = 0
    let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
    let stride = MemoryLayout<Float>.stride
    while i + 16 <= n {
        acc0 += ra.loadUnaligned(fromByteOffset: i * stride, as: SIMD8<Float>.self)
            * rb.loadUnaligned(fromByteOffset: i * stride, as: SIMD8<Float>.self)
        acc1 += ra.loadUnaligned(fromByteOffset: (i + 8) * stride, as: SIMD8<Float>.self)
            * rb.loadUnaligned(fromByteOffset: (i + 8) * stride, as: SIMD8<Float>.self)
        i += 16
    }
    var s = (acc0 + acc1).sum()
    while i < n { s += a[i] * b[i]; i += 1 }
    return s
}

@inline(__always)
func dot(_ a: UnsafeMutablePointer<Float>, _ b: UnsafeMutablePointer<Float>, _ n: Int) -> Float {
    dot(UnsafePointer(a), UnsafePointer(b), n)
}

/// `dst[i] = src[i·d] + … + src[i·d + d − 1]`: a box-filtered, decimated copy for the coarse search.
@inline(__always)
func boxSum(_ dst: UnsafeMutablePointer<Float>, _ src: UnsafeMutablePointer<Float>, count: Int, _ d: Int) {
    for i in 0..<count {
        var s: Float = 0
        for m in 0..<d { s += src[i * d + m] }
        dst[i] = s
    }
}
