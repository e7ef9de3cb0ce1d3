import Motion
import Platform
/// A 3×3 matrix, column-major, for the synthesiser's rigid-body kinematics.
struct Matrix3: Sendable {
    var c0: SIMD3<Double>, c1: SIMD3<Double>, c2: SIMD3<Double>

    init(columns: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)) { (c0, c1, c2) = columns }

    subscript(row: Int, column: Int) -> Double {
        switch column {
        case 0: c0[row]
        case 1: c1[row]
        default: c2[row]
        }
    }

    var transposed: Matrix3 {
        Matrix3(columns: (SIMD3(c0.x, c1.x, c2.x), SIMD3(c0.y, c1.y, c2.y), SIMD3(c0.z, c1.z, c2.z)))
    }

    static func * (m: Matrix3, v: SIMD3<Double>) -> SIMD3<Double> { m.c0 * v.x + m.c1 * v.y + m.c2 * v.z }
    static func * (a: Matrix3, b: Matrix3) -> Matrix3 { Matrix3(columns: (a * b.c0, a * b.c1, a * b.c2)) }
    static func - (a: Matrix3, b: Matrix3) -> Matrix3 { Matrix3(columns: (a.c0 - b.c0, a.c1 - b.c1, a.c2 - b.c2)) }
    static func * (a: Matrix3, s: Double) -> Matrix3 { Matrix3(columns: (a.c0 * s, a.c1 * s, a.c2 * s)) }

    static func rotationX(_ a: Double) -> Matrix3 {
        Matrix3(columns: (SIMD3(1, 0, 0), SIMD3(0, _cos(a), _sin(a)), SIMD3(0, -_sin(a), _cos(a))))
    }
    static func rotationY(_ a: Double) -> Matrix3 {
        Matrix3(columns: (SIMD3(_cos(a), 0, -_sin(a)), SIMD3(0, 1, 0), SIMD3(_sin(a), 0, _cos(a))))
    }
    static func rotationZ(_ a: Double) -> Matrix3 {
        Matrix3(columns: (SIMD3(_cos(a), _sin(a), 0), SIMD3(-_sin(a), _cos(a), 0), SIMD3(0, 0, 1)))
    }
}
