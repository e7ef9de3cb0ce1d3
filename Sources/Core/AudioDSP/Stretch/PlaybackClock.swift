/// What is heard now, in lesson time: audible sink frame = frames written − device delay (`snd_pcm_delay`),
/// then through the spans the player wrote (stretched audio, or silence while paused or holding) to the
/// stretcher's output clock, then through the stretcher's time map to an input frame.
/// When the device runs at another rate than the lesson, a sink frame is `ratio` stretcher frames (the resampler
/// between them is centred, so the map stays exact).
/// Fixed capacity, no allocation after `init`: the render loop records a span per write.
public struct PlaybackClock {
    public let capacity: Int
    /// Stretcher frames per sink frame (lesson rate / device rate).
    public let ratio: Double
    private var sinkStart: [Int]
    private var stretchStart: [Double]
    private var frozen: [Bool]
    private var count = 0
    public private(set) var framesWritten = 0

    public init(capacity: Int = 256, ratio: Double = 1) {
        self.capacity = capacity
        self.ratio = ratio
        sinkStart = Array(repeating: 0, count: capacity)
        stretchStart = Array(repeating: 0, count: capacity)
        frozen = Array(repeating: false, count: capacity)
    }

    /// `frames` sink frames were written from the stretcher's output starting at its output frame `from`.
    public mutating func wroteStretched(frames: Int, from: Double) { append(frames: frames, from: from, silent: false) }

    /// `frames` of silence were written while the stretcher stood at output frame `at` (pause, hold after a loop).
    public mutating func wroteSilence(frames: Int, at: Double) { append(frames: frames, from: at, silent: true) }

    private mutating func append(frames: Int, from: Double, silent: Bool) {
        guard frames > 0 else { return }
        if count > 0 {
            let last = (count - 1) % capacity
            let continues = frozen[last] == silent
                && abs((silent ? stretchStart[last] : stretchStart[last] + Double(framesWritten - sinkStart[last]) * ratio) - from) < 1e-6
            if continues { framesWritten += frames; return }
        }
        let slot = count % capacity
        sinkStart[slot] = framesWritten; stretchStart[slot] = from; frozen[slot] = silent
        count += 1
        framesWritten += frames
    }

    /// The slot of the span holding sink frame `f` (the oldest kept one if `f` is older).
    private func slot(atSinkFrame f: Int) -> Int {
        var i = count - 1
        let oldest = max(0, count - capacity)
        while i > oldest && sinkStart[i % capacity] > f { i -= 1 }
        return i % capacity
    }

    /// Stretcher output frame heard at sink frame `f` (clamped to the kept history).
    public func stretcherFrame(atSinkFrame f: Int) -> Double {
        guard count > 0 else { return 0 }
        let s = slot(atSinkFrame: f)
        return frozen[s] ? stretchStart[s] : stretchStart[s] + Double(max(0, f - sinkStart[s])) * ratio
    }

    /// Whether sink frame `f` is silence the player wrote (paused or holding), not stretched audio.
    public func isSilence(atSinkFrame f: Int) -> Bool {
        count == 0 || frozen[slot(atSinkFrame: f)]
    }

    /// Lesson input frame heard now, given the device's queued `delay` (the stretcher's monotonic time map).
    public func audibleInputFrame(delay: Int, stretcher: WSOLAStretcher) -> Double {
        stretcher.inputFrame(atOutput: stretcherFrame(atSinkFrame: max(0, framesWritten - delay)))
    }
}
