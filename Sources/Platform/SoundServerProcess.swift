import CLinux
import Glibc

/// The sound server this process plays through (PulseAudio or PipeWire), found so a benchmark can watch its
/// threads: through an ALSA plugin, every report of room in the buffer is relayed by them.
public struct SoundServerProcess: Sendable, Equatable {
    public var pid: Int32
    /// Its process name, as the kernel reports it (unfiltered: print it through `printable`).
    public var name: String

    public init(pid: Int32, name: String) {
        self.pid = pid
        self.name = name
    }

    /// The process names of the servers that ALSA's pulse and pipewire plugins connect to.
    public static let knownNames: Set<String> = ["pulseaudio", "pipewire", "pipewire-pulse"]

    /// The server at the other end of one of this process's Unix sockets; failing that, the only server process
    /// of this user (a socket handed over by systemd names systemd as the peer). Nil when neither.
    public static func find() -> SoundServerProcess? {
        if let peer = peers().first(where: { knownNames.contains($0.name) }) { return peer }
        let mine = running(uid: getuid())
        return mine.count == 1 ? mine[0] : nil
    }

    /// The processes at the other end of this process's connected Unix sockets (SO_PEERCRED), once each.
    static func peers() -> [SoundServerProcess] {
        let me = getpid()
        var seen: Set<Int32> = []
        var out: [SoundServerProcess] = []
        for name in directoryNames("/proc/self/fd") ?? [] {
            guard let fd = Int32(name), isSocket(fd) else { continue }
            var peer = kape_peer_credentials()
            var length = socklen_t(MemoryLayout<kape_peer_credentials>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &length) == 0, peer.pid > 0, peer.pid != me,
                  seen.insert(peer.pid).inserted, let process = SchedulerStats.processName(peer.pid) else { continue }
            out.append(SoundServerProcess(pid: peer.pid, name: process))
        }
        return out
    }

    private static func isSocket(_ fd: Int32) -> Bool {
        var st = stat()
        return fstat(fd, &st) == 0 && st.st_mode & S_IFMT == S_IFSOCK
    }

    /// Known server processes owned by `uid`.
    static func running(uid: uid_t) -> [SoundServerProcess] {
        var out: [SoundServerProcess] = []
        for name in directoryNames("/proc") ?? [] {
            guard let pid = Int32(name) else { continue }
            var st = stat()
            guard stat("/proc/\(pid)", &st) == 0, st.st_uid == uid, let process = SchedulerStats.processName(pid),
                  knownNames.contains(process) else { continue }
            out.append(SoundServerProcess(pid: pid, name: process))
        }
        return out
    }
}
