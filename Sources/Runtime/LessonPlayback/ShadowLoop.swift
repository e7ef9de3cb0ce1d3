import TextFormat
import AudioIO
import Lessons
import TerminalUI
import Terminal
import Platform

/// `kape shadow`'s one thread: keeps the sink fed a period at a time, sleeps in poll on the keyboard and the signal
/// pipe until the device has room for the next period, and draws the screen (or prints lines) as things change.
/// Quitting by q, Ctrl-C, SIGTERM or a closed terminal all return the place heard, for the caller to save.
public final class ShadowLoop {
    public let player: LessonPlayer
    public var view: ShadowView
    public let output: ShadowOutput
    public let fullScreen: Bool
    /// The sink plays in real time; a WAV file written as fast as it goes (no terminal) is not.
    public let paced: Bool
    /// The lesson was heard to the end: records it, returns the points earned. Nil when it cannot have been heard
    /// (not played in real time to a sound device): the end is then said, and neither recorded nor rewarded.
    public let onEnded: (() throws -> Int)?
    /// The word mode's dictionary, speech and vocabulary; nil: `w` shows that words are not available.
    public let words: WordActions?
    /// The panel paused playback: closing it resumes.
    private var resumeAfterPanel = false
    private var parser = KeyParser()
    private var stdinOpen = true
    private var quit = false
    private var lastState: LessonPlayer.State?
    private var lastFrame = ""
    private var lastDraw: UInt64 = 0
    private var dirty = true
    private var endHandled = false
    /// SIGINT, SIGTERM or SIGHUP that ended the loop: re-raised once the place is saved, so the shell sees it.
    public private(set) var quitSignal: Int32?

    public init(player: LessonPlayer, view: ShadowView, output: ShadowOutput, fullScreen: Bool, paced: Bool,
         onEnded: (() throws -> Int)?, words: WordActions? = nil) {
        self.words = words
        self.player = player
        self.view = view
        self.output = output
        self.fullScreen = fullScreen
        self.paced = paced
        self.onEnded = onEnded
    }

    public func run() throws -> Double {
        if ProcessControl.isTerminal(0) { TerminalMode.enter(screen: fullScreen) }
        TerminalMode.catchQuitSignals()
        defer { TerminalMode.leave() }
        reportState()
        while !quit {
            // Paused on a sink that is not real time: silence would only grow the file, as fast as the disk takes
            // it, so the loop sleeps until a key or a signal; with no input left nothing can resume it.
            let idle = !paced && !player.state.playing && !player.speaking
            if idle && !stdinOpen { break }
            if !idle { try pump() }
            if player.ended && !endHandled {
                endHandled = true
                if let onEnded {
                    let points = try onEnded()
                    say(output.end(heard: player.heardTime, points: points))
                    view.notice = "Lesson heard to the end: completed, +\(points) points. Space plays it again, q quits."
                } else {
                    say(output.end(heard: player.heardTime, points: nil))
                    view.notice = "Played to the end, not through a sound device: not recorded as completed. "
                        + "Space plays it again, q quits."
                }
                dirty = true
                if !fullScreen { break }
            }
            draw()
            var ready = PollSet(count: 2)
            ready.watch(0, stdinOpen ? 0 : -1)
            ready.watch(1, TerminalMode.signalFD)
            let wait = idle ? -1 : try timeout()
            let n = try ready.wait(timeoutMillis: parser.hasPending ? (wait < 0 ? 30 : min(30, wait)) : wait)
            if n == 0 && parser.hasPending { try keys(parser.flush()) }
            if n == 0 { continue }
            if ready.isReady(1) { try signals() }
            if ready.isReady(0) { try readKeys() }
        }
        if !player.ended && !fullScreen { say(output.quit(heard: player.heardTime)) }
        return player.heardTime
    }

    /// Writes periods while the device has room (a bounded number, so keys are read between bursts on a file sink).
    private func pump() throws {
        for _ in 0..<16 {
            // One device query per period: `observe` reads avail and delay, `writePeriod` uses what it read.
            if case .ready(let avail, _) = try player.observe(emit: event), avail < player.period { return }
            try player.writePeriod(emit: event)
            reportState()
        }
    }

