import Platform
/// Pitch-preserving time-stretcher for speech: WSOLA (waveform-similarity overlap-add).
///
/// Frames of `2·hop` input frames are Hann-windowed and overlap-added every `hop` output frames. Frame k is centred
/// on a *nominal* input position a(k) that advances by `hop·speed` per frame; the frame actually taken is shifted
/// within ±`search` of it to the position whose waveform best continues the previous frame, so periods line up and
/// the pitch is kept. Because the search is always centred on the nominal position, the shift never accumulates:
/// output frame `o` in hop segment j plays input `a(j) + (o − j·hop)·speed(j)` (the time map), give or take the
/// search range.
///
/// Streaming and real-time safe: every buffer is allocated in `init`; `write`, `read`, `speed` changes and `seek`
/// allocate nothing. The speed is read at every hop, so it can change at any block with no flush.
public final class WSOLAStretcher {
    public let channels: Int
    public let rate: Int
    /// Output frames per overlap-add step (half the window).
    public let hop: Int
    /// Half-range of the similarity search, in input frames.
    public let search: Int
    public static let speedRange: ClosedRange<Double> = 0.5...2.0

    /// Playback speed (output runs `speed` times faster than input); clamped to `speedRange`, applied from the next hop.
    public var speed: Double {
        get { requestedSpeed }
        set { requestedSpeed = min(max(newValue.isFinite ? newValue : 1, Self.speedRange.lowerBound), Self.speedRange.upperBound) }
    }

