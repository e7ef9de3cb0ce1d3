import AudioIO
import Foundation
import Lessons
import TestSupport
import Testing
import Platform

/// The highlighted line follows what a real-time device plays: `kape shadow --json` on a private PulseAudio null
/// sink (through ALSA's pulse plugin), while `parec` records the sink's monitor. Each cue change must fall in the
/// quiet around the edge it announces (the edges are ≥ 0.2 s of quiet apart), so the line shown is the line heard.
/// How close it comes (a few ms idle) is a figure, printed, not asserted: wall-clock arrival times stretch on a
/// loaded machine, and timings belong in benchmarks.
///
/// Time base: the monitor's sample k was played at t0 + k/rate; every chunk arrives after its last sample was
/// played, so t0 is the smallest (arrival − end/rate) over all chunks (its error is the monitor's lowest latency).
@Suite(.serialized) struct ShadowPulseSyncTests {
    static let monitorRate = 48_000

    @Test func cueChangesFollowWhatTheNullSinkPlays() throws {
        let dir = try TemporaryDirectory()
        let (lesson, transcript) = try ShadowFixture.folder(in: dir)
        let server = dir.path("pulse")
        try pulseScript(["start", server])
        defer { _ = try? pulseScript(["stop", server]) }
        let socket = server + "/runtime/native"
        // ALSA's own configuration, then a PCM on the private server (the CLI takes device names only).
        try "</usr/share/alsa/alsa.conf>\npcm.kape_pulse { type pulse  server \"unix:\(socket)\" }\n"
            .write(toFile: dir.path("alsa.conf"), atomically: true, encoding: .utf8)
        let env = ["PULSE_SERVER": "unix:" + socket, "ALSA_CONFIG_PATH": dir.path("alsa.conf"), "XDG_DATA_HOME": dir.url.path]

        for speed in [0.5, 1.0, 2.0] {
            let monitor = try TimedPipe(["parec", "--device=kape_null.monitor", "--raw", "--format=s16le",
                                         "--rate=\(Self.monitorRate)", "--channels=1", "--latency-msec=2"], env)
            #expect(monitor.waitForData(within: 10), "the monitor recorded nothing")
            let shadow = try TimedPipe([KapeRun.binary, "shadow", lesson, "--json", "--from-start",
                                        "--device", "kape_pulse", "--speed", "\(speed)"], env)
            let status = shadow.wait()
            #expect(status == 0, "kape shadow exited \(status): \(shadow.errorText)")
            monitor.stop()
            // Heard in real time through a device: completed, 50 points the first time, 10 after.
            let end = shadow.lines().last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.text.utf8)) as? [String: Any] }
            #expect(end?["event"] as? String == "end" && end?["completed"] as? Bool == true)
            #expect(end?["points"] as? Int == (speed == 0.5 ? 50 : 10), "\(end ?? [:])")

            let (samples, t0) = monitor.samplesAndStart(rate: Self.monitorRate)
            let (starts, ends) = Self.edges(samples)
            #expect(starts.count == transcript.cues.count && ends.count == transcript.cues.count, "\(starts) \(ends)")
            let cueEvents = shadow.lines().compactMap { line -> (t: Double, cue: Int?)? in
                guard let o = try? JSONSerialization.jsonObject(with: Data(line.text.utf8)) as? [String: Any],
                      o["event"] as? String == "cue" else { return nil }
                return (line.time, o["cue"] as? Int)
            }
            let reportedStarts = cueEvents.filter { $0.cue != nil }.map(\.t)
            let reportedEnds = cueEvents.dropFirst().filter { $0.cue == nil }.map(\.t)
            #expect(reportedStarts.count == starts.count && reportedEnds.count == ends.count, "\(cueEvents)")
            let played = (starts + ends).map { t0 + Double($0) / Double(Self.monitorRate) }
            let errors = zip(reportedStarts + reportedEnds, played).map { 1000 * ($0 - $1) }
            let worst = errors.map(abs).max() ?? .infinity
            print("FIGURE shadow sync on the PulseAudio null sink \(speed)x: cue change − played edge ms \(errors.map { String(format: "%.1f", $0) }.joined(separator: " ")); worst \(String(format: "%.1f", worst))")
            #expect(worst < 100, "\(speed)x: a cue change fell inside a phrase: \(errors)")
        }
        // Listed as completed, not "at 0:00".
        let list = try KapeRun.run(["lessons", "--dir", dir.url.path], environment: env)
        #expect(list.stdout.contains("✓ completed") && !list.stdout.contains("at 0:00"), "\(list.stdout)")
    }

    /// Monitor frames where sound starts (after ≥ 0.2 s of quiet) and stops (before ≥ 0.2 s of quiet).
    static func edges(_ x: [Float]) -> (starts: [Int], ends: [Int]) {
        var starts: [Int] = [], ends: [Int] = []
        var lastLoud = -monitorRate
        for f in x.indices where abs(x[f]) > 0.01 {
            if f - lastLoud > monitorRate / 5 {
                if lastLoud >= 0 { ends.append(lastLoud + 1) }
                starts.append(f)
            }
            lastLoud = f
        }
        if lastLoud >= 0 { ends.append(lastLoud + 1) }
        return (starts, ends)
    }

    func pulseScript(_ arguments: [String]) throws { try PulseNullSink.run(arguments) }

}

