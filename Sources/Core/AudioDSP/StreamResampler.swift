/// Streaming sample-rate conversion with the same Kaiser-windowed sinc as `Resampler` (100 dB), for a render loop
/// that produces audio at one rate (a lesson's) and writes it at another (the device's).
///
/// Output frame n sits exactly at input frame n·inRate/outRate (the kernel is centred, so there is no delay to
/// account for in a time map); it can be read once the input reaches that point plus the kernel's half width.
/// Every buffer is allocated in `init`: `write`, `read` and `flush` allocate nothing.
public final class StreamResampler {
    public let inRate: Int
    public let outRate: Int
    public let channels: Int
    /// Input frames on each side of an output position that the kernel reaches.
    public let halfTaps: Int
    /// Input frames `write` accepts at most per call.
    public let maxWrite: Int
    private let step: Int, phases: Int, taps: Int
    private let table: UnsafeMutablePointer<Float>        // phases × taps
    private let buffer: UnsafeMutablePointer<Float>       // interleaved input; buffer[0] is input frame `base`
    private let capacity: Int
    private var base = 0                                  // absolute input frame held at buffer[0]
    private var count = 0                                 // input frames held
    /// Output frames handed out so far.
    public private(set) var produced = 0

    /// Whether a converter can be built for these rates (the kernel is tabulated per phase, up to 2048 phases).
    public static func supports(from inRate: Int, to outRate: Int) -> Bool {
        inRate > 0 && outRate > 0 && outRate / gcd(inRate, outRate) <= 2048
    }

    public init(from inRate: Int, to outRate: Int, channels: Int, maxWrite: Int = 4096) {
        precondition(Self.supports(from: inRate, to: outRate) && channels >= 1)
        self.inRate = inRate
        self.outRate = outRate
        self.channels = channels
        self.maxWrite = maxWrite
        let design = Resampler.design(from: inRate, to: outRate)
        halfTaps = design.halfTaps
        let g = gcd(inRate, outRate)
        step = inRate / g
        phases = outRate / g
        taps = 2 * halfTaps
        let rows = Resampler.phaseTable(phases: phases, halfTaps: halfTaps, cutoff: design.cutoff, beta: Resampler.kaiserBeta)
        table = .allocate(capacity: phases * taps)
        for i in rows.indices { table[i] = Float(rows[i]) }
        capacity = 2 * taps + maxWrite + 64
        buffer = .allocate(capacity: capacity * channels)
        // The signal is silent before the start: the first outputs see zeros on their left.
        buffer.initialize(repeating: 0, count: capacity * channels)
        base = -halfTaps
        count = halfTaps
    }

    deinit {
        table.deallocate()
        buffer.deallocate()
    }

    /// Input frame position of the next output frame (exact: produced · inRate / outRate).
    public var inputPosition: Double { Double(produced) * Double(inRate) / Double(outRate) }

    /// Appends up to `maxWrite` interleaved input frames.
    public func write(_ input: UnsafePointer<Float>, frames: Int) {
        precondition(frames <= maxWrite)
        compact()
        precondition(count + frames <= capacity, "read what is readable before writing more")
        (buffer + count * channels).update(from: input, count: frames * channels)
        count += frames
    }

    /// Appends `halfTaps` frames of silence, so every input frame written so far can be read out (the end of a
    /// stream). Input written afterwards follows the silence; returns the frames added.
    @discardableResult
    public func flush() -> Int {
        compact()
        (buffer + count * channels).update(repeating: 0, count: halfTaps * channels)
        count += halfTaps
        return halfTaps
    }

    /// Output frames that can be read now.
    public var readable: Int {
        // Output n needs input through floor(n·step/phases) + halfTaps.
        let end = base + count - halfTaps            // exclusive bound on the centre's integer part
        guard end > 0 else { return 0 }
        let last = (end * phases - 1) / step         // largest n with floor(n·step/phases) ≤ end − 1
        return max(0, last + 1 - produced)
    }

    /// Reads up to `frames` interleaved output frames; returns how many.
    public func read(into out: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        let n = min(frames, readable)
        for i in 0..<n {
            let position = (produced + i) * step
            let centre = position / phases, p = position % phases
            let first = centre - halfTaps + 1 - base
            let weights = table + p * taps
            for c in 0..<channels {
                var acc: Float = 0
                var src = buffer + first * channels + c
                for k in 0..<taps {
                    acc += weights[k] * src.pointee
                    src += channels
                }
                out[i * channels + c] = acc
            }
        }
        produced += n
        return n
    }

    /// Drops input no future output needs, so `write` always has room.
    private func compact() {
        let centre = (produced * step) / phases
        let keepFrom = centre - halfTaps + 1
        let drop = min(count, max(0, keepFrom - base))
        guard drop > 0 else { return }
        buffer.update(from: buffer + drop * channels, count: (count - drop) * channels)
        base += drop
        count -= drop
    }
}
