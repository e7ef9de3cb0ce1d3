import AudioDSP
import AudioIO
import Lessons
import Platform

/// The shadowing render loop: lesson file → stretcher → sink, one period per `step()`. Before each write it asks
/// the sink for its queued delay, so the cue reported is the one *heard*, not the one being rendered.
public final class LessonPlayer {
    public enum Event: Equatable {
        /// The cue heard changed; `heard` is the lesson time heard, `sinkFrame` the sink frame being heard.
        case cue(index: Int?, heard: Double, sinkFrame: Int)
        case action(ShadowMachine.Action, heard: Double)
    }

    public let reader: SoundFileReader
    public let sink: AudioSink
    public let stretcher: WSOLAStretcher
    public var machine: ShadowMachine
    public var cursor: TranscriptCursor
    public var clock: PlaybackClock
    /// Added to the sink's own delay (tests inject device latency on the unpaced file sink).
    let extraDelay: Int
    public let period: Int
    /// The whole lesson has been heard (not only rendered): the player writes silence and waits for `restart`.
    public private(set) var ended = false
    /// Lesson time heard at the last step.
    public private(set) var heardTime: Double
    private var renderDone = false
    /// Every cue start and end, sorted: when the highlight may change next.
    private let boundaries: [Double]
    /// A seek written but not heard yet: commands act on where the learner asked to be, not on the old audio
    /// still draining from the device (→ then l loops the new line, not the old one).
    /// `sinkFrame` is where its audio starts in the sink, nil until that audio is written (paused, holding).
    private var pendingSeek: (target: Double, sinkFrame: Int?)?
    private var holdFrames = 0
    /// Stretcher output frame where the audio of the last seek starts (the next hop boundary: what the stretcher
    /// still holds before it is the old place, past the old end after a restart). Frames before it must not count
    /// as rendered, or a restart at the end sees the old end and stops again.
    private var seekOutput = 0.0
    private var inputDone = false
    /// Between the stretcher (lesson rate) and a device that runs at another rate; nil when they match.
    private let resampler: StreamResampler?
    /// Silence the resampler was flushed with at ends: its input frame = stretcher frame + lead, `leadBefore`
    /// up to resampler input frame `leadAt` (the silence itself counts as frames after the end), `leadAfter` from there.
    private var leadBefore = 0.0, leadAfter = 0.0, leadAt = 0.0
    private var flushed = false
    /// The sink frame where the silence after the last rendered frame starts.
    private var endSinkFrame: Int?
    /// Speech (the word mode's) at the device's rate, mono, played into the silence of a pause.
    private var voice: [Float] = []
    private var voiceAt = 0
    private var input: [Float]
    private var stretched: [Float]
    private var output: [Float]
    private var mapped: [Float]
    private var bytes: [UInt8]

    public init(reader: SoundFileReader, sink: AudioSink, transcript: Transcript, speed: Double, start: Double = 0, extraDelay: Int = 0) throws {
        self.reader = reader
        self.sink = sink
        self.extraDelay = extraDelay
        period = sink.info.periodFrames
        machine = ShadowMachine(transcript: transcript, duration: reader.seconds, speed: speed)
        if sink.info.rate != reader.rate {
            guard StreamResampler.supports(from: reader.rate, to: sink.info.rate) else {
                throw AudioError(.device, "\(sink.info.device) runs at \(sink.info.rate) Hz and the lesson at \(reader.rate) Hz: no converter for that pair")
            }
            resampler = StreamResampler(from: reader.rate, to: sink.info.rate, channels: reader.channels, maxWrite: 256)
        } else {
            resampler = nil
        }
        clock = PlaybackClock(ratio: Double(reader.rate) / Double(sink.info.rate))
        heardTime = start
        boundaries = Set(transcript.cues.flatMap { [$0.start, $0.end] }).sorted()
        cursor = TranscriptCursor(transcript: transcript)
        let startFrame = max(0, min(reader.frames, Int(saturating: start * Double(reader.rate))))
        stretcher = WSOLAStretcher(channels: reader.channels, rate: reader.rate, mapSeconds: 10, startFrame: startFrame)
        stretcher.speed = machine.speed
        if startFrame > 0 { try reader.seek(toFrame: startFrame) }
        input = Array(repeating: 0, count: 1024 * reader.channels)
        stretched = Array(repeating: 0, count: 256 * reader.channels)
        output = Array(repeating: 0, count: period * reader.channels)
        mapped = Array(repeating: 0, count: period * sink.info.channels)
        precondition(sink.info.format == .s16)
        bytes = Array(repeating: 0, count: period * sink.info.channels * 2)
    }

