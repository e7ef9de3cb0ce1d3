import Glibc

/// What an interactive loop (the game, the shadowing player) does about a signal: one rule for both, so they
/// cannot drift apart again.
public enum LoopSignal: Equatable, Sendable {
    /// SIGINT, SIGTERM, SIGPIPE (the reader of the output went away) and SIGHUP (the terminal is gone): stop with
    /// everything saved and the sound file finished, then die of the signal so the shell sees it.
    case quit(Int32)
    /// SIGTSTP (Ctrl-Z): pause, give the terminal back, stop; the terminal is taken again when continued.
    case suspend
    /// SIGCONT after a stop from outside (SIGSTOP): pause (time passed unheard, unplayed), take the terminal again.
    case continued
    /// SIGWINCH: draw everything again at the new size.
    case resized

    public init?(_ signal: Int32) {
        switch signal {
        case SIGINT, SIGTERM, SIGPIPE, SIGHUP: self = .quit(signal)
        case SIGTSTP: self = .suspend
        case SIGCONT: self = .continued
        case SIGWINCH: self = .resized
        default: return nil
        }
    }
}
