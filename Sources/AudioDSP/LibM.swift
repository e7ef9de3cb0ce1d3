// Glibc's libm under short names, so the module needs no Foundation.
#if canImport(Glibc)
import Glibc
@inline(__always) func _sin(_ x: Double) -> Double { Glibc.sin(x) }
@inline(__always) func _cos(_ x: Double) -> Double { Glibc.cos(x) }
@inline(__always) func _exp(_ x: Double) -> Double { Glibc.exp(x) }
@inline(__always) func _log10(_ x: Double) -> Double { Glibc.log10(x) }
@inline(__always) func _pow(_ x: Double, _ y: Double) -> Double { Glibc.pow(x, y) }
@inline(__always) func _log2(_ x: Double) -> Double { Glibc.log2(x) }
@inline(__always) func _log10f(_ x: Float) -> Float { Glibc.log10f(x) }
#else
import Darwin
@inline(__always) func _sin(_ x: Double) -> Double { Darwin.sin(x) }
@inline(__always) func _cos(_ x: Double) -> Double { Darwin.cos(x) }
@inline(__always) func _exp(_ x: Double) -> Double { Darwin.exp(x) }
@inline(__always) func _log10(_ x: Double) -> Double { Darwin.log10(x) }
@inline(__always) func _pow(_ x: Double, _ y: Double) -> Double { Darwin.pow(x, y) }
@inline(__always) func _log2(_ x: Double) -> Double { Darwin.log2(x) }
@inline(__always) func _log10f(_ x: Float) -> Float { Darwin.log10f(x) }
#endif

/// Decibels of an amplitude ratio; -infinity for silence.
public func decibels(_ ratio: Double) -> Double { ratio > 0 ? 20 * _log10(ratio) : -.infinity }
