import Lessons
import TextFormat

/// What `kape shadow` prints when it is not drawing a screen: a line per cue change, state change, seek and end;
/// JSON lines with `--json` (the contract: `event` is "cue", "state", "seek", "end" or "quit"; `t` is lesson time heard).
public struct ShadowOutput {
    public let json: Bool
    public let cues: [Cue]
    public let duration: Double
    /// The command that goes on from the saved place (`kape shadow ID`); nil when quitting saves no place (played
    /// into a file or with no sound output: nobody heard it).
    public var resumeCommand: String?

    public init(json: Bool, cues: [Cue], duration: Double) {
        self.json = json
        self.cues = cues
        self.duration = duration
    }

    public func cue(_ index: Int?, heard: Double, speed: Double) -> String {
        if json {
            var o = JSONLine()
            o.add("t", heard, decimals: 3); o.add("event", "cue")
            if let i = index { o.add("cue", i + 1); o.add("text", cues[i].text) } else { o.addRaw("cue", "null") }
            o.add("speed", speed, decimals: 2)
            return o.text + "\n"
        }
        guard let i = index else { return "\(fixed(heard, 3))  —\n" }
        return "\(fixed(heard, 3))  [\(i + 1)/\(cues.count)] \(cues[i].text)\n"
    }

    public func state(_ s: LessonPlayer.State, cue: Int?, heard: Double) -> String {
        if json {
            var o = JSONLine()
            o.add("t", heard, decimals: 3); o.add("event", "state")
            o.add("playing", s.playing); o.add("speed", s.speed, decimals: 2)
            if let l = s.loop {
                var lo = JSONLine()
                lo.add("cue", l.cue + 1); lo.add("remaining", l.remaining); lo.add("pause", l.pauseAfter, decimals: 2)
                o.addRaw("loop", lo.text)
            } else {
                o.addRaw("loop", "null")
            }
            if let c = cue { o.add("cue", c + 1) } else { o.addRaw("cue", "null") }
            o.add("ended", s.ended)
            o.add("duration", duration, decimals: 3)
            return o.text + "\n"
        }
        var words = [s.ended ? "ended" : s.playing ? "playing" : "paused", "\(fixed(s.speed, 2))×"]
        if let l = s.loop {
            words.append("loop line \(l.cue + 1), \(l.remaining) left" + (l.pauseAfter > 0 ? ", \(fixed(l.pauseAfter, 1)) s pause" : ""))
        }
        return "\(fixed(heard, 3))  (\(words.joined(separator: ", ")))\n"
    }

    public func seek(to target: Double, heard: Double) -> String {
        if json {
            var o = JSONLine()
            o.add("t", heard, decimals: 3); o.add("event", "seek"); o.add("to", target, decimals: 3)
            return o.text + "\n"
        }
        return "\(fixed(heard, 3))  → \(fixed(target, 3))\n"
    }

    /// `points` nil: played to the end but not to a sound device in real time, so not completed.
    public func end(heard: Double, points: Int?) -> String {
        if json {
            var o = JSONLine()
            o.add("t", heard, decimals: 3); o.add("event", "end"); o.add("completed", points != nil); o.add("points", points ?? 0)
            if points == nil { o.add("reason", "not played in real time to a sound device") }
            return o.text + "\n"
        }
        guard let points else {
            return "\(fixed(heard, 3))  played to the end, not in real time to a sound device: not recorded as completed\n"
        }
        return "\(fixed(heard, 3))  lesson heard to the end: completed, +\(points) points\n"
    }

    public func quit(heard: Double) -> String {
        if json {
            var o = JSONLine()
            o.add("t", heard, decimals: 3); o.add("event", "quit"); o.add("position", heard, decimals: 3)
            o.add("saved", resumeCommand != nil)
            return o.text + "\n"
        }
        return "\(fixed(heard, 3))  \(quitSentence(heard: heard))\n"
    }

    /// Where the learner stopped, whether that place was saved, and how to go on.
    public func quitSentence(heard: Double) -> String {
        let line = cues.lastIndex { $0.start <= heard }.map { " (line \($0 + 1) of \(cues.count))" } ?? ""
        guard let resumeCommand else {
            return "stopped at \(clock(heard))\(line); place not saved: nothing was heard through a sound device"
        }
        return "stopped at \(clock(heard))\(line); place saved: `\(resumeCommand)` goes on from there, "
            + "`\(resumeCommand) --from-start` starts again"
    }
}
