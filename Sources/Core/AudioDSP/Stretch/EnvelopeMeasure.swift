import Platform
/// The envelope measure of `bench/stretch-compare.py`, in-tree so tests can hold the stretcher to it.
extension StretchQuality {
    /// Correlation of the output's 10 ms level (dB) with the input's level over exactly the input span each output
    /// frame maps to (`[k·10 ms·speed, (k+1)·10 ms·speed)`), on frames within `range` dB of the loudest: a perfect
    /// stretch scores 1; onsets and offsets played early or late pull it down.
    public static func envelopeCorrelation(input: [Float], output: [Float], rate: Int, speed: Double,
                                           range: Double = 50) -> Double {
        let h = rate / 100
        var power = [Double](repeating: 0, count: input.count + 1)
        for (i, v) in input.enumerated() { power[i + 1] = power[i] + Double(v) * Double(v) }
        func dB(_ meanPower: Double) -> Double { 20 * _log10(meanPower.squareRoot() + 1e-5) }
        var pairs: [(ref: Double, out: Double)] = []
        for k in 0..<(output.count / h) {
            let a = min(Int(saturating: (Double(k * h) * speed).rounded()), input.count)
            let b = min(Int(saturating: (Double((k + 1) * h) * speed).rounded()), input.count)
            guard b > a else { continue }
            var sum = 0.0
            for v in output[(k * h)..<((k + 1) * h)] { sum += Double(v) * Double(v) }
            pairs.append((dB((power[b] - power[a]) / Double(b - a)), dB(sum / Double(h))))
        }
        guard let loudest = pairs.map(\.ref).max() else { return .nan }
        let kept = pairs.filter { $0.ref > loudest - range }
        let n = Double(kept.count)
        let mr = kept.reduce(0) { $0 + $1.ref } / n, mo = kept.reduce(0) { $0 + $1.out } / n
        var sxy = 0.0, sxx = 0.0, syy = 0.0
        for p in kept {
            sxy += (p.ref - mr) * (p.out - mo); sxx += (p.ref - mr) * (p.ref - mr); syy += (p.out - mo) * (p.out - mo)
        }
        return sxy / (sxx * syy).squareRoot()
    }
}