    private var requestedSpeed = 1.0
    private let arena = BufferArena()                    // owns every buffer below
    private let window: UnsafeMutablePointer<Float>      // periodic Hann, 2·hop: w[n] + w[n+hop] = 1
    private let decimation: Int                          // coarse search step
    // Input, as a sliding linear buffer: `input[i]` holds absolute input frame `inBase + i`.
    private let capacity: Int
    private let input: UnsafeMutablePointer<Float>      // interleaved
    private let mono: UnsafeMutablePointer<Float>       // channel sum, for the search
    private var inBase = 0
    private var inCount = 0
    private var inputEnd: Int? = nil                     // absolute end once `finish()` was called
    // Overlap-add: `acc` covers output [(k−1)·hop, (k+1)·hop) before hop k is added.
    private let acc: UnsafeMutablePointer<Float>
    private let ready: UnsafeMutablePointer<Float>
    private var readyStart = 0, readyCount = 0
    // Scratch for one hop.
    private let region: UnsafeMutablePointer<Float>      // mono, candidates' span
    private let target: UnsafeMutablePointer<Float>      // mono, natural continuation
    private let coarseRegion: UnsafeMutablePointer<Float>
    private let coarseTarget: UnsafeMutablePointer<Float>
    private let fadeGain: UnsafeMutablePointer<Float>   // per-hop cross-fade gain
    private let energyFloor: Float                       // about the 16-bit dither level, so silence compares equal
    // Envelope matching, on blocks of `blockLength` (2.5 ms): the search and the cross-fade compare the levels the
    // hop will play with those of the input the time map assigns to it (`mappedLevels`, log10 mean power per block).
    private let blockLength: Int
    private let blocks: Int
    private let mappedLevels: UnsafeMutablePointer<Float>
    private let spanScratch: UnsafeMutablePointer<Float> // mono, the mapped input span (up to 2·hop)
    private let regionPower: UnsafeMutablePointer<Float> // prefix sums of region², every candidate's block powers
    private let pureLevels: UnsafeMutablePointer<Float>  // per block: the old frame alone, then the new one alone
    private let fadeRamp: Int                            // length of the longest short fade (5 ms)
    private let ramp: UnsafeMutablePointer<Float>        // the old frame's weight across a short fade
    // The short fade's candidate places: centre and length of each, and its ramp (w) and w² from the first sample,
    // `fadeRamp` apart; with `fadeCross` = g·(f − g) and `fadeDiff` = (f − g)² per hop, a block's power under a
    // fade is Σf² before it + Σg² after it + Σ(g² + 2w·g(f − g) + w²(f − g)²) across it: dot products only.
    private let fadePositions: Int
    private let fadeCentres: UnsafeMutablePointer<Int>
    private let fadeLengths: UnsafeMutablePointer<Int>
    private let fadeWeights: UnsafeMutablePointer<Float>
    private let fadeWeightsSquared: UnsafeMutablePointer<Float>
    private let fadeCross: UnsafeMutablePointer<Float>
    private let fadeDiff: UnsafeMutablePointer<Float>
    private let logTable: UnsafeMutablePointer<Float>    // log10 of the mantissa, for `log10Table`
    private var regionFrom = 0                           // absolute input frame of region[0]
    private let levelFloor: Float                        // per-sample power counted as silence (about −60 dBFS)
    /// Weight of the envelope shape (mean |Δ| of block levels, decades) in the search near 1×; see `shapeWeight`.
    private let baseShapeWeight: Float = 0.3
    /// Weight of the level match against the waveform match in the search (per decade of energy); 1.5 measured
    /// better than 2 on envelope and spectra at every speed but 2× (still ahead there) once voiced splices keep the plain fade.
    private let energyWeight: Float = 1.5
    /// Correlation below which a cross-fade is treated as noise and power-kept. Voiced splices found by the search
    /// correlate partially (0.5–0.99) yet add nearly coherently; boosting them bumped the level at every hop.
    private let noiseCorrelation: Float = 0.5
    // WSOLA state.
    private var hopIndex = 0                             // next frame k to add
    private var nominal = 0.0                            // a(k)
    private var previousStart: Int? = nil                // centre p(k−1) actually used, nil after a seek
    private var outputEnd: Int? = nil
    private var produced = 0                             // output frames handed out by `read`
    // Time map: segment j covers output [j·hop, (j+1)·hop); a ring of the latest `mapCapacity` segments.
    public let mapCapacity: Int
    private let mapStart: UnsafeMutablePointer<Double>
    private let mapSpeed: UnsafeMutablePointer<Double>
    private let mapFrom: UnsafeMutablePointer<Double>    // centre of the frame fading out in the segment
    private let mapTo: UnsafeMutablePointer<Double>      // start of the frame fading in
    private let mapFadeAt: UnsafeMutablePointer<Double>  // centre of a short fade in the segment, −1 for the Hann fade
    private var seekPending = false
    private var segments = 0

