import Foundation
import TestSupport
import Testing

/// `kape shadow` as a learner sees it, in a real pseudo-terminal (tmux): the highlighted line follows playback,
/// the keys act, and quitting (q or Ctrl-C) restores the terminal and saves the place.
@Suite(.serialized) struct ShadowTerminalTests {
    static let columns = 90, rows = 16

    /// Into a WAV file, or with `config` (a private sound server's asound.conf) through its PCM: only a sound
    /// device saves the place.
    func command(_ lesson: String, _ dir: TemporaryDirectory, config: String? = nil) -> String {
        let device = config.map { _ in "kape_pulse" } ?? "wav:" + dir.path("out.wav")
        let alsa = config.map { "ALSA_CONFIG_PATH=/usr/share/alsa/alsa.conf:\($0) " } ?? ""
        return "trap 'true' INT; \(alsa)XDG_DATA_HOME=\(dir.url.path) \(KapeRun.binary) shadow \(lesson) --device \(device); echo EXITED:$?"
    }

    /// The row of the highlighted (heard) line: it starts with the ▶ marker.
    func highlighted(_ screen: String) -> String? {
        screen.components(separatedBy: "\n").first { $0.hasPrefix(" ▶ ") && $0.contains("phrase") }
    }

    func statusLine(_ screen: String) -> String? { screen.components(separatedBy: "\n").first { $0.contains(" / 0:") } }

    func savedPosition(_ dir: TemporaryDirectory) throws -> Double? {
        let list = try KapeRun.run(["lessons", "--dir", dir.url.path, "--json"], environment: ["XDG_DATA_HOME": dir.url.path])
        return ShadowFixture.events(list.stdout).first?["position"] as? Double
    }

    @Test func theHeardLineIsHighlightedAndTheKeysAct() throws {
        try SoundServer.pulse.with { config, _ in try heardLineIsHighlightedAndTheKeysAct(config: config) }
    }

    func heardLineIsHighlightedAndTheKeysAct(config: String) throws {
        let dir = try TemporaryDirectory()
        let (lesson, transcript) = try ShadowFixture.folder(in: dir)
        let pane = try TmuxPane(columns: Self.columns, rows: Self.rows)
        try pane.run(command(lesson, dir, config: config))

        let first = try pane.wait { self.highlighted($0)?.contains("phrase 0") == true }
        #expect(first != nil, "line 1 was never highlighted: \((try? pane.capture()) ?? "")")
        #expect(pane.alternateScreen)
        #expect(first.flatMap(statusLine)?.contains("1.00×") == true)

        try pane.send("Right")
        #expect(try pane.wait { self.highlighted($0)?.contains("phrase 1") == true } != nil, "→ did not move to line 2")
        try pane.send("+")
        #expect(try pane.wait { self.statusLine($0)?.contains("1.25×") == true } != nil, "+ did not speed up")
        try pane.send("l")
        let looping = try pane.wait { self.statusLine($0)?.contains("⟳ line 2") == true }
        #expect(looping != nil, "l did not loop line 2: \((try? pane.capture()) ?? "")")
        try pane.send("l")
        #expect(try pane.wait { self.statusLine($0).map { !$0.contains("⟳") } == true } != nil, "a second l did not stop the loop")
        try pane.send("Space")
        #expect(try pane.wait { self.statusLine($0)?.contains("❚❚") == true } != nil, "space did not pause")
        // Choose line 4 while paused and jump there: the highlight follows at once.
        try pane.send("Down")
        try pane.send("Down")
        #expect(try pane.wait { $0.contains(" › ") } != nil, "↓ showed no chosen line")
        try pane.send("Enter")
        #expect(try pane.wait { self.highlighted($0)?.contains("phrase 3") == true } != nil,
                "Enter did not jump to line 4: \((try? pane.capture()) ?? "")")
        try pane.send("q")
        let after = try pane.wait(TmuxPane.exited)
        #expect(after?.contains("EXITED:0") == true, "\(after ?? "no exit")")
        #expect(!pane.alternateScreen)
        try pane.run("echo \"ST\"\"TY:$(stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ,)\"")
        #expect(try pane.wait { $0.contains("STTY:") }?.contains("STTY:icanon,echo,") == true)
        // Paused on the chosen line: that is the place saved, and quitting said so and how to go on.
        #expect(after?.contains("place saved: `kape shadow") == true, "\(after ?? "")")
        let saved = try #require(try savedPosition(dir))
        #expect(abs(saved - transcript.cues[3].start) < 0.001, "saved \(saved)")
    }

    @Test func ctrlCSavesThePlaceAndDiesOfTheSignal() throws {
        try SoundServer.pulse.with { config, _ in try ctrlCSavesThePlace(config: config) }
    }

    func ctrlCSavesThePlace(config: String) throws {
        let dir = try TemporaryDirectory()
        let (lesson, _) = try ShadowFixture.folder(in: dir)
        let pane = try TmuxPane(columns: Self.columns, rows: Self.rows)
        try pane.run(command(lesson, dir, config: config))
        #expect(try pane.wait { self.highlighted($0)?.contains("phrase 0") == true } != nil)
        try pane.send("C-c")
        let after = try pane.wait(TmuxPane.exited)
        #expect(after?.contains("EXITED:130") == true, "\(after ?? "no exit")")
        #expect(!pane.alternateScreen)
        let saved = try #require(try savedPosition(dir))
        #expect(saved >= 0.5, "saved \(saved): phrase 0 was being heard")
    }

    @Test func ctrlZPausesAndGivesTheTerminalBackAndFgResumesTheScreen() throws {
        let dir = try TemporaryDirectory()
        let (lesson, _) = try ShadowFixture.folder(in: dir)
        let pane = try TmuxPane(columns: Self.columns, rows: Self.rows)
        // Not in a list: bash would run the rest of a list once the job stops.
        try pane.run("XDG_DATA_HOME=\(dir.url.path) \(KapeRun.binary) shadow \(lesson) --device wav:\(dir.path("out.wav"))")
        #expect(try pane.wait { self.highlighted($0)?.contains("phrase 0") == true } != nil)
        try pane.send("C-z")
        #expect(try pane.wait { $0.contains("Stopped") } != nil, "Ctrl-Z did not stop it: \((try? pane.capture()) ?? "")")
        #expect(!pane.alternateScreen)
        try pane.run("echo \"ST\"\"TY:$(stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ,)\"")
        #expect(try pane.wait { $0.contains("STTY:") }?.contains("STTY:icanon,echo,") == true, "the shell got a raw terminal")
        try pane.run("fg")
        let back = try pane.wait { self.statusLine($0)?.contains("❚❚") == true }
        #expect(back != nil, "after fg the screen is back, paused: \((try? pane.capture()) ?? "")")
        #expect(pane.alternateScreen)
        try pane.send("Space")
        #expect(try pane.wait { self.statusLine($0)?.contains("▶") == true } != nil, "space did not resume")
        try pane.send("q")
        try pane.run("echo EXITED:$?")
        #expect(try pane.wait(TmuxPane.exited)?.contains("EXITED:0") == true)
    }
}
