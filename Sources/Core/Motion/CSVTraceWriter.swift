import Platform

/// Writes the project's CSV trace: `# kape-trace 1`, the header, one row per sample in seconds, g and deg/s.
/// Numbers are written in the shortest form that reads back to the same Double, so CSV → CSV is lossless.
public struct CSVTraceWriter {
    public let hasGyro: Bool

    public init(hasGyro: Bool) { self.hasGyro = hasGyro }

    public func header() -> String {
        CSVTraceReader.magic + "\n" + (hasGyro ? "t,ax,ay,az,gx,gy,gz\n" : "t,ax,ay,az\n")
    }

    /// Appends one row; `t` is the sample's `stamp`, the trace's own timeline.
    @inline(__always)
    public func append(_ s: MotionSample, to out: inout [UInt8]) {
        appendNumber(s.stamp.seconds, &out)
        appendColumns(s.accel, &out)
        if hasGyro { appendColumns(s.gyro, &out) }
        out.append(0x0A)
    }

    public func append(_ s: MotionSample, into out: inout String) {
        var bytes: [UInt8] = []
        append(s, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    @inline(__always)
    private func appendColumns(_ v: SIMD3<Double>, _ out: inout [UInt8]) {
        for i in 0..<3 {
            out.append(UInt8(ascii: ","))
            appendNumber(v[i], &out)
        }
    }

    /// Shortest round-trip digits; whole numbers without the `.0` Swift adds.
    @inline(__always)
    private func appendNumber(_ v: Double, _ out: inout [UInt8]) {
        if v == v.rounded(), abs(v) < 1e15 {
            appendSigned(Int64(saturating: v), &out)
            return
        }
        out.append(contentsOf: v.description.utf8)
    }
}
