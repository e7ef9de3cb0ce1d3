import Platform
/// The engine's own feedback sounds, synthesised from a few lines each so they can be regenerated exactly
/// (`kape sounds generate`). Mono, 48 kHz. Every sound starts at full attack on its first sample (silence at the
/// start would be latency), and is normalised to a peak of −1.5 dBFS so 16-bit rounding stays under −1 dBFS.
public enum SoundSynth {
    public static let rate = 48_000
    public static let peak = 0.8414  // −1.5 dBFS

    public struct Recipe: Sendable {
        public var name: String
        public var summary: String
        /// Feedback sounds must stay short: ≤ 400 ms.
        public var isFeedback: Bool
        public var render: @Sendable () -> [Float]
    }

    public static let all: [Recipe] = [
        Recipe(name: "success", summary: "bright bell ding: a tilt counted as correct", isFeedback: true, render: success),
        Recipe(name: "pass", summary: "soft airy whoosh: the card passed", isFeedback: true, render: whoosh),
        Recipe(name: "warning", summary: "two quick alert chirps: 10 seconds left", isFeedback: false, render: warning),
        Recipe(name: "countdown-3", summary: "countdown beep 3 (C5)", isFeedback: true, render: { countdown(523.25) }),
        Recipe(name: "countdown-2", summary: "countdown beep 2 (E5)", isFeedback: true, render: { countdown(659.25) }),
        Recipe(name: "countdown-1", summary: "countdown beep 1 (G5)", isFeedback: true, render: { countdown(783.99) }),
        Recipe(name: "time-up", summary: "falling three-note horn: the round is over", isFeedback: false, render: timeUp),
        Recipe(name: "lesson-correct", summary: "rising two-note chime: the answer is right", isFeedback: true, render: lessonCorrect),
        Recipe(name: "lesson-wrong", summary: "low wooden bonk: the answer is wrong", isFeedback: true, render: lessonWrong),
    ]

    public static func recipe(named name: String) -> Recipe? { all.first { $0.name == name } }

    // MARK: sounds

    static func success() -> [Float] {
        // A bell: inharmonic partials, higher ones dying faster.
        let f = 1318.5  // E6
        let partials: [(ratio: Double, amp: Double, decay: Double)] = [(1, 1, 0.09), (2.0, 0.45, 0.05), (2.76, 0.3, 0.035), (5.4, 0.12, 0.015)]
        return finish(seconds: 0.36) { t in
            var v = 0.0
            for p in partials { v += p.amp * _exp(-t / p.decay) * _sin(2 * .pi * f * p.ratio * t + 1.3) }
            return v * attack(t)
        }
    }

    static func whoosh() -> [Float] {
        // Noise through a resonant band-pass whose centre sweeps up and back down, swelling then fading.
        var noise = Noise(seed: 0x4B415045)
        var low = 0.0, band = 0.0
        let duration = 0.30
        return finish(seconds: duration) { t in
            let x = t / duration
            let centre = 500 + 3500 * _sin(.pi * x)
            let f = 2 * _sin(.pi * centre / Double(rate))
            let q = 0.35
            let input = noise.next()
            low += f * band
            let high = input - low - q * band
            band += f * high
            let envelope = (0.45 + 0.55 * _sin(.pi * min(1, x * 1.6))) * (1 - x) * (1 - x) + 0.0
            return band * envelope * attack(t)
        }
    }

    static func warning() -> [Float] {
        // Two chirps, each gliding up a fifth: urgent but not harsh (a few odd harmonics only).
        finish(seconds: 0.34) { t in
            let chirp = t < 0.15 ? t : t - 0.18
            guard chirp >= 0, chirp < 0.15 else { return 0 }
            // 880 Hz rising to 1320 Hz: phase is the integral of the frequency.
            let phase = 2 * .pi * 880 * (chirp + 0.25 * chirp * chirp / 0.15)
            let v = _sin(phase) + 0.3 * _sin(3 * phase) + 0.12 * _sin(5 * phase)
            return v * attack(chirp) * fadeOut(chirp, end: 0.15, over: 0.02)
        }
    }

    static func countdown(_ f: Double) -> [Float] {
        finish(seconds: 0.16) { t in
            let v = _sin(2 * .pi * f * t + 1.2) + 0.25 * _sin(4 * .pi * f * t + 1.2)
            return v * attack(t) * _exp(-t / 0.12)
        }
    }

    static func timeUp() -> [Float] {
        // G5, E5, C5, the last held: a soft square-ish horn.
        let notes: [(start: Double, f: Double, length: Double)] = [(0, 783.99, 0.16), (0.17, 659.25, 0.16), (0.34, 523.25, 0.36)]
        return finish(seconds: 0.72) { t in
            var v = 0.0
            for n in notes where t >= n.start && t < n.start + n.length {
                let u = t - n.start
                let p = 2 * .pi * n.f * u + 1.2
                v += (_sin(p) + 0.33 * _sin(3 * p) + 0.2 * _sin(5 * p)) * attack(u) * fadeOut(u, end: n.length, over: 0.03)
            }
            return v
        }
    }

    static func lessonCorrect() -> [Float] {
        // C6 then G6, each a soft bell.
        finish(seconds: 0.38) { t in
            var v = chime(t, f: 1046.5)
            if t >= 0.09 { v += chime(t - 0.09, f: 1567.98) }
            return v
        }
    }

    static func lessonWrong() -> [Float] {
        // A pitch-dropping low tone with a short knock: clearly "no", never shrill.
        var noise = Noise(seed: 0x626F6E6B)
        var smooth = 0.0
        return finish(seconds: 0.26) { t in
            let phase = 2 * .pi * (110 * t + 110 * 0.04 * (1 - _exp(-t / 0.04)))  // 220 Hz falling to 110 Hz
            let tone = (_sin(phase + 1.2) + 0.35 * _sin(2 * phase + 1.2)) * _exp(-t / 0.09)
            smooth += 0.2 * (noise.next() - smooth)
            let knock = smooth * 2.5 * _exp(-t / 0.006)
            return (tone + knock) * attack(t)
        }
    }

    // MARK: helpers

    static func chime(_ t: Double, f: Double) -> Double {
        attack(t) * (_exp(-t / 0.11) * _sin(2 * .pi * f * t + 1.2) + 0.25 * _exp(-t / 0.04) * _sin(2 * .pi * 3 * f * t + 1.2))
    }

    /// 0.25 ms linear attack: click-free yet audible within the first millisecond.
    static func attack(_ t: Double) -> Double { min(1, t / 0.00025) * 0.999 + 0.001 }

    static func fadeOut(_ t: Double, end: Double, over: Double) -> Double { min(1, max(0, (end - t) / over)) }

    /// Samples `f` over `seconds`, fades the last 5 ms, and normalises the peak.
    static func finish(seconds: Double, _ f: (Double) -> Double) -> [Float] {
        let n = Int(saturating: seconds * Double(rate))
        var out = [Double](repeating: 0, count: n)
        for i in 0..<n { out[i] = f(Double(i) / Double(rate)) * fadeOut(Double(i) / Double(rate), end: seconds, over: 0.005) }
        let top = out.reduce(0) { max($0, abs($1)) }
        let scale = top > 0 ? peak / top : 0
        return out.map { Float($0 * scale) }
    }

    /// xorshift64*: the same noise on every machine.
    struct Noise {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> Double {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            let v = state &* 2_685_821_657_736_338_717
            return Double(v >> 11) / Double(1 << 53) * 2 - 1
        }
    }
}
