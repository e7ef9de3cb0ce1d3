/// The shadowing player's logic, without audio or clocks: commands and the lesson time in, engine actions out.
/// Loops repeat the current line N times, optionally holding silence after each pass so the learner can speak.
public struct ShadowMachine: Sendable {
    public enum Command: Sendable, Equatable {
        case togglePause, pause, resume
        case seek(Double)          // seconds
        case skip(Double)          // seconds from what is heard now, back when negative
        case cue(Int)              // "tap a line"
        case next, previous
        case loop(times: Int, pauseAfter: Double)
        case stopLoop
        case faster, slower
        case speed(Double)
    }

    public enum Action: Sendable, Equatable {
        case seek(Double)
        case speed(Double)
        case pause, resume
        /// Play silence for this long (lesson time stands still), then go on.
        case hold(Double)
        case end
    }

    public struct Loop: Sendable, Equatable {
        public var cue: Int
        public var remaining: Int
        public var pauseAfter: Double

        public init(cue: Int, remaining: Int, pauseAfter: Double) {
            self.cue = cue
            self.remaining = remaining
            self.pauseAfter = pauseAfter
        }
    }

    public let transcript: Transcript
    public let duration: Double
    public private(set) var playing = true
    public private(set) var speed: Double
    public private(set) var loop: Loop?
    public static let speedStep = 0.25
    public static let speedRange = 0.5...2.0

    public init(transcript: Transcript, duration: Double, speed: Double = 1) {
        self.transcript = transcript
        self.duration = duration
        self.speed = min(max(speed, Self.speedRange.lowerBound), Self.speedRange.upperBound)
    }

    /// A command at lesson time `t` (what is heard now).
    public mutating func handle(_ command: Command, at t: Double) -> [Action] {
        let cues = transcript.cues
        switch command {
        case .togglePause: return handle(playing ? .pause : .resume, at: t)
        case .pause: guard playing else { return [] }; playing = false; return [.pause]
        case .resume: guard !playing else { return [] }; playing = true; return [.resume]
        case .seek(let s):
            loop = nil
            return [.seek(min(max(0, s), duration))]
        case .skip(let d):
            return handle(.seek(t + d), at: t)
        case .cue(let n):
            guard cues.indices.contains(n) else { return [] }
            if let l = loop, l.cue != n { loop = nil }
            return [.seek(cues[n].start)]
        case .next:
            guard let n = cues.firstIndex(where: { $0.start > t + 0.05 }) else { return [] }
            loop = nil
            return [.seek(cues[n].start)]
        case .previous:
            loop = nil
            // Into a line by more than a second: back to its start; else the line before.
            if let i = transcript.cueIndex(at: t), t - cues[i].start > 1 { return [.seek(cues[i].start)] }
            guard let n = cues.lastIndex(where: { $0.start < t - 0.05 }) else { return [.seek(0)] }
            let target = (transcript.cueIndex(at: t) == n && n > 0) ? n - 1 : n
            return [.seek(cues[target].start)]
        case .loop(let times, let pauseAfter):
            guard times > 0, let i = transcript.cueIndex(at: t) ?? cues.lastIndex(where: { $0.start <= t }) else { return [] }
            loop = Loop(cue: i, remaining: times, pauseAfter: max(0, pauseAfter))
            return []
        case .stopLoop: loop = nil; return []
        case .faster: return handle(.speed(speed + Self.speedStep), at: t)
        case .slower: return handle(.speed(speed - Self.speedStep), at: t)
        case .speed(let s):
            let v = min(max(s, Self.speedRange.lowerBound), Self.speedRange.upperBound)
            guard v != speed else { return [] }
            speed = v
            return [.speed(v)]
        }
    }

    /// The render position reached lesson time `t` (what is being rendered, ahead of what is heard).
    public mutating func rendered(upTo t: Double) -> [Action] {
        if var l = loop, transcript.cues.indices.contains(l.cue), t >= transcript.cues[l.cue].end {
            l.remaining -= 1
            loop = l.remaining > 0 ? l : nil
            var actions: [Action] = []
            if l.pauseAfter > 0 { actions.append(.hold(l.pauseAfter)) }
            if l.remaining > 0 { actions.append(.seek(transcript.cues[l.cue].start)) }
            return actions
        }
        return t >= duration ? [.end] : []
    }
}
