import Platform
import Testing
import TextFormat

/// The one float → integer conversion: what `Int(_:)` traps on (NaN, ±inf, out of range) clamps instead.
@Suite struct SaturatingConversionTests {
    @Test func clampsWhatIntTrapsOn() {
        #expect(Int(saturating: Double.nan) == 0)
        #expect(Int(saturating: Double.infinity) == .max)
        #expect(Int(saturating: -Double.infinity) == .min)
        #expect(Int(saturating: 3.6e23) == .max)             // a 99999999999999999999-hour cue in seconds
        #expect(Int64(saturating: Double(Int64.max)) == .max) // 2^63: one past the largest Int64
        #expect(Int64(saturating: 9_223_372_036_854_774_784.0) == 9_223_372_036_854_774_784)
        #expect(Int64(saturating: Double(Int64.min)) == .min)
        #expect(Int16(saturating: 32_767.9) == 32_767 && Int16(saturating: 32_768.0) == .max && Int16(saturating: -40_000.0) == .min)
        #expect(UInt16(saturating: -1.0) == 0 && UInt64(saturating: 1e30) == .max)
        #expect(Int32(saturating: Float(2_147_483_520)) == 2_147_483_520 && Int32(saturating: Float(2_147_483_647)) == .max)
    }

    @Test func truncatesTowardZeroLikeInt() {
        for v in [0.0, 0.9, -0.9, 1.5, -1.5, 1e15 + 0.5, -123_456.75] {
            #expect(Int(saturating: v) == Int(v))
        }
        // The in-range path goes through Double and Int64/UInt64: unsigned values past Int64.max, Float sources.
        #expect(UInt64(saturating: 1.5e19) == 15_000_000_000_000_000_000)
        for f in [Float(0.99), -0.99, 32_767.4, -32_767.6, 1.5, -1.5] {
            #expect(Int16(saturating: f) == Int16(f) && Int32(saturating: f) == Int32(f))
        }
    }

    @Test func clockTextOfAnyTime() {
        #expect(clock(75.9) == "1:15")
        #expect(clock(.nan) == "0:00" && clock(-5) == "0:00")
        #expect(clock(3.6e23) == "153722867280912930:07")
    }
}