    /// Milliseconds until the device has room for a period or the next line boundary is heard, whichever is
    /// first (at most 50, so the clock on screen moves): the highlight changes on time whatever the period size.
    private func timeout() throws -> Int32 {
        let space = try player.observe(emit: event)
        reportState()
        guard case .ready(let avail, _) = space else { return 0 }
        if avail >= player.period { return 0 }
        var ms = ((player.period - avail) * 1000 + player.rate - 1) / player.rate
        if let s = player.secondsToNextBoundary() { ms = min(ms, Int(saturating: (s * 1000).rounded(.up))) }
        return Int32(max(1, min(50, ms)))
    }

    private func event(_ e: LessonPlayer.Event) {
        switch e {
        case .cue(let index, let heard, _):
            view.current = index
            dirty = true
            if !fullScreen { say(output.cue(index, heard: heard, speed: player.state.speed)) }
        case .action(.seek(let target), let heard):
            if !fullScreen { say(output.seek(to: target, heard: heard)) }
        case .action: break
        }
    }

    private func reportState() {
        let s = player.state
        guard s != lastState else { return }
        lastState = s
        view.state = s
        dirty = true
        if !fullScreen { say(output.state(s, cue: player.currentCue, heard: player.heardTime)) }
    }

    private func readKeys() throws {
        if let k = TerminalMode.readKeys(&parser) {
            try keys(k)
        } else {
            stdinOpen = false
            // A terminal that went away leaves nobody to press q.
            if ProcessControl.isTerminal(0) || fullScreen { quit = true }
        }
    }

    private func keys(_ keys: [Key]) throws {
        for k in keys {
            dirty = true
            // Word mode draws a panel: only on the full screen (plain and JSON lines have nowhere to show it).
            if !fullScreen, k == .char("w") || k == .char("W") { continue }
            switch view.key(k) {
            case .quit: quit = true; return
            case .restart:
                endHandled = false
                view.notice = nil
                try player.restart(emit: event)
            case .command(let c): try player.command(c, emit: event)
            case .none: break
            case .lookUp(let word): try lookUp(word)
            case .say(let word, let slow):
                guard let words else { break }
                do { player.speak(try words.say(word, slow)) } catch { view.wordMode?.panel?.message = "\(error)" }
            case .save(let word, let sentence, let cue):
                guard let words else { break }
                if view.wordMode?.panel == nil { try lookUp(word) }
                let message: String
                do { message = try words.save(word, sentence, cue) } catch { message = "not saved: \(error)" }
                view.wordMode?.panel?.message = message
            case .closePanel:
                if resumeAfterPanel { try player.command(.resume, emit: event) }
                resumeAfterPanel = false
            }
            reportState()
        }
    }

    /// The entry in the panel; playback pauses while it is open (and resumes when it closes, if it was playing).
    private func lookUp(_ word: String) throws {
        guard view.wordMode != nil else { return }
        guard let words else {
            view.wordMode?.panel = WordPanel(word: word, title: word, lines: ["No dictionary: install Debian's dict-freedict-deu-eng."], found: false)
            return
        }
        if player.state.playing && !resumeAfterPanel {
            try player.command(.pause, emit: event)
            resumeAfterPanel = true
        }
        view.wordMode?.panel = words.lookUp(word)
    }

    private func signals() throws {
        for signal in TerminalMode.pendingSignals() {
            switch signal {
            case .quit(let sig): quit = true; quitSignal = sig
            case .resized: lastFrame = ""; dirty = true
            case .suspend:
                try player.command(.pause, emit: event)
                reportState()
                if fullScreen {
                    TerminalMode.suspend()  // returns once continued, raw mode back on
                    lastFrame = ""; dirty = true
                }
            case .continued:
                // Stopped from outside (SIGSTOP): what played meanwhile was not heard, and the shell may have
                // reset the terminal.
                try player.command(.pause, emit: event)
                reportState()
                if ProcessControl.isTerminal(0) { TerminalMode.enter(screen: fullScreen) }
                lastFrame = ""; dirty = true
            }
        }
    }

    private func draw() {
        guard fullScreen else { return }
        let now = MonotonicClock.nanos()
        // The clock and bar move continuously: redraw ten times a second, or at once when something changed.
        guard dirty || now - lastDraw > 100_000_000 else { return }
        view.heard = player.heardTime
        let size = TerminalMode.size()
        let drawn = view.render(columns: size.columns, rows: size.rows)
        let frame = RGB.enabled ? drawn : RGB.withoutColour(drawn)
        lastDraw = now
        dirty = false
        guard frame != lastFrame else { return }
        lastFrame = frame
        FileHandleOutput.stdout(frame)
    }

    private func say(_ line: String) { FileHandleOutput.stdout(printable(line, keepLineBreaks: true)) }
}