    /// - Parameters:
    ///   - windowSeconds: overlap-add window (27.5 ms: two to three pitch periods of speech, so each splice has whole
    ///     periods to align and there are few splices per syllable; on speech, 26.5–28.5 ms beat 25 ms on the
    ///     envelope at 0.75–2× and the spectra at 0.5, 1.5 and 2× (0.1 dB worse at 0.75 and 1.25×); 30 ms and more
    ///     smear onsets at 1.25 and 2×).
    ///   - searchSeconds: half-range of the search (5 ms, half a 100 Hz period). Wider (7 ms at 2×) was once better
    ///     for clean splices at 2×; with envelope matching it moved onsets instead (2× envelope on three lessons
    ///     +0.0019 / −0.0008 / +0.0012 narrower, spectra 0.02–0.04 dB better).
    ///   - mapSeconds: how much output history the time map keeps for `inputFrame(atOutput:)`.
    public init(channels: Int, rate: Int, windowSeconds: Double = 0.0275, searchSeconds: Double = 0.005,
                mapSeconds: Double = 120, startFrame: Int = 0) {
        precondition(channels >= 1 && rate >= 1000)
        self.channels = channels
        self.rate = rate
        hop = max(16, Int(saturating: windowSeconds * Double(rate) / 2))
        search = max(2, Int(saturating: searchSeconds * Double(rate)))
        decimation = max(1, rate / 8000)
        let n = 2 * hop
        capacity = 4 * n + 4 * search + 64
        window = arena.make(n, Float(0))
        for i in 0..<n { window[i] = Float(0.5 - 0.5 * _cos(2 * Double.pi * Double(i) / Double(n))) }
        input = arena.make(capacity * channels, Float(0))
        mono = arena.make(capacity, Float(0))
        acc = arena.make(n * channels, Float(0))
        ready = arena.make(hop * channels, Float(0))
        blockLength = max(1, Int(saturating: 0.0025 * Double(rate)))
        blocks = min(64, max(2, hop / blockLength))
        mappedLevels = arena.make(blocks, Float(0))
        spanScratch = arena.make(2 * n + 2, Float(0))
        pureLevels = arena.make(2 * blocks, Float(0))
        fadeRamp = max(2, Int(saturating: 0.005 * Double(rate)))
        precondition(hop >= fadeRamp, "window under 10 ms: a short fade must fit inside a hop")
        ramp = arena.make(fadeRamp + 1, Float(0))
        logTable = arena.make(1024, Float(0))
        for i in 0..<1024 { logTable[i] = Float(_log10(1 + (Double(i) + 0.5) / 1024)) }
        for i in 0...fadeRamp { ramp[i] = Float(0.5 + 0.5 * _cos(Double.pi * Double(i) / Double(fadeRamp))) }
        fadePositions = 3 * blocks
        fadeCentres = arena.make(fadePositions, 0)
        fadeLengths = arena.make(fadePositions, 0)
        fadeWeights = arena.make(fadePositions * fadeRamp, Float(0))
        fadeWeightsSquared = arena.make(fadePositions * fadeRamp, Float(0))
        fadeCross = arena.make(hop, Float(0))
        fadeDiff = arena.make(hop, Float(0))
        let edge = fadeRamp / 4
        for k in 0..<fadePositions {
            let centre = edge + k * (hop - 2 * edge) / (fadePositions - 1)
            let length = Self.shortFadeLength(centre: centre, hop: hop, fadeRamp: fadeRamp)
            fadeCentres[k] = centre
            fadeLengths[k] = length
            let start = centre - length / 2
            for i in 0..<fadeRamp {
                let w: Float = i < length ? Self.shortFade(ramp, fadeRamp, at: start + i, centre: centre, length: length) : 0
                fadeWeights[k * fadeRamp + i] = w
                fadeWeightsSquared[k * fadeRamp + i] = w * w
            }
        }
        levelFloor = Float(channels * channels) * 1e-6
        let span = 2 * search + n + 1
        regionPower = arena.make(span + 1, Float(0))
        fadeGain = arena.make(hop, Float(1))
        energyFloor = Float(hop * channels * channels) * 2e-10
        region = arena.make(span, Float(0))
        target = arena.make(n, Float(0))
        coarseRegion = arena.make(span / decimation + 2, Float(0))
        coarseTarget = arena.make(n / decimation + 2, Float(0))
        mapCapacity = max(16, Int(saturating: mapSeconds * Double(rate)) / hop + 1)
        mapStart = arena.make(mapCapacity, Double(0))
        mapSpeed = arena.make(mapCapacity, Double(1))
        mapFrom = arena.make(mapCapacity, Double(0))
        mapTo = arena.make(mapCapacity, Double(0))
        mapFadeAt = arena.make(mapCapacity, Double(-1))
        reset(inputFrame: startFrame, keepOutput: false)
    }

    // MARK: Streaming

    /// Input frames `write` would accept now.
    public var writableFrames: Int {
        guard inputEnd == nil else { return 0 }
        compact()
        return capacity - inCount
    }

