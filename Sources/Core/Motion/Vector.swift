@inlinable package func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }

@inlinable package func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

@inlinable package func length(_ a: SIMD3<Double>) -> Double { dot(a, a).squareRoot() }

let degreesPerRadian = 180.0 / Double.pi
