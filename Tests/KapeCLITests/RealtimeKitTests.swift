import Foundation
import Glibc
import Testing
import TestSupport

/// A user who is neither root nor in an rtprio group gets real-time priority the way desktop sound servers do:
/// through RealtimeKit. A real rtkit-daemon and polkitd on a private system bus (scripts/rtkit-system-bus.sh);
/// kape runs as `nobody`, so SCHED_FIFO itself is refused.
@Suite(.serialized) struct RealtimeKitTests {
    static let tools = ["/usr/libexec/rtkit-daemon", "/usr/lib/polkit-1/polkitd", "/usr/bin/dbus-daemon", "/usr/bin/setpriv"]
    static let usable = getuid() == 0 && tools.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }

    /// `kape bench latency -v` of a 5 s round into a WAV file, as `nobody`, with the given system bus.
    func benchAsNobody(bus: String, dir: String) throws -> KapeRun {
        let out = dir + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        let trace = out + "/round.evemu"
        if !FileManager.default.fileExists(atPath: trace) {
            let synth = try KapeRun.run(["trace", "synth", "--seed", "7", "--seconds", "5", "-o", trace])
            #expect(synth.status == 0, "\(synth.stderr)")
            chmod(trace, 0o644)
        }
        return try KapeRun.run(["--reuid=65534", "--regid=65534", "--clear-groups", KapeRun.binary, "bench", "latency", trace,
                                "--device", "wav:" + out + "/o.wav", "-v"],
                               environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus], executable: "/usr/bin/setpriv")
    }

    func withBus<T>(rtkit: Bool, _ body: (_ bus: String, _ dir: String) throws -> T) throws -> T {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kape-rtkit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try runScript("rtkit-system-bus.sh", ["start", dir] + (rtkit ? [] : ["no-rtkit"]))
        defer { _ = try? runScript("rtkit-system-bus.sh", ["stop", dir]) }
        return try body("unix:path=" + dir + "/bus", dir)
    }

    @Test(.enabled(if: usable)) func anUnprivilegedUserGetsRealtimeThroughRtkit() throws {
        try withBus(rtkit: true) { bus, dir in
            let run = try benchAsNobody(bus: bus, dir: dir)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("real-time priority yes (SCHED_RR 20 through rtkit)"), "\(run.stderr)")
            // rtkit's own word for it, and the limit it demands was set.
            let log = (try? String(contentsOfFile: dir + "/daemons.log", encoding: .utf8)) ?? ""
            #expect(log.contains("owned by 'nobody' RT at priority 20"), "\(log)")
            #expect(run.stdout.contains("triggers: "), "\(run.stdout)")
        }
    }

    /// No rtkit on the bus, or no bus at all: the run goes on at normal priority and says why, in both ways.
    @Test(.enabled(if: usable)) func withoutRtkitTheRefusalIsSaidAndPlayingGoesOn() throws {
        try withBus(rtkit: false) { bus, dir in
            // The bus address comes from the environment, and libdbus's message repeats it: an escape sequence
            // in it must not reach the terminal.
            for address in [bus, "unix:path=" + dir + "/no-such-bus", "unix:path=" + dir + "/\u{1B}[2J\u{1B}]0;owned\u{07}"] {
                let run = try benchAsNobody(bus: address, dir: dir)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(run.stderr.contains("real-time priority refused, normal priority: SCHED_FIFO")
                        && run.stderr.contains("CAP_SYS_NICE") && run.stderr.contains("rtkit: "), "\(run.stderr)")
                #expect(!run.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, "\(run.stderr.debugDescription)")
            }
        }
    }
}
