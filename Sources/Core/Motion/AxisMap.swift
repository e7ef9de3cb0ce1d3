
/// Which kernel axis, with which sign, feeds each canonical axis (X, Y, Z). Written as `x,-z,y`: canonical X is
/// the kernel's x, canonical Y is minus the kernel's z, canonical Z is the kernel's y. The same map turns the
/// accelerometer (ABS_X/Y/Z) and the gyroscope (ABS_RX/RY/RZ): both are vectors in the one sensor frame.
public struct AxisMap: Sendable, Equatable, CustomStringConvertible {
    /// For canonical X, Y, Z: the kernel axis index (0 = x, 1 = y, 2 = z).
    public let source: SIMD3<Int32>
    /// For canonical X, Y, Z: +1 or -1.
    public let sign: SIMD3<Double>

    public static let identity = AxisMap(validated: SIMD3(0, 1, 2), SIMD3(1, 1, 1))

    private init(validated source: SIMD3<Int32>, _ sign: SIMD3<Double>) {
        self.source = source
        self.sign = sign
    }

    /// Parses `x,-z,y` (case-insensitive, blanks allowed). Each of x, y, z must appear exactly once.
    public init(parsing text: String) throws(AxisMapError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.filter { $0 != " " && $0 != "\t" }.lowercased() }
        guard parts.count == 3 else { throw AxisMapError(text: text, "expected three comma-separated axes like `x,-z,y`") }
        var source = SIMD3<Int32>(0, 0, 0)
        var sign = SIMD3<Double>(1, 1, 1)
        var seen = Set<Int32>()
        for (i, part) in parts.enumerated() {
            var p = Substring(part)
            if p.first == "-" { sign[i] = -1; p = p.dropFirst() } else if p.first == "+" { p = p.dropFirst() }
            guard p.count == 1, let index = ["x": Int32(0), "y": 1, "z": 2][String(p)] else {
                throw AxisMapError(text: text, "`\(part)` is not an axis: use x, y or z with an optional minus sign")
            }
            guard seen.insert(index).inserted else {
                throw AxisMapError(text: text, "axis \(p) is used twice: each of x, y and z must appear once")
            }
            source[i] = index
        }
        self.init(validated: source, sign)
    }

    /// True when the map mirrors the frame (an odd permutation or an odd number of minus signs): the result is
    /// left-handed, which no real sensor is. Allowed, but worth a warning.
    public var isMirror: Bool {
        let s = source
        let inversions = (s.x > s.y ? 1 : 0) + (s.x > s.z ? 1 : 0) + (s.y > s.z ? 1 : 0)
        let negatives = sign.x < 0 ? 1 : 0
        return (inversions + negatives + (sign.y < 0 ? 1 : 0) + (sign.z < 0 ? 1 : 0)) % 2 == 1
    }

    /// The map back: from the canonical frame to the kernel's (what a device of this kind would report).
    public var inverse: AxisMap {
        var source = SIMD3<Int32>(0, 1, 2)
        var sign = SIMD3<Double>(1, 1, 1)
        for i in 0..<3 {
            source[Int(self.source[i])] = Int32(i)
            sign[Int(self.source[i])] = self.sign[i]
        }
        return AxisMap(validated: source, sign)
    }

    public var isIdentity: Bool { self == .identity }

    @inline(__always)
    public func apply(_ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(v[Int(source.x)], v[Int(source.y)], v[Int(source.z)]) * sign
    }

    @inline(__always)
    public func apply(_ s: MotionSample) -> MotionSample {
        var out = s
        out.accel = apply(s.accel)
        out.gyro = apply(s.gyro)
        return out
    }

    public var description: String {
        (0..<3).map { (sign[$0] < 0 ? "-" : "") + ["x", "y", "z"][Int(source[$0])] }.joined(separator: ",")
    }
}

public struct AxisMapError: Error, Sendable, Equatable, CustomStringConvertible {
    public var text: String
    public var message: String
    init(text: String, _ message: String) {
        self.text = text
        self.message = message
    }
    public var description: String { "--axes \(text): \(message)" }
}