    /// Appends up to `frames` interleaved frames; returns how many were taken (call `read` to make room).
    @discardableResult
    public func write(_ samples: UnsafePointer<Float>, frames: Int) -> Int {
        guard inputEnd == nil else { return 0 }
        compact()
        let n = min(frames, capacity - inCount)
        guard n > 0 else { return 0 }
        (input + inCount * channels).update(from: samples, count: n * channels)
        for f in 0..<n {
            var s: Float = 0
            for c in 0..<channels { s += samples[f * channels + c] }
            mono[inCount + f] = s
        }
        inCount += n
        return n
    }

    /// No more input: the rest is rendered as if followed by silence, and the output ends where the map reaches the end.
    public func finish() { if inputEnd == nil { inputEnd = inBase + inCount } }

    /// Fills up to `frames` interleaved output frames; returns how many (0 = needs input, or the end was reached).
    public func read(into out: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        var done = 0
        while done < frames {
            if readyCount == 0 {
                guard runHop() else { break }
                continue
            }
            var n = min(frames - done, readyCount)
            if let end = outputEnd { n = min(n, end - produced) }
            guard n > 0 else { break }
            (out + done * channels).update(from: ready + readyStart * channels, count: n * channels)
            readyStart += n; readyCount -= n; produced += n; done += n
        }
        return done
    }

    /// True once every output frame up to the end of a finished input has been read.
    public var isDrained: Bool { outputEnd.map { produced >= $0 } ?? false }

    /// Output frames handed out so far (the output clock).
    public var outputFrames: Int { produced }

    /// Jumps to `inputFrame` (a seek): buffered input is dropped, the output clock and the time map carry on, and
    /// the old and new audio cross-fade over one hop, so nothing clicks.
    public func seek(toInputFrame frame: Int) { reset(inputFrame: frame, keepOutput: true) }

    /// The absolute input frame the next `write` is expected to start at.
    public var nextInputFrame: Int { inBase + inCount }

    // MARK: Time map

    /// Input frame (fractional) heard at output frame `o`; exact for the nominal schedule, within ±`search` of the
    /// waveform actually used. Before the kept history it clamps to the oldest segment; past the output it extrapolates.
    public func inputFrame(atOutput o: Double) -> Double {
        guard segments > 0 else { return mapStart[0] }
        var j = Int(saturating: (o / Double(hop)).rounded(.down))
        j = max(j, segments - mapCapacity, 0)
        let last = segments - 1
        let seg = min(j, last)
        let slot = seg % mapCapacity
        return mapStart[slot] + (o - Double(seg * hop)) * mapSpeed[slot]
    }

    /// The input frame whose waveform is actually heard at output frame `o`: the cross-fade of the two frames'
    /// real (searched) positions. Closer to the content than `inputFrame(atOutput:)` but not always monotonic;
    /// for quality measures, not for the cursor.
    public func heardInputFrame(atOutput o: Double) -> Double {
        guard segments > 0 else { return mapStart[0] }
        let last = segments - 1
        let seg = min(max(Int(saturating: (o / Double(hop)).rounded(.down)), segments - mapCapacity, 0), last)
        let slot = seg % mapCapacity
        let n = o - Double(seg * hop)
        guard n >= 0 && n < Double(hop) else { return inputFrame(atOutput: o) }
        let t0 = mapFadeAt[slot]
        let w = t0 < 0 ? Double(window[Int(saturating: n)]) : 1 - Double(shortFade(at: Int(saturating: n), centre: Int(saturating: t0)))
        return mapFrom[slot] + n + w * (mapTo[slot] - mapFrom[slot])
    }

    // MARK: Internals

    private func reset(inputFrame start: Int, keepOutput: Bool) {
        inBase = start
        inCount = 0
        inputEnd = nil
        outputEnd = nil
        previousStart = nil
        if !keepOutput {
            hopIndex = 0
            produced = 0
            segments = 0
            readyStart = 0; readyCount = 0
            acc.update(repeating: 0, count: 2 * hop * channels)
            mapStart[0] = Double(start)
            nominal = Double(start)
        } else {
            // What is ready (under one hop) still plays; `acc` keeps the old frame's falling half, and the first new
            // frame is centred one hop in, so its rising half (input [start, start + hop)) fades in under it.
            nominal = Double(start + hop)
            seekPending = true
        }
    }

