import Platform

/// An IIO mount matrix (`mount_matrix`, `in_mount_matrix`, `in_accel_mount_matrix`, `in_anglvel_mount_matrix`, or
/// udev's `ACCEL_MOUNT_MATRIX`): "a, b, c; d, e, f; g, h, i", row-major, turning the sensor's axes onto the
/// device's (device = M · sensor). Only a rotation (or a rotation with a mirror) is a mounting; anything else is
/// refused with the reason, and the caller falls back to identity.
public struct MountMatrix: Sendable, Equatable, CustomStringConvertible {
    public var rows: [SIMD3<Double>]

    public static let identity = MountMatrix(rows: [SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)])

    public init(rows: [SIMD3<Double>]) { self.rows = rows }

    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case unreadable(String)
        case notRotation(String)
        public var description: String {
            switch self {
            case .unreadable(let s): "not a mount matrix (\(s); expected \"a, b, c; d, e, f; g, h, i\")"
            case .notRotation(let s): "not a rotation (\(s))"
            }
        }
    }

    /// Nine finite numbers in three rows separated by `;` (udev writes them the same way).
    public static func parse(_ text: String) -> Result<MountMatrix, Problem> {
        let trimmed = text.split(whereSeparator: { $0 == "\n" }).first.map(String.init) ?? ""
        let rowTexts = trimmed.split(separator: ";", omittingEmptySubsequences: false)
        guard rowTexts.count == 3 else { return .failure(.unreadable("\(rowTexts.count) rows")) }
        var rows: [SIMD3<Double>] = []
        for r in rowTexts {
            let cells = r.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
            guard cells.count == 3 else { return .failure(.unreadable("a row of \(cells.count) numbers")) }
            var v = SIMD3<Double>()
            for (i, c) in cells.enumerated() {
                guard let d = Double(c), d.isFinite else { return .failure(.unreadable("\"\(c.prefix(20))\" is not a number")) }
                v[i] = d
            }
            rows.append(v)
        }
        let m = MountMatrix(rows: rows)
        if let why = m.rotationProblem { return .failure(.notRotation(why)) }
        return .success(m)
    }

    /// Why this is not a rotation (rows of unit length, at right angles, within 2 %), or nil.
    public var rotationProblem: String? {
        for i in 0..<3 {
            let n = (rows[i] * rows[i]).sum()
            if abs(n - 1) > 0.02 { return "row \(i + 1) has length \(fixedText(n.squareRoot()))" }
            for j in (i + 1)..<3 where abs((rows[i] * rows[j]).sum()) > 0.02 {
                return "rows \(i + 1) and \(j + 1) are not at right angles"
            }
        }
        return nil
    }

    /// A mirror (determinant −1): a real mounting can be one, but gyro signs then disagree with the right-hand rule.
    public var isMirror: Bool {
        let a = rows[0], b = rows[1], c = rows[2]
        let cross = SIMD3(b.y * c.z - b.z * c.y, b.z * c.x - b.x * c.z, b.x * c.y - b.y * c.x)
        return (a * cross).sum() < 0
    }

    @inline(__always)
    public func apply(_ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((rows[0] * v).sum(), (rows[1] * v).sum(), (rows[2] * v).sum())
    }

    public var description: String {
        rows.map { r in "\(fixedText(r.x)), \(fixedText(r.y)), \(fixedText(r.z))" }.joined(separator: "; ")
    }
}

private func fixedText(_ v: Double) -> String {
    if v == v.rounded() && abs(v) < 1e9 { return String(Int(v)) }
    return String((v * 1000).rounded() / 1000)
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return s
    }
}
