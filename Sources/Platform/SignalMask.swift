import Glibc

/// A process inherits its parent's blocked signals: started from a thread that blocks them (test runners, some
/// service managers), Ctrl-C and SIGTERM would never arrive and nothing could stop or save it.
public enum SignalMask {
    /// Unblocks the signals Kape acts on (quit, terminal and job control), on the calling thread and so on every
    /// thread it starts afterwards; call first thing in `main`.
    public static func unblockControlSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for sig in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH] { sigaddset(&set, sig) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