    /// Moves the kept input to the front of the buffer, dropping frames no future hop can reach.
    private func compact() {
        let lowest = Int(saturating: nominal.rounded(.down)) - search - 2 * hop - 2  // the previous frame may lie 2·hop back
        let drop = min(max(0, lowest - inBase), inCount)
        guard drop > 0 else { return }
        let keep = inCount - drop
        if keep > 0 {
            input.update(from: input + drop * channels, count: keep * channels)
            mono.update(from: mono + drop, count: keep)
        }
        inBase += drop
        inCount = keep
    }

    /// Mono input [from, from+count): in place when buffered, as in steady state; else gathered into `spanScratch`.
    private func monoSpan(from: Int, count: Int) -> UnsafePointer<Float> {
        if from >= inBase && from + count <= inBase + inCount { return UnsafePointer(mono + (from - inBase)) }
        gatherMono(spanScratch, from: from, count: count)
        return UnsafePointer(spanScratch)
    }

    /// Copies mono input [from, from+count) into `dst`, zero outside what exists.
    private func gatherMono(_ dst: UnsafeMutablePointer<Float>, from: Int, count: Int) {
        if from >= inBase && from + count <= inBase + inCount {
            dst.update(from: mono + (from - inBase), count: count)
            return
        }
        for i in 0..<count {
            let k = from + i - inBase
            dst[i] = (k >= 0 && k < inCount) ? mono[k] : 0
        }
    }

    /// Adds the next frame and moves one completed hop of output to `ready`; false when input is lacking or done.
    private func runHop() -> Bool {
        if let end = outputEnd, segments * hop >= end { return false }
        let centre = Int(saturating: nominal.rounded())
        let available = inBase + inCount
        var need = centre + search + hop + 1
        if let p = previousStart { need = max(need, p + 2 * hop) }
        if inputEnd == nil && available < need { return false }
        compact()

        var start = centre
        var rho: Float = 1
        if let p = previousStart {
            measureMappedLevels(from: Int(saturating: segmentStart.rounded()), to: centre)
            (start, rho) = bestCandidate(centre: centre, continuation: p + hop)
        }

        // Overlap-add frame [start − hop, start + hop) onto acc.
        let n = 2 * hop
        for i in 0..<n {
            let k = start - hop + i - inBase
            let w = window[i]
            if k >= 0 && k < inCount {
                for c in 0..<channels { acc[i * channels + c] += w * input[k * channels + c] }
            }
        }
        var fadeAt = -1
        if let p = previousStart { fadeAt = chooseFade(falling: p, rising: start - hop) }
        if rho < noiseCorrelation && fadeAt < 0 { keepPower(rho) }
        // acc[0, hop) is complete: output [(k−1)·hop, k·hop).
        if hopIndex > 0 {
            ready.update(from: acc, count: hop * channels)
            readyStart = 0; readyCount = hop
            let slot = segments % mapCapacity
            if seekPending {
                segmentStart = Double(start - hop); segmentSpeed = 1
                seekPending = false
            }
            mapStart[slot] = segmentStart
            mapSpeed[slot] = segmentSpeed
            mapTo[slot] = Double(start - hop)
            mapFrom[slot] = Double(previousStart ?? (start - hop))
            mapFadeAt[slot] = Double(fadeAt)
            if let end = inputEnd, outputEnd == nil, segmentStart + Double(hop) * segmentSpeed >= Double(end) {
                outputEnd = segments * hop + max(0, Int(saturating: ((Double(end) - segmentStart) / segmentSpeed).rounded(.up)))
            }
            segments += 1
        }
        acc.update(from: acc + hop * channels, count: hop * channels)
        (acc + hop * channels).update(repeating: 0, count: hop * channels)

        segmentStart = nominal
        segmentSpeed = requestedSpeed
        previousStart = start
        nominal += Double(hop) * requestedSpeed
        hopIndex += 1
        return true
    }