    /// What to open the sink with: the lesson's rate, stereo, 16-bit.
    public static func request(rate: Int, period: Int = 256, periods: Int = 3) -> SinkRequest {
        SinkRequest(rate: rate, channels: 2, periodFrames: period, periods: periods, formats: [.s16])
    }

    public var rate: Int { reader.rate }

    /// Plays `clip` through this sink in the silence while paused (lesson time does not move); a new clip replaces
    /// one still playing.
    public func speak(_ clip: Clip) {
        voice = clip.converted(rate: sink.info.rate, channels: 1).samples
        voiceAt = 0
    }

    /// Speech is still to be written.
    public var speaking: Bool { voiceAt < voice.count }

    /// What a screen or a JSON line shows of the player.
    public struct State: Equatable {
        public var playing: Bool
        public var speed: Double
        public var loop: ShadowMachine.Loop?
        public var ended: Bool

        public init(playing: Bool, speed: Double, loop: ShadowMachine.Loop?, ended: Bool) {
            self.playing = playing
            self.speed = speed
            self.loop = loop
            self.ended = ended
        }
    }

    public var state: State { State(playing: machine.playing, speed: machine.speed, loop: machine.loop, ended: ended) }
    public var currentCue: Int? { cursor.current }

    /// From the beginning again, after the lesson ended.
    public func restart(emit: (Event) -> Void) throws {
        ended = false
        renderDone = false
        if !machine.playing { for a in machine.handle(.resume, at: heardTime) { try apply(a, heard: heardTime, emit: emit) } }
        for a in machine.handle(.seek(0), at: heardTime) { try apply(a, heard: heardTime, emit: emit) }
    }

    /// Lesson seconds heard now for a device delay of `delay` frames.
    func heard(delay: Int) -> Double { clock.audibleInputFrame(delay: delay, stretcher: stretcher) / Double(rate) }

    /// A learner's command, applied at what is heard now.
    public func command(_ c: ShadowMachine.Command, emit: (Event) -> Void) throws {
        let delay = currentDelay()
        var t = heard(delay: delay)
        if let p = pendingSeek, clock.framesWritten - delay < p.sinkFrame ?? .max { t = p.target }
        for a in machine.handle(c, at: t) { try apply(a, heard: t, emit: emit) }
    }

    private func currentDelay() -> Int {
        if case .ready(_, let d) = sink.space() { return d + extraDelay }
        return extraDelay
    }

    private func apply(_ a: ShadowMachine.Action, heard: Double, emit: (Event) -> Void) throws {
        emit(.action(a, heard: heard))
        switch a {
        case .seek(let s):
            let f = max(0, min(reader.frames, Int(saturating: (s * Double(rate)).rounded())))
            try reader.seek(toFrame: f)
            stretcher.seek(toInputFrame: f)
            seekOutput = Double((stretcher.outputFrames + stretcher.hop - 1) / stretcher.hop * stretcher.hop)
            inputDone = false
            renderDone = false
            endSinkFrame = nil
            pendingSeek = (Double(f) / Double(rate), nil)
        case .speed(let v): stretcher.speed = v
        case .hold(let s): holdFrames += Int(saturating: s * Double(rate))
        case .pause, .resume: break
        case .end: renderDone = true
        }
    }

    /// Updates what is heard from the device's delay now and reports a cue change, writing nothing: the loop calls
    /// it when a line boundary is due between two periods.
    @discardableResult
    public func observe(emit: (Event) -> Void) throws -> SinkSpace {
        let delay: Int
        let space = sink.space()
        switch space {
        case .ready(_, let d): delay = d + extraDelay
        case .recovered: delay = extraDelay
        case .failed(let e): throw e
        }
        var now = heard(delay: delay)
        let audible = clock.framesWritten - delay
        if let p = pendingSeek {
            let start = p.sinkFrame ?? .max - stretcher.hop
            if audible >= start + stretcher.hop {
                pendingSeek = nil
            } else if audible >= start {
                // The first hop after a jump cross-fades from the old audio: it is heard as the new place.
                now = p.target + Double(audible - start) * machine.speed / Double(rate)
            } else if clock.isSilence(atSinkFrame: audible) {
                // A jump made while paused: only silence is heard until then, so the place is where playing resumes.
                now = p.target
            }
        }
        heardTime = now
        // Everything rendered: silence keeps the device running until the last frame is heard.
        if let e = endSinkFrame { ended = audible >= e }
        if let change = cursor.update(lessonTime: now) {
            emit(.cue(index: change, heard: now, sinkFrame: clock.framesWritten - delay))
        }
        return space
    }

