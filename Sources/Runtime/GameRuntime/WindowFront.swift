import Game
import GameScreens
import GameWindow
import Motion
import MotionDevices
import Platform
import Terminal
import TerminalUI
import WindowLayout

/// The game in a window: the same `GameLoop` (session, effects, sound, motion, signals), with SDL's events for
/// keys and the window's renderer for frames. Waits in poll(2) on the motion feed and the signal pipe, so a
/// gesture wakes it at once; SDL's own queue (keyboard, gamepad, touch, window) is read every `slice` while a round
/// runs and a little less often in menus, or on X11 when its connection has something (and when the screen changes
/// by itself). A frame is laid out and drawn only when what it shows changed.
/// Without a host it is the same loop with nothing drawn (`kape bench window`'s comparison: what the window adds).
public final class WindowFront {
    public let loop: GameLoop
    public let host: GameWindowHost?
    /// Draw on every wake-up, changed or not: the window's worst case (`kape bench window --redraw`, tests).
    public var redrawAlways = false
    private var drawn: (TouchKeys.Signature, Int, Int)?
    public private(set) var scene: Scene?
    /// Every frame drawn, by name, in order (tests; bounded).
    public private(set) var history: [SceneName] = []
    /// Gesture arrival → frame submitted, in nanoseconds (motion gestures; bounded).
    public private(set) var gestureToFrame: [UInt64] = []
    /// The screen each of those frames showed, and how long laying it out, drawing and submitting it took (ns).
    public private(set) var gestureFrames: [SceneName] = []
    public private(set) var gestureDraws: [UInt64] = []
    /// How long laying out, drawing and submitting each frame took (ns; bounded), gestures' or not.
    public private(set) var frameDraws: [UInt64] = []
    private var pendingArrival: UInt64?
    static let recordLimit = 100_000

    public init(loop: GameLoop, host: GameWindowHost?) {
        self.loop = loop
        self.host = host
    }

    public func run(startDeck: String?) {
        if let startDeck, let effects = loop.session.startRound(deckID: startDeck, at: loop.now) { loop.perform(effects) }
        for name in host?.controllerNames ?? [] { loop.session.notice = "Kontrolluesi: " + name }
        while !loop.quit { step(wait: true) }
    }

    // For `kape bench window`: drive the session as a player would, from outside the loop.
    public func startRound(deckID: String) { loop.perform(loop.session.startRound(deckID: deckID, at: loop.now) ?? []) }
    public var showsResults: Bool { loop.session.screen == .result }
    public func press(_ key: Key) { loop.keys([key]) }
    public var stopped: Bool { loop.quit || (loop.session.round?.state == .paused && loop.session.pauseReason == .traceEnded) }

    /// One turn: inputs, time, the frame if it changed. `wait`: sleep until an input or the next change first.
    public func step(wait: Bool) {
        if wait {
            let active = loop.session.screen == .round && loop.session.round?.state != .paused
            var slice: Int32 = active || loop.session.flash != nil ? 4 : 12
            var ready = PollSet(count: 3)
            ready.watch(0, loop.feed?.fd ?? -1)
            ready.watch(1, TerminalMode.signalFD)
            if let host, let fd = host.eventDescriptor, !host.hasControllers {
                // X11: its events wake the loop, so it sleeps until the screen changes on its own.
                ready.watch(2, fd)
                slice = host.readyToWait() ? Self.untilChange(loop.session, now: loop.now) : 0
            }
            if ((try? ready.wait(timeoutMillis: slice)) ?? 0) > 0 {
                if ready.isReady(0), let feed = loop.feed {
                    let messages = feed.take()
                    for case .gesture(_, let arrival) in messages { pendingArrival = pendingArrival ?? arrival.nanos }
                    loop.motion(messages)
                }
                if ready.isReady(1) { loop.signals() }
            }
        }
        for input in host?.pending() ?? [] { handle(input) }
        loop.perform(loop.session.tick(at: loop.now))
        if let host { present(host) } else { pendingArrival = nil }
    }