    /// Scales the cross-fade so its power stays level: two frames correlated by `rho` sum to
    /// w² + (1−w)² + 2·rho·w·(1−w) of one frame's power, a dip of up to 3 dB mid-fade for noise (fricatives) that
    /// would flutter at the hop rate. Only for noise-like splices (rho < `noiseCorrelation`); voiced ones keep the
    /// plain linear fade.
    private func keepPower(_ rho: Float) {
        let r = min(max(rho, 0), 1)
        for i in 0..<hop {
            let w = window[i], v = 1 - window[i]
            fadeGain[i] = 1 / (w * w + v * v + 2 * r * w * v).squareRoot()
        }
        for i in 0..<hop {
            let g = fadeGain[i]
            for c in 0..<channels { acc[i * channels + c] *= g }
        }
    }

    private var segmentStart = 0.0
    private var segmentSpeed = 1.0

    /// |log2 speed|. Far from 1× (past 1.5× or below 0.66×) a frame covers more input than it plays, or less, so its
    /// envelope is further from the mapped one: the search weighs the shape more (doubling it at 0.5× and 2×:
    /// envelope +0.0004 to +0.003 on three lessons, spectra unchanged), and a short fade must buy more, as it
    /// costs more spectrally.
    private var octavesFromNormal: Float { abs(log10Table(Float(requestedSpeed))) / 0.30103 }

    // MARK: Envelope matching

    /// Fills `mappedLevels` with the block levels of input [from, to): what the time map says this hop plays.
    private func measureMappedLevels(from: Int, to: Int) {
        let length = min(max(to - from, blocks), 2 * hop + 2)
        let span = monoSpan(from: to - length, count: length)
        for b in 0..<blocks {
            let a = b * length / blocks, e = (b + 1) * length / blocks
            let sum = dot(span + a, span + a, e - a)
            mappedLevels[b] = log10Table(sum / Float(e - a) + levelFloor)
        }
    }

    /// Mean |level difference| (decades) between candidate j's rising half, block by block, and `mappedLevels`: a
    /// candidate whose onset or offset falls where the map puts it scores near 0.
    private func shapeMismatch(candidate j: Int) -> Float {
        var total: Float = 0
        for b in 0..<blocks {
            let a = j + b * hop / blocks, e = j + (b + 1) * hop / blocks
            total += blockError(regionPower[e] - regionPower[a], count: e - a, block: b)
        }
        return total / Float(blocks)
    }

    /// |level − mapped level| of block b, in decades, for `power` summed over `count` samples.
    @inline(__always)
    private func blockError(_ power: Float, count: Int, block b: Int) -> Float {
        abs(log10Table(power / Float(count) + levelFloor) - mappedLevels[b])
    }

    /// log10 of a positive normal `x` to ±2e-4 (0.002 dB) from the exponent and a table of the mantissa's top 10 bits:
    /// the envelope costs take hundreds per hop.
    @inline(__always)
    private func log10Table(_ x: Float) -> Float {
        let bits = x.bitPattern
        return Float(Int(bits >> 23) - 127) * 0.301_029_99 + logTable[Int((bits >> 13) & 0x3ff)]
    }

    /// Weight of the old frame at `i` in the short fade centred on `centre`: 5 ms, shorter near the hop's ends so
    /// that the whole ramp stays inside the hop (one cut short there would jump), never under 2.5 ms (1.25 ms: speech
    /// envelope +0.0002–0.0008, but 3× the third difference on gated tones), even so it is centred exactly.
    private func shortFade(at i: Int, centre: Int) -> Float {
        Self.shortFade(ramp, fadeRamp, at: i, centre: centre, length: Self.shortFadeLength(centre: centre, hop: hop, fadeRamp: fadeRamp))
    }