    /// Seconds until the next line boundary (a cue's start or end) is heard, if playing carries on as it is.
    public func secondsToNextBoundary() -> Double? {
        guard machine.playing, holdFrames == 0, !renderDone, pendingSeek == nil else { return nil }
        var lo = 0, hi = boundaries.count
        while lo < hi { let mid = (lo + hi) / 2; if boundaries[mid] <= heardTime { lo = mid + 1 } else { hi = mid } }
        guard lo < boundaries.count else { return nil }
        return (boundaries[lo] - heardTime) / machine.speed
    }

    /// Stretcher output frame of the next frame the sink gets (fractional when resampling).
    private var sentPosition: Double {
        guard let r = resampler else { return Double(stretcher.outputFrames) }
        let p = r.inputPosition
        return p - (p >= leadAt ? leadAfter : leadBefore)
    }

    /// Up to a period of stretched audio at the device's rate into `output`; fewer frames only at the end.
    private func render() throws -> Int {
        let ch = reader.channels
        var n = 0
        try output.withUnsafeMutableBufferPointer { out in
            try input.withUnsafeMutableBufferPointer { inb in
                try stretched.withUnsafeMutableBufferPointer { mid in
                    while n < period {
                        let got: Int
                        if let r = resampler {
                            got = r.read(into: out.baseAddress! + n * ch, frames: period - n)
                            if got == 0 {
                                let m = stretcher.read(into: mid.baseAddress!, frames: 256)
                                if m > 0 { flushed = false; r.write(mid.baseAddress!, frames: m); continue }
                            }
                        } else {
                            got = stretcher.read(into: out.baseAddress! + n * ch, frames: period - n)
                        }
                        n += got
                        if got > 0 { continue }
                        if stretcher.isDrained {
                            // The end: push the last frames through the resampler's kernel once.
                            guard let r = resampler, !flushed else { break }
                            let lead = r.inputPosition >= leadAt ? leadAfter : leadBefore
                            let silence = Double(r.flush())
                            leadBefore = lead
                            leadAt = Double(stretcher.outputFrames) + lead + silence
                            leadAfter = lead + silence
                            flushed = true
                            continue
                        }
                        if inputDone { stretcher.finish(); continue }
                        let want = min(1024, stretcher.writableFrames)
                        let decoded = try reader.read(into: inb.baseAddress!, frames: want)
                        if decoded == 0 { inputDone = true } else { stretcher.write(inb.baseAddress!, frames: decoded) }
                    }
                }
            }
        }
        return n
    }

    /// Writes one period (stretched audio, or silence while paused, holding or once the end is rendered) and
    /// reports a cue change first.
    public func step(emit: (Event) -> Void) throws {
        try observe(emit: emit)
        try writePeriod(emit: emit)
    }

    /// `step` without asking the device again: for a loop that has just called `observe`.
    public func writePeriod(emit: (Event) -> Void) throws {
        let now = heardTime
        let ch = reader.channels
        var n = 0
        if !machine.playing || holdFrames > 0 || renderDone {
            n = machine.playing && holdFrames > 0 ? min(period, holdFrames) : period
            holdFrames -= machine.playing ? min(n, holdFrames) : 0
            for i in 0..<(n * ch) { output[i] = 0 }
            if !machine.playing && speaking {
                let k = min(n, voice.count - voiceAt)
                for i in 0..<k { for c in 0..<ch { output[i * ch + c] = voice[voiceAt + i] } }
                voiceAt += k
            }
            if renderDone && endSinkFrame == nil { endSinkFrame = clock.framesWritten }
            clock.wroteSilence(frames: n, at: sentPosition)
        } else {
            let from = sentPosition
            if let p = pendingSeek, p.sinkFrame == nil { pendingSeek = (p.target, clock.framesWritten) }
            n = try render()
            clock.wroteStretched(frames: n, from: from)
            let renderedTo = stretcher.inputFrame(atOutput: sentPosition) / Double(rate)
            var actions = sentPosition < seekOutput ? [] : machine.rendered(upTo: renderedTo)
            if n == 0 && actions.isEmpty { actions = [.end] }
            for a in actions { try apply(a, heard: now, emit: emit) }
        }
        guard n > 0 else { return }
        let sc = sink.info.channels
        // The engine's channel rule and encoder; the sink was opened for 16-bit only (`LessonPlayer.request`).
        output.withUnsafeBufferPointer { src in
            mapped.withUnsafeMutableBufferPointer { ChannelMap.map(src.baseAddress!, channels: ch, into: $0.baseAddress!, channels: sc, frames: n) }
        }
        mapped.withUnsafeBufferPointer { src in
            bytes.withUnsafeMutableBytes { SampleFormat.s16.encode(src.baseAddress!, count: n * sc, into: $0.baseAddress!) }
        }
        let result = bytes.withUnsafeBytes { sink.write($0.baseAddress!, frames: n) }
        if case .failed(let e) = result { throw e }
    }
}
