import Glibc
import Platform

/// Asks the scheduler to run the calling (reader) thread before ordinary work, so a busy desktop does not delay
/// frames. Needs CAP_SYS_NICE or an RLIMIT_RTPRIO grant (e.g. the `audio` group's limits.conf entry); without it
/// the reader runs at normal priority, which is fine at 250–1000 Hz on an idle machine.
public enum RealtimePriority {
    /// Returns nil when granted (SCHED_FIFO, or SCHED_RR through rtkit), else why not.
    public static func request(priority: Int32 = 20) -> String? {
        guard case .refused(let why) = ThreadPriority.raise(thread: ThreadPriority.currentThreadID(), priority: priority) else { return nil }
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(14), &limit)  // RLIMIT_RTPRIO, which Glibc's module does not export
        return "real-time priority (\(priority)) refused: \(why); RLIMIT_RTPRIO is \(limit.rlim_cur). "
            + "Reading at normal priority. To allow it: `@audio - rtprio 50` in /etc/security/limits.d/ and join the audio group, run with CAP_SYS_NICE, or install rtkit"
    }
}