    private static func shortFadeLength(centre: Int, hop: Int, fadeRamp: Int) -> Int {
        2 * max(fadeRamp / 4, min(fadeRamp / 2, centre, hop - centre))
    }

    private static func shortFade(_ ramp: UnsafeMutablePointer<Float>, _ fadeRamp: Int, at i: Int, centre: Int, length: Int) -> Float {
        let k = i - centre + length / 2
        if k < 0 { return 1 }
        if k >= length { return 0 }
        // Interpolated, not the nearest entry: uneven steps through the table would put kinks in a shortened ramp.
        let x = Float(k * fadeRamp) / Float(length)
        let j = Int(saturating: x)
        return ramp[j] + (x - Float(j)) * (ramp[j + 1] - ramp[j])
    }

    /// The Hann cross-fade spreads each frame's content over a whole hop, where it runs at 1× instead of `speed`:
    /// at an onset or offset the level then changes up to half a hop early or late (at 2×, 7 ms — most of a
    /// plosive). When the plain fade leaves a block ≥ 5 dB off the mapped input, a short fade placed anywhere in the
    /// hop (every 0.8 ms at 48 kHz) replaces it if that brings the blocks' summed error down by a margin.
    /// The old frame's falling half (input [p, p + hop)) is `target`, gathered by the search; the new one's rising
    /// half lies in `region`. Rewrites acc[0, hop) and returns the fade's centre, or −1 for the plain fade.
    private func chooseFade(falling p: Int, rising r: Int) -> Int {
        let f = UnsafePointer(target), g = UnsafePointer(region + (r - regionFrom))
        var plain: Float = 0, worst: Float = 0
        for b in 0..<blocks {
            let a = b * hop / blocks, e = (b + 1) * hop / blocks
            var sum: Float = 0
            for i in a..<e { let y = window[i + hop] * f[i] + window[i] * g[i]; sum += y * y }
            let d = blockError(sum, count: e - a, block: b)
            plain += d; worst = max(worst, d)
        }
        guard worst >= 0.5 else { return -1 }
        for b in 0..<blocks {
            let a = b * hop / blocks, e = (b + 1) * hop / blocks
            pureLevels[b] = blockError(dot(f + a, f + a, e - a), count: e - a, block: b)
            pureLevels[blocks + b] = blockError(dot(g + a, g + a, e - a), count: e - a, block: b)
        }
        // Splicing with a short fade costs more spectrally the further the frames are apart (|log2 speed| → 1),
        // so far from 1× it must buy more.
        var bestCost = plain - (0.3 + 0.875 * max(0, octavesFromNormal - 0.6))
        var best = -1
        for i in 0..<hop {
            let d = f[i] - g[i]
            fadeCross[i] = g[i] * d
            fadeDiff[i] = d * d
        }
        for k in 0..<fadePositions {
            let rampStart = fadeCentres[k] - fadeLengths[k] / 2, rampEnd = rampStart + fadeLengths[k]
            let w = UnsafePointer(fadeWeights + k * fadeRamp), w2 = UnsafePointer(fadeWeightsSquared + k * fadeRamp)
            var cost: Float = 0
            for b in 0..<blocks {
                let a = b * hop / blocks, e = (b + 1) * hop / blocks
                if e <= rampStart { cost += pureLevels[b]; continue }
                if a >= rampEnd { cost += pureLevels[blocks + b]; continue }
                let lo = max(a, rampStart), hi = min(e, rampEnd), n = hi - lo
                var sum = dot(g + lo, g + lo, n) + 2 * dot(w + (lo - rampStart), fadeCross + lo, n)
                    + dot(w2 + (lo - rampStart), fadeDiff + lo, n)
                if lo > a { sum += dot(f + a, f + a, lo - a) }
                if e > hi { sum += dot(g + hi, g + hi, e - hi) }
                // Expanded, the sum can round below 0 where the frames cancel; log10Table needs it positive.
                cost += blockError(max(sum, 0), count: e - a, block: b)
            }
            if cost < bestCost { bestCost = cost; best = fadeCentres[k] }
        }
        guard best >= 0 else { return -1 }
        for i in 0..<hop {
            let w = shortFade(at: i, centre: best)
            let kf = p + i - inBase, kr = r + i - inBase
            for c in 0..<channels {
                let x: Float = kf >= 0 && kf < inCount ? input[kf * channels + c] : 0
                let y: Float = kr >= 0 && kr < inCount ? input[kr * channels + c] : 0
                acc[i * channels + c] = w * x + (1 - w) * y
            }
        }
        return best
    }

