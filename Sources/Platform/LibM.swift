import Glibc

// Glibc's libm under short names, so the pure modules need neither Foundation nor Glibc; inlinable, so the
// real-time paths pay no call for them.
@inlinable package func _sin(_ x: Double) -> Double { Glibc.sin(x) }
@inlinable package func _cos(_ x: Double) -> Double { Glibc.cos(x) }
@inlinable package func _asin(_ x: Double) -> Double { Glibc.asin(x) }
@inlinable package func _atan2(_ y: Double, _ x: Double) -> Double { Glibc.atan2(y, x) }
@inlinable package func _exp(_ x: Double) -> Double { Glibc.exp(x) }
@inlinable package func _log(_ x: Double) -> Double { Glibc.log(x) }
@inlinable package func _log2(_ x: Double) -> Double { Glibc.log2(x) }
@inlinable package func _log10(_ x: Double) -> Double { Glibc.log10(x) }
@inlinable package func _log10f(_ x: Float) -> Float { Glibc.log10f(x) }
@inlinable package func _pow(_ x: Double, _ y: Double) -> Double { Glibc.pow(x, y) }
@inlinable package func _erf(_ x: Double) -> Double { Glibc.erf(x) }
