import Foundation
import Testing

/// `kape shadow` and `kape settings` as scripts use them: JSON lines, keys on standard input, the saved place,
/// completion and the default speed.
@Suite struct ShadowCLITests {
    func run(_ args: [String], _ data: TemporaryDirectory, input: String? = nil) throws -> KapeRun {
        try KapeRun.run(args, environment: ["XDG_DATA_HOME": data.url.path], input: input ?? "")
    }

    /// Rendered into a file as fast as it goes, the lesson cannot have been heard: the end says so, without
    /// completion or points (they come from a real device: ShadowPulseSyncTests).
    @Test func jsonPrintsStateCuesAndTheEndButAFileIsNotAListen() throws {
        let dir = try TemporaryDirectory()
        let (lesson, transcript) = try ShadowFixture.folder(in: dir)
        let r = try run(["shadow", lesson, "--json", "--device", "wav:" + dir.path("out.wav")], dir)
        #expect(r.status == 0, "\(r.stderr)")
        let events = ShadowFixture.events(r.stdout)
        #expect(events.first?["event"] as? String == "state")
        #expect(events.first?["playing"] as? Bool == true && events.first?["speed"] as? Double == 1)
        let cues = events.filter { $0["event"] as? String == "cue" }.compactMap { $0["cue"] as? Int }
        #expect(cues == Array(1...transcript.cues.count), "\(cues)")
        let end = events.last
        #expect(end?["event"] as? String == "end" && end?["completed"] as? Bool == false && end?["points"] as? Int == 0)
        #expect((end?["reason"] as? String)?.contains("real time") == true)
        #expect(events.dropLast().last?["ended"] as? Bool == true)

        let list = try run(["lessons", "--dir", dir.url.path, "--json"], dir)
        let item = ShadowFixture.events(list.stdout).first
        #expect(item?["completed"] as? Bool == false)
        #expect(item?["position"] is NSNull, "a file moves no place: \(list.stdout)")
        let stats = try run(["stats", "--json"], dir)
        #expect(stats.stdout.contains("\"points\": 0,"), "no points for a file: \(stats.stdout)")
    }

    /// Word mode is the full screen's: as JSON lines, w and Enter neither pause nor swallow the keys after them.
    @Test func wordModeKeysDoNothingWithoutTheScreen() throws {
        let dir = try TemporaryDirectory()
        let (lesson, _) = try ShadowFixture.folder(in: dir)
        let r = try run(["shadow", lesson, "--json", "--device", "wav:" + dir.path("out.wav")], dir, input: "w\r+q")
        #expect(r.status == 0, "\(r.stderr)")
        let states = ShadowFixture.events(r.stdout).filter { $0["event"] as? String == "state" }
        #expect(states.allSatisfy { $0["playing"] as? Bool == true }, "\(states)")
        #expect(states.compactMap { $0["speed"] as? Double } == [1, 1.25])
    }

    /// Through a sound device (ALSA's null PCM here) quitting saves the place.
    @Test func keysOnStandardInputChangeSpeedAndQuitSavesThePlace() throws {
        let dir = try TemporaryDirectory()
        let (lesson, _) = try ShadowFixture.folder(in: dir)
        let r = try run(["shadow", lesson, "--json", "--device", "null"], dir, input: "++q")
        #expect(r.status == 0, "\(r.stderr)")
        let events = ShadowFixture.events(r.stdout)
        let speeds = events.filter { $0["event"] as? String == "state" }.compactMap { $0["speed"] as? Double }
        #expect(speeds == [1, 1.25, 1.5], "\(speeds)")
        let quit = events.last
        #expect(quit?["event"] as? String == "quit" && quit?["saved"] as? Bool == true)
        let position = try #require(quit?["position"] as? Double)
        let list = try run(["lessons", "--dir", dir.url.path, "--json"], dir)
        let item = ShadowFixture.events(list.stdout).first
        #expect(abs((item?["position"] as? Double ?? -1) - position) < 0.001)
        #expect(item?["completed"] as? Bool == false)
    }

    /// Paused with no terminal, the fallback WAV is written as fast as the disk takes it: silence there would grow
    /// it without bound (seen: 6.8 GB in 10 minutes). Paused and with its input closed, nothing can resume it, so
    /// it quits; `timeout` turns the old endless write into a failure instead of a hang.
    @Test func pausedOnAFileSinkWritesNothingAndEndsWithItsInput() throws {
        let dir = try TemporaryDirectory()
        let (lesson, _) = try ShadowFixture.folder(in: dir)
        let wav = dir.path("out.wav")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["-s", "KILL", "120", KapeRun.binary, "shadow", lesson, "--json", "--device", "wav:" + wav]
        var env = ProcessInfo.processInfo.environment
        env["XDG_DATA_HOME"] = dir.url.path
        process.environment = env
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(" ".utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "killed after 120 s: still writing silence")
        let events = ShadowFixture.events(String(decoding: out, as: UTF8.self))
        #expect(events.contains { $0["event"] as? String == "state" && $0["playing"] as? Bool == false })
        #expect(events.last?["event"] as? String == "quit")
        let bytes = try FileManager.default.attributesOfItem(atPath: wav)[.size] as? Int ?? .max
        let lessonBytes = try FileManager.default.attributesOfItem(atPath: lesson + "/lesson.wav")[.size] as? Int ?? 0
        #expect(bytes < 8 * lessonBytes, "\(bytes) bytes written for a \(lessonBytes)-byte lesson")
    }