    /// Energy of candidate j's rising half (region[j, j + hop)), from `regionPower`.
    @inline(__always)
    private func risingEnergy(_ j: Int) -> Float { max(regionPower[j + hop] - regionPower[j], 0) }

    /// The start in [centre − range, centre + range] whose rising half best continues the previous frame over the
    /// cross-fade: normalised cross-correlation with the natural continuation, minus `energyWeight` × the level
    /// difference (decades) from the nominal frame, so a splice neither tears a period nor moves an onset.
    /// Coarse on a box-decimated copy, then refined at full rate on the waveform alone. Also returns the correlation.
    private func bestCandidate(centre: Int, continuation: Int) -> (start: Int, rho: Float) {
        let range = search
        let lo = centre - range
        let count = 2 * range + 1
        regionFrom = lo - hop
        gatherMono(region, from: regionFrom, count: count + hop - 1)
        gatherMono(target, from: continuation - hop, count: hop)
        // Prefix sums of region²: every candidate's energy and the shape term's block levels.
        regionPower[0] = 0
        for i in 0..<(count + hop - 1) { regionPower[i + 1] = regionPower[i] + region[i] * region[i] }
        let floor = energyFloor
        let nominalLevel = _log10f(risingEnergy(range) + floor)
        let targetNorm = (dot(target, target, hop) + floor).squareRoot()

        let d = decimation
        let shapeWeight = baseShapeWeight + 0.75 * max(0, octavesFromNormal - 0.6)
        var best = range
        do {
            let len = hop / d
            let coarseCount = (count - 1) / d + 1
            boxSum(coarseRegion, region, count: coarseCount + len - 1, d)
            boxSum(coarseTarget, target, count: len, d)
            let coarseTargetNorm = (dot(coarseTarget, coarseTarget, len) + floor).squareRoot()
            var ce = dot(coarseRegion, coarseRegion, len)
            var bestScore = -Float.infinity
            for j in 0..<coarseCount {
                if j > 0 {
                    let out = coarseRegion[j - 1], inn = coarseRegion[j + len - 1]
                    ce += inn * inn - out * out
                }
                let ncc = dot(coarseRegion + j, coarseTarget, len) / ((max(ce, 0) + floor).squareRoot() * coarseTargetNorm)
                let score = ncc - energyWeight * abs(_log10f(risingEnergy(j * d) + floor) - nominalLevel)
                    - shapeWeight * shapeMismatch(candidate: j * d)
                if score > bestScore { bestScore = score; best = j * d }
            }
        }
        let from = max(0, best - d), to = min(count - 1, best + d)
        var bestScore = -Float.infinity
        var rho: Float = 1
        // The level term picked the period; the waveform alone places the splice within it (a level slope would
        // otherwise pull it a few samples off the peak and jitter the pitch).
        for j in from...to {
            let ncc = dot(region + j, target, hop) / ((risingEnergy(j) + floor).squareRoot() * targetNorm)
            if ncc > bestScore { bestScore = ncc; best = j; rho = ncc }
        }
        return (lo + best, rho)
    }
}
