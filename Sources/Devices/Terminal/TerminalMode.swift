import Glibc
import TerminalUI
import Platform
import Synchronization

/// Raw input and the alternate screen, undone on every way out: normal return, SIGINT/SIGTERM (restore, then die
/// of the signal as usual), and crashes (SIGSEGV, SIGILL/SIGTRAP from a Swift trap, SIGABRT, SIGBUS, SIGFPE).
/// SIGTSTP, SIGCONT, SIGHUP and SIGWINCH are not handled here: they are marked pending and wake `signalFD` (a
/// `WakeEvent`) for the loop, which reads them as `LoopSignal`s.
public enum TerminalMode {
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"
    static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// Readable when a forwarded signal is pending; nil only when the process had no descriptor left for it
    /// (`signalsUnavailable` says why), and then signals act by default.
    public static var signalFD: Descriptor? { signalWake?.descriptor }

    /// Why signals cannot reach the loop, if they cannot.
    public static var signalsUnavailable: String? {
        signalWake == nil ? "cannot make the signal wake-up: too many open files" : nil
    }

    public static func size(fd: Int32 = 1) -> (columns: Int, rows: Int) {
        var w = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &w) == 0, w.ws_col > 0, w.ws_row > 0 else { return (80, 24) }
        return (Int(w.ws_col), Int(w.ws_row))
    }

    /// Saves the terminal's settings, then raw mode (no echo, no line buffering; signals stay on so Ctrl-C and
    /// Ctrl-Z still arrive as SIGINT and SIGTSTP) and the alternate screen.
    /// Whether the screen can be drawn on: both ends a terminal, and not TERM=dumb (Emacs shells, some logs), which
    /// has no cursor addressing and gets plain lines.
    public static var canDrawFullScreen: Bool {
        isatty(0) == 1 && isatty(1) == 1 && getenv("TERM").map { String(cString: $0) } != "dumb"
    }

    public static func enter(screen: Bool = true) {
        if saved == nil {
            let p = UnsafeMutablePointer<termios>.allocate(capacity: 1)
            guard tcgetattr(0, p) == 0 else { p.deallocate(); return }
            saved = p
            leaveBytes = strdup(leaveSequence)
            installHandlers()
        }
        var raw = saved!.pointee
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        _ = tcsetattr(0, TCSAFLUSH, &raw)
        if screen { FileHandleOutput.stdout(enterSequence) } else { leaveBytes?[0] = 0 }
        active = 1
    }

    /// Back to the saved settings and the normal screen (safe to call twice).
    public static func leave() {
        restoreNow()
    }

    /// Async-signal-safe: tcsetattr and write only.
    fileprivate static func restoreNow() {
        guard active == 1, let saved else { return }
        active = 0
        _ = tcsetattr(0, TCSAFLUSH, saved)
        if let leaveBytes { _ = write(1, leaveBytes, strlen(leaveBytes)) }
    }

    private static func installHandlers() {
        // Restore, then hand the signal to whoever had it before (the Swift runtime's crash backtrace, or the
        // default action), so the process still dies of it with the usual status and report.
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        previousActions = previous
        var fatal = sigaction()
        fatal.__sigaction_handler.sa_handler = { sig in
            TerminalMode.restoreNow()
            if let previousActions { sigaction(sig, previousActions + Int(sig), nil) } else { signal(sig, SIG_DFL) }
            raise(sig)
        }
        sigemptyset(&fatal.sa_mask)
        for sig in [SIGINT, SIGTERM, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            sigaction(sig, &fatal, previous + Int(sig))
        }
        forward([SIGTSTP, SIGCONT, SIGHUP, SIGWINCH])
    }

    /// The signals waiting (call when poll says `signalFD` is readable), as what the loop should do, in a fixed
    /// order: quitting first, then stopping, continuing and redrawing.
    public static func pendingSignals() -> [LoopSignal] {
        signalWake?.drain()
        let mask = pendingMask.exchange(0, ordering: .acquiringAndReleasing)
        return [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGTSTP, SIGCONT, SIGWINCH].compactMap {
            mask & (1 << UInt64($0)) != 0 ? LoopSignal($0) : nil
        }
    }

    /// Keys from standard input (call when poll says it is readable); nil once it is closed (end of file, or an
    /// error other than EINTR/EAGAIN).
    public static func readKeys(_ parser: inout KeyParser) -> [Key]? {
        var buffer = [UInt8](repeating: 0, count: 64)
        let got = read(0, &buffer, buffer.count)
        if got > 0 { return parser.feed(buffer[0..<got]) }
        return got == 0 || (errno != EINTR && errno != EAGAIN) ? nil : []
    }

    /// SIGINT, SIGTERM, SIGHUP and SIGPIPE (the reader of `--json` lines went away, `| head -1`) become bytes on
    /// `signalFD` too: for a loop that saves the learner's place and finishes its sound file before it quits. Call
    /// after `enter`, whose handlers it replaces for these.
    public static func catchQuitSignals() { forward([SIGINT, SIGTERM, SIGHUP, SIGPIPE]) }

    private static func forward(_ signals: [Int32]) {
        guard let wake = signalWake else { return }
        signalWakeFD = wake.fd
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { sig in
            // Both async-signal-safe: a lock-free atomic and one write(2).
            pendingMask.bitwiseOr(1 << UInt64(sig & 63), ordering: .releasing)
            WakeEvent.signal(raw: signalWakeFD)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(SA_RESTART)
        for sig in signals { sigaction(sig, &action, nil) }
    }

    /// Stops the process as Ctrl-Z would, with the terminal given back first; returns after SIGCONT.
    public static func suspend() {
        restoreNow()
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        // Continued: take SIGTSTP again and go back to the game's screen.
        forward([SIGTSTP])
        enter()
    }

    private static let signalWake: WakeEvent? = try? WakeEvent()
}

// Read by signal handlers, so plain C-compatible globals set before the handlers are installed.
nonisolated(unsafe) private var saved: UnsafeMutablePointer<termios>?
nonisolated(unsafe) private var leaveBytes: UnsafeMutablePointer<CChar>?
nonisolated(unsafe) private var previousActions: UnsafeMutablePointer<sigaction>?
nonisolated(unsafe) private var active: Int32 = 0
nonisolated(unsafe) private var signalWakeFD: Int32 = -1
/// Signals forwarded and not yet taken, one bit per signal number.
private let pendingMask = Atomic<UInt64>(0)