    /// Milliseconds until time alone changes what is shown or heard: the clock's next second (which is also when
    /// the warning and the end fall) or a flash's end in play; the countdown's beeps are not known here, so 4 ms
    /// then; a quarter of a second where nothing changes by itself (SDL notices a controller plugged in then).
    static func untilChange(_ s: GameSession, now: Double) -> Int32 {
        guard s.screen == .round, let r = s.round else { return 250 }
        switch r.state {
        case .playing:
            let fraction = r.remaining - r.remaining.rounded(.down)
            var next = fraction > 0 ? fraction : 1
            if let f = s.flash { next = min(next, f.until - now) }
            return Int32(saturating: (max(0, next) * 1000).rounded(.up)) + 1
        case .buffer, .menu: return 4
        case .paused, .finished: return s.flash == nil ? 250 : 4
        }
    }

    /// A new card is up: the two frames a gesture can bring next are laid out and their text rendered now, while
    /// the players read the card, so the gesture's own frame is copies and fills only.
    private func prepareFlashes(_ host: GameWindowHost) {
        for kind in [GestureKind.correct, .pass] {
            var probe = loop.session
            _ = probe.gesture(kind, at: loop.now)
            host.painter.prepare(WindowLayout.scene(probe, width: host.width, height: host.height, measure: host.painter))
        }
    }

    func handle(_ input: WindowInput) {
        switch input {
        case .key(let k): loop.keys([k])
        case .text(let text): loop.keys(text.map { .char($0) })
        case .tap(let x, let y):
            guard let target = scene?.target(x: x, y: y) else { return }
            if target == .paste { handle(.paste); return }
            loop.keys(TouchKeys.keys(for: target, in: loop.session))
        case .paste:
            // Only the unlock code takes text: pasted anywhere else its letters would be keys (q quits).
            guard loop.session.screen == .vip, let text = host?.clipboard() else { return }
            loop.keys(text.filter { !$0.isNewline }.map { .char($0) })
        case .swipe(let up):
            guard let scene else { return }
            loop.keys(TouchKeys.keys(swipeUp: up, in: loop.session, scene: scene))
        case .back:
            // Back from a notice (the VIP panel) first, then from the screen.
            if loop.session.screen == .browser, loop.session.notice != nil { loop.session.notice = nil } else { loop.keys([.escape]) }
        case .redraw: drawn = nil
        case .quit:
            // The window closed or its display went away: the round stops where it is, nothing is lost.
            loop.perform(loop.session.interrupt(.suspended, at: loop.now))
            loop.quit = true
        case .controllerAdded(let name):
            if loop.session.screen != .round { loop.session.notice = "Kontrolluesi: " + name }
        case .controllerRemoved(let name):
            loop.session.notice = "Kontrolluesi u shkëput: " + name
            if loop.session.input == .keyboard { loop.perform(loop.session.interrupt(.deviceLost, at: loop.now)) }
        }
    }

    private func present(_ host: GameWindowHost) {
        let key = (TouchKeys.signature(loop.session), host.width, host.height)
        if let drawn, drawn == key, !redrawAlways { pendingArrival = nil; return }
        drawn = key
        let started = MonotonicClock.nanos()
        let s = WindowLayout.scene(loop.session, width: host.width, height: host.height, measure: host.painter)
        if s.name == .results, case let limit = s.scrollLimit ?? 0, loop.session.resultScroll > limit {
            // Scrolled past the end (the wheel spins on): kept at the end, so ↑ moves the list at once.
            loop.session.limitResultScroll(to: limit)
            drawn = (TouchKeys.signature(loop.session), host.width, host.height)
        }
        host.present(s)
        if let arrival = pendingArrival {
            // Only a gesture that changed the screen counts: one dropped in a flash's lock-out shows nothing.
            pendingArrival = nil
            if gestureToFrame.count < Self.recordLimit {
                let done = MonotonicClock.nanos()
                gestureToFrame.append(done &- arrival)
                gestureFrames.append(s.name)
                gestureDraws.append(done &- started)
            }
        }
        scene = s
        if history.count < Self.recordLimit { history.append(s.name); frameDraws.append(MonotonicClock.nanos() &- started) }
        if s.name == .card || s.name == .warning { prepareFlashes(host) }
    }
}