    @Test func theDefaultSpeedIsASetting() throws {
        let dir = try TemporaryDirectory()
        let (lesson, _) = try ShadowFixture.folder(in: dir)
        let set = try run(["settings", "--default-speed", "0.75", "--loop-times", "2", "--json"], dir)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout == #"{"default_speed": 0.75, "loop_times": 2, "loop_pause": 0.00, "dictionary_language": "eng"}"# + "\n")
        let shown = try run(["settings", "--json"], dir)
        #expect(shown.stdout == set.stdout)

        let r = try run(["shadow", lesson, "--json", "--device", "wav:" + dir.path("out.wav")], dir)
        #expect(ShadowFixture.events(r.stdout).first?["speed"] as? Double == 0.75)
        let given = try run(["shadow", lesson, "--json", "--speed", "1.5", "--device", "wav:" + dir.path("out.wav")], dir)
        #expect(ShadowFixture.events(given.stdout).first?["speed"] as? Double == 1.5)
    }

    @Test func badSettingsAreUsageErrorsAndChangeNothing() throws {
        let dir = try TemporaryDirectory()
        _ = try run(["settings", "--default-speed", "1.25"], dir)
        for args in [["--default-speed", "2.5"], ["--default-speed", "0.25"], ["--loop-times", "0"], ["--loop-pause", "-1"]] {
            let r = try run(["settings"] + args, dir)
            #expect(r.status == 2, "\(args): \(r.status)")
            #expect(r.stderr.contains(args[0]), "\(r.stderr)")
        }
        #expect(try run(["settings", "--json"], dir).stdout.contains(#""default_speed": 1.25"#))
        let bad = try run(["shadow", "nowhere", "--speed", "3"], dir)
        #expect(bad.status == 2)
    }

    @Test func aSettingOutOfRangeInTheStoreIsRefusedAndTheFileKept() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("kape/progress.json")
        try FileManager.default.createDirectory(atPath: dir.path("kape"), withIntermediateDirectories: true)
        let text = #"{"version": 1, "points": 120, "listening": {"defaultSpeed": 7}}"#
        try text.write(toFile: store, atomically: true, encoding: .utf8)
        for args in [["settings"], ["settings", "--default-speed", "1"], ["stats"]] {
            let r = try run(args, dir)
            #expect(r.status == 1, "\(args): \(r.status)")
            #expect(r.stderr.contains(store) && r.stderr.contains("listening.defaultSpeed") && r.stderr.contains("0.5 to 2.0"), "\(r.stderr)")
        }
        #expect(try String(contentsOfFile: store, encoding: .utf8) == text, "the learner's file is untouched")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path("kape")).allSatisfy { !$0.contains("damaged") })
    }

    @Test func startAtATime() throws {
        let dir = try TemporaryDirectory()
        let (lesson, transcript) = try ShadowFixture.folder(in: dir)
        let t = (transcript.cues[2].start + transcript.cues[2].end) / 2
        let r = try run(["shadow", lesson, "--json", "--start", "\(t)", "--device", "wav:" + dir.path("out.wav")], dir)
        let cues = ShadowFixture.events(r.stdout).filter { $0["event"] as? String == "cue" }.compactMap { $0["cue"] as? Int }
        #expect(cues.first == 3, "started inside line 3: \(cues)")
        let late = try run(["shadow", lesson, "--start", "999", "--device", "wav:" + dir.path("out.wav")], dir)
        #expect(late.status == 1 && late.stderr.contains("only") && late.stderr.contains(lesson), "\(late.stderr)")
        #expect(try run(["shadow", lesson, "--start", "-1"], dir).status == 2)
        #expect(try run(["shadow", lesson, "--start", "1", "--from-start"], dir).status == 2)
    }

    @Test func aMissingLessonNamesTheFile() throws {
        let dir = try TemporaryDirectory()
        let r = try run(["shadow", dir.path("nope")], dir)
        #expect(r.status == 1)
        #expect(r.stderr.contains(dir.path("nope")) && r.stderr.contains("lesson.json"), "\(r.stderr)")
    }
}
