/// Sums many voices of pre-converted clips into interleaved float blocks, then limits them.
///
/// The render side (`render`) is meant for a real-time thread: it allocates nothing, takes no locks and makes
/// no system calls. Everything it touches is allocated in `init`; commands arrive through an SPSC queue.
/// Hand the mixer to exactly one render thread; keep `control` on one other thread.
public final class Mixer: @unchecked Sendable {
    public let channels: Int
    public let rate: Int
    public let maxVoices: Int
    public let control: MixerControl

    /// Stream frame of the next block's first frame.
    public private(set) var position: Int64 = 0
    /// Voices sounding or scheduled.
    public private(set) var activeVoices = 0
    /// Voices cut short because all were busy when a new one came (the oldest goes).
    public private(set) var stolenVoices = 0
    public private(set) var limiter: Limiter
    public private(set) var lastMeter = MeterReading()

    private let queue: SPSCQueue<MixerCommand>
    private let clipData: UnsafeMutablePointer<Float>
    private let clipStart: UnsafeMutablePointer<Int>
    private let clipFrames: UnsafeMutablePointer<Int>
    private let clipCount: Int
    private let voices: UnsafeMutablePointer<Voice>
    private let starts: UnsafeMutablePointer<VoiceStart>
    private let startCapacity: Int
    /// Voices that started in the last block rendered (reported once).
    public private(set) var startCount = 0

    struct Voice {
        var active = false
        var clip = 0
        var frame = 0            // next clip frame to play
        var startFrame: Int64 = 0
        var started = false
        var gain: Float = 1
        var target: Float = 1
        var stopping = false
        var token: UInt64 = 0
        var arrival: UInt64 = 0
    }

    /// Every clip must already be at `channels` (and, to sound right, at `rate`): convert them when loading.
    public init(clips: [Clip], rate: Int, channels: Int, maxVoices: Int = 32, queueCapacity: Int = 256,
                limiter: Limiter? = nil) {
        precondition(channels > 0 && maxVoices > 0)
        precondition(clips.allSatisfy { $0.channels == channels }, "clips must be converted to the mixer's channels")
        self.channels = channels
        self.rate = rate
        self.maxVoices = maxVoices
        self.limiter = limiter ?? Limiter(rate: rate)
        queue = SPSCQueue(capacity: queueCapacity)
        control = MixerControl(queue: queue, clipCount: clips.count)
        clipCount = clips.count
        let total = clips.reduce(0) { $0 + $1.samples.count }
        let data = UnsafeMutablePointer<Float>.allocate(capacity: max(1, total))
        let offsets = UnsafeMutablePointer<Int>.allocate(capacity: max(1, clips.count))
        let lengths = UnsafeMutablePointer<Int>.allocate(capacity: max(1, clips.count))
        var offset = 0
        for (i, clip) in clips.enumerated() {
            offsets[i] = offset
            lengths[i] = clip.frames
            clip.samples.withUnsafeBufferPointer { (data + offset).initialize(from: $0.baseAddress!, count: $0.count) }
            offset += clip.samples.count
        }
        clipData = data
        clipStart = offsets
        clipFrames = lengths
        voices = .allocate(capacity: maxVoices)
        voices.initialize(repeating: Voice(), count: maxVoices)
        startCapacity = maxVoices
        starts = .allocate(capacity: startCapacity)
    }

    /// The memory `render` touches (clip samples, voices, starts), for the engine to keep resident.
    public func withRenderMemory(_ body: (UnsafeRawPointer, Int) -> Void) {
        let samples = clipCount == 0 ? 0 : clipStart[clipCount - 1] + clipFrames[clipCount - 1] * channels
        body(clipData, max(1, samples) * MemoryLayout<Float>.stride)
        body(clipStart, max(1, clipCount) * MemoryLayout<Int>.stride)
        body(clipFrames, max(1, clipCount) * MemoryLayout<Int>.stride)
        body(voices, maxVoices * MemoryLayout<Voice>.stride)
        body(starts, startCapacity * MemoryLayout<VoiceStart>.stride)
    }

    deinit {
        clipData.deallocate()
        clipStart.deallocate()
        clipFrames.deallocate()
        voices.deallocate()
        starts.deallocate()
    }

    /// A voice that started in the last block, `0..<startCount`.
    public func start(_ i: Int) -> VoiceStart { starts[i] }

    /// Renders the next `frames` frames, interleaved, into `out` (which must hold `frames * channels`).
    public func render(_ out: UnsafeMutablePointer<Float>, frames: Int) {
        takeCommands()
        let count = frames * channels
        out.update(repeating: 0, count: count)
        startCount = 0
        let blockEnd = position + Int64(frames)
        var active = 0
        for v in 0..<maxVoices where voices[v].active {
            active += 1
            var voice = voices[v]
            if voice.startFrame >= blockEnd {
                continue
            }
            let offset = Int(max(0, voice.startFrame - position))
            if !voice.started {
                voice.started = true
                if startCount < startCapacity {
                    starts[startCount] = VoiceStart(token: voice.token, arrival: voice.arrival,
                                                    frame: position + Int64(offset), offset: offset)
                    startCount += 1
                }
            }
            let n = min(frames - offset, clipFrames[voice.clip] - voice.frame)
            let src = clipData + clipStart[voice.clip] + voice.frame * channels
            let dst = out + offset * channels
            if voice.gain == voice.target {
                let g = voice.gain
                for i in 0..<(n * channels) { dst[i] += src[i] * g }
            } else {
                // Ramp across the whole block so a gain change or a stop never clicks.
                let stepGain = (voice.target - voice.gain) / Float(frames)
                var g = voice.gain
                for f in 0..<n {
                    g += stepGain
                    for c in 0..<channels { dst[f * channels + c] += src[f * channels + c] * g }
                }
                voice.gain = voice.target
            }
            voice.frame += n
            if voice.frame >= clipFrames[voice.clip] || (voice.stopping && voice.gain == 0) {
                voice.active = false
                active -= 1
            }
            voices[v] = voice
        }
        activeVoices = active
        limiter.resetReduction()
        limiter.process(out, frames: frames, channels: channels)
        var meter = MeterReading.measure(out, count: count)
        meter.limiterGain = limiter.minimumGain
        lastMeter = meter
        position = blockEnd
    }

    private func takeCommands() {
        while let command = queue.pop() {
            switch command {
            case .play(let request):
                guard request.clip >= 0 && request.clip < clipCount else { continue }
                let slot = freeVoice()
                voices[slot] = Voice(active: true, clip: request.clip, frame: 0,
                                     startFrame: max(position, request.at ?? position), started: false,
                                     gain: request.gain, target: request.gain, stopping: false,
                                     token: request.token, arrival: request.arrival)
            case .stop(let token):
                for v in 0..<maxVoices where voices[v].active && voices[v].token == token { stopVoice(v) }
            case .stopAll:
                for v in 0..<maxVoices where voices[v].active { stopVoice(v) }
            case .setGain(let token, let gain):
                for v in 0..<maxVoices where voices[v].active && voices[v].token == token && !voices[v].stopping {
                    voices[v].target = gain
                }
            }
        }
    }

    private func stopVoice(_ v: Int) {
        if voices[v].started {
            voices[v].target = 0
            voices[v].stopping = true
        } else {
            voices[v].active = false
        }
    }

    /// A free slot, or the voice that has played longest.
    private func freeVoice() -> Int {
        var oldest = 0
        for v in 0..<maxVoices {
            if !voices[v].active { return v }
            if voices[v].frame > voices[oldest].frame { oldest = v }
        }
        stolenVoices += 1
        return oldest
    }
}
