/// The input core's hysteresis on absolute axes (input_defuzz_abs_event): changes within half the fuzz are
/// dropped, within the fuzz blended 3:1 toward the old value, within twice the fuzz 1:1. What a real node sends,
/// for the synthesiser and the CSV → evemu encoder alike.
public enum KernelFuzzFilter {
    public static func defuzz(_ value: Int32, old: Int32, fuzz: Int32) -> Int32 {
        guard fuzz > 0 else { return value }
        let v = Int64(value), o = Int64(old), f = Int64(fuzz)
        if v > o - f / 2 && v < o + f / 2 { return old }
        if v > o - f && v < o + f { return Int32((o * 3 + v) / 4) }
        if v > o - f * 2 && v < o + f * 2 { return Int32((o + v) / 2) }
        return value
    }
}
