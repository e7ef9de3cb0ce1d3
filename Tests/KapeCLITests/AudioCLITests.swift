import Foundation
import TestSupport
import Testing

/// The audio subcommands through the built binary (KAPE_BIN, set by `make test`).
@Suite struct AudioCLITests {
    struct Run { var status: Int32; var stdout: String; var stderr: String }

    static let binary: String? = ProcessInfo.processInfo.environment["KAPE_BIN"]
    static let root = packageRoot

    func kape(_ arguments: [String], env: [String: String] = [:]) throws -> Run {
        // No sound card and no sound server: ALSA's default cannot open, so the WAV fallback is exercised.
        let r = try KapeRun.run(arguments, environment: ["PULSE_SERVER": "unix:/nonexistent"].merging(env) { $1 },
                                executable: try #require(Self.binary, "set KAPE_BIN (make test does)"))
        return Run(status: r.status, stdout: r.stdout, stderr: r.stderr)
    }

    func tempDir() -> String {
        let path = NSTemporaryDirectory() + "kape-cli-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test(.enabled(if: binary != nil)) func generatedSoundsMatchTheCommittedOnes() throws {
        let dir = tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try kape(["sounds", "generate", "--out", dir])
        #expect(run.status == 0, "\(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(names.count == 9)
        for name in names {
            let fresh = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
            let committed = try Data(contentsOf: URL(fileURLWithPath: Self.root + "/sounds/" + name))
            #expect(fresh == committed, "sounds/\(name) differs from what `kape sounds generate` makes")
        }
    }

    @Test(.enabled(if: binary != nil)) func listAndPlayWithNoSoundOutput() throws {
        let list = try kape(["sound", "list", "--sounds", Self.root + "/sounds", "--json"])
        #expect(list.status == 0 && list.stdout.split(separator: "\n").count == 9)
        let dir = tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let play = try kape(["sound", "play", "success", "--sounds", Self.root + "/sounds"],
                            env: ["TMPDIR": dir, "ALSA_CARD": "kape-no-such-card", "PULSE_SERVER": "unix:/nonexistent"])
        #expect(play.status == 0, "\(play.stderr)")
        // Said once; nothing written anywhere (NoSoundCardTests covers every command).
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        #expect(play.stderr.contains("no sound output"), "\(play.stderr)")
    }

    @Test(.enabled(if: binary != nil)) func badDeviceAndBadSoundsExitOne() throws {
        let device = try kape(["sound", "play", "success", "--sounds", Self.root + "/sounds", "--device", "hw:97,0"])
        #expect(device.status == 1)
        #expect(device.stderr.contains("'hw:97,0'") && device.stderr.contains("kape audio devices"), "\(device.stderr)")
        let missing = try kape(["sound", "play", "nosuch", "--sounds", Self.root + "/sounds"])
        #expect(missing.status == 1 && missing.stderr.contains("nosuch"))
        let dir = tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "not audio".write(toFile: dir + "/bad.wav", atomically: true, encoding: .utf8)
        let list = try kape(["sound", "list", "--sounds", dir])
        #expect(list.status == 1 && list.stderr.contains(dir + "/bad.wav"))
        let usage = try kape(["bench", "latency", "x.csv", "--period", "3"])
        #expect(usage.status == 2)
    }

    @Test(.enabled(if: binary != nil)) func benchLatencyEndsWithTheSummaryObject() throws {
        let dir = tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 1.5 s still, then a nod down and back, then up and back: two triggers.
        var csv = "# kape-trace 1\nt,ax,ay,az\n"
        for i in 0..<300 {
            let t = Double(i) * 0.01
            var degrees = 0.0
            if t >= 1.5 && t < 2.1 { degrees = -50 * sin(Double.pi * (t - 1.5) / 0.6) }
            if t >= 2.3 && t < 2.9 { degrees = 50 * sin(Double.pi * (t - 2.3) / 0.6) }
            let r = degrees * Double.pi / 180
            csv += "\(t),0,\(cos(r)),\(sin(r))\n"
        }
        try csv.write(toFile: dir + "/nods.csv", atomically: true, encoding: .utf8)
        let run = try kape(["bench", "latency", dir + "/nods.csv", "--device", "wav:" + dir + "/out.wav", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let last = try #require(run.stdout.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(object["triggers"] as? Int == 2)
        #expect(object["rate"] as? Int == 48_000 && object["period_frames"] as? Int == 128 && object["buffer_frames"] as? Int == 256 + 128 * (object["buffer_grown"] as? Int ?? -1))
        #expect(object["device"] as? String == "wav:" + dir + "/out.wav")
        let audible = try #require(object["audible_ms"] as? [String: Double])
        let internalMs = try #require(object["internal_ms"] as? [String: Double])
        #expect(Set(audible.keys) == ["p50", "p99", "max"] && Set(internalMs.keys) == ["p50", "p99", "max"])
        #expect(internalMs["p50"]! >= 0 && audible["p50"]! >= internalMs["p50"]!)
        #expect(object["xruns"] is Int)
        // A WAV file has no reserve: the whole buffer stays queued; one away time and queue per xrun.
        #expect(object["queue_frames"] as? Int == object["buffer_frames"] as? Int && object["peak_queued_frames"] is Int)
        let xrunCount = try #require(object["xruns"] as? Int)
        #expect((object["xrun_away_ms"] as? [Double])?.count == xrunCount && (object["xrun_queued_ms"] as? [Double])?.count == xrunCount)
        // Who had the CPU meanwhile (this kernel gives the figures) and what the buffer did, per xrun.
        #expect((object["xrun_steal_ms"] as? [Double])?.count == xrunCount && (object["xrun_waiting_ms"] as? [Double])?.count == xrunCount)
        // A file has no server to watch.
        #expect(object["sound_server"] is NSNull && (object["xrun_server_waiting_ms"] as? [Any])?.count == xrunCount)
        let responses = try #require(object["xrun_response"] as? [String])
        #expect(responses.count == xrunCount && responses.allSatisfy { ["kept", "kept_long_stall", "reserve_given_up", "buffer_grown"].contains($0) })
        #expect((object["steal_ms"] as? Double ?? (object["steal_ms"] as? Int).map(Double.init) ?? -1) >= 0)
        let keys = ["\"triggers\"", "\"internal_ms\"", "\"audible_ms\"", "\"xruns\"", "\"rate\"", "\"period_frames\"", "\"buffer_frames\"", "\"device\""]
        let positions = keys.map { last.range(of: $0)!.lowerBound }
        #expect(positions == positions.sorted())
    }
}