/// A child process whose standard output is read as it comes, each read stamped with the monotonic clock.
/// posix_spawn and waitpid, not Foundation's Process (which did not always see these children exit).
final class TimedPipe: @unchecked Sendable {
    private let pid: pid_t
    private let lock = NSLock()
    private var chunks: [(time: Double, data: Data)] = []
    private let done = DispatchSemaphore(value: 0)
    private var status: Int32?
    private let errPath = FileManager.default.temporaryDirectory.appendingPathComponent("kape-timed-\(UUID().uuidString).err").path

    init(_ command: [String], _ environment: [String: String]) throws {
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        let argv = command.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) }; argv.forEach { free($0) } }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        // Test threads block signals and a child inherits the mask: give it a clean one so SIGTERM stops it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), term = sigset_t()
        sigemptyset(&none)
        sigemptyset(&term)
        sigaddset(&term, SIGTERM)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &term)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var child: pid_t = 0
        let rc = posix_spawnp(&child, command[0], &actions, &attributes, argv, envp)
        close(ends[1])
        guard rc == 0 else { close(ends[0]); throw POSIXError(.ENOENT) }
        pid = child
        let fd = ends[0]
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let n = read(fd, &buffer, buffer.count)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                let t = Double(MonotonicClock.nanos()) / 1e9
                let d = Data(buffer[0..<n])
                lock.withLock { chunks.append((t, d)) }
            }
            close(fd)
            done.signal()
        }
    }

    deinit { unlink(errPath) }

    func waitForData(within seconds: Double) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if lock.withLock({ !chunks.isEmpty }) { return true }
            Thread.sleep(forTimeInterval: 0.01)  // polling for a start, never for a result
        }
        return false
    }

    func wait() -> Int32 {
        if let status { return status }
        var st: Int32 = 0
        while waitpid(pid, &st, 0) < 0 && errno == EINTR {}
        done.wait()
        status = st
        return st
    }

    func stop() {
        kill(pid, SIGTERM)
        _ = wait()
    }

    var errorText: String { (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "" }

    /// Whole lines with the time their last byte arrived.
    func lines() -> [(time: Double, text: String)] {
        var out: [(Double, String)] = []
        var pending = Data()
        for c in lock.withLock({ chunks }) {
            pending.append(c.data)
            while let nl = pending.firstIndex(of: 0x0A) {
                out.append((c.time, String(decoding: pending[pending.startIndex..<nl], as: UTF8.self)))
                pending = Data(pending[(nl + 1)...])
            }
        }
        return out
    }

    /// Mono s16le samples, and the monotonic time of sample 0 (see `ShadowPulseSyncTests`).
    func samplesAndStart(rate: Int) -> ([Float], Double) {
        let all = lock.withLock { chunks }
        var bytes = Data()
        var t0 = Double.infinity
        for c in all {
            bytes.append(c.data)
            t0 = min(t0, c.time - Double(bytes.count / 2) / Double(rate))
        }
        let samples = bytes.withUnsafeBytes { raw in
            (0..<(bytes.count / 2)).map { Float(raw.loadUnaligned(fromByteOffset: 2 * $0, as: Int16.self)) / 32768 }
        }
        return (samples, t0)
    }
}
