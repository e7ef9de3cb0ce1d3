import AudioIO
import Foundation
import Game
import GameScreens
import GameRuntime
import GameWindow
import Motion
import MotionDevices
import Platform
import TerminalUI
import Terminal
import TextFormat

extension Play {
    /// `kape play` without --headless: the game for people.
    func runInteractive() throws {
        let all = try decks.load()
        let store = LocalStore.warning(path: LocalStore.defaultPath())
        let locked = all.map { $0.isLocked(in: store) }
        // The window when asked, or when a display is there and the terminal is not asked for.
        let windowed = window || (!tui && GameWindowHost.displayNamed)
        let fullScreen = windowed || TerminalMode.canDrawFullScreen
        // Plain lines have no browser: a round of the named deck, else of the first open one.
        let firstOpen = all.indices.first { !locked[$0] }.map { all[$0].id }
        var startDeck = deck ?? (fullScreen ? nil : firstOpen)
        if let id = startDeck {
            guard let i = all.firstIndex(where: { $0.id == id }) else { throw unknownDeck(id, in: all, folder: try decks.path) }
            if locked[i] {
                throw InputError("deck '\(id)' is VIP and locked: type its unlock code with `kape unlock CODE` or on the deck's "
                                 + "screen in `kape play` (kept in \(LocalStore.defaultPath()); {\"unlocked\": [\"\(id)\"]} there opens it too)")
            }
        }

        let history = HistoryFile(path: RoundHistory.defaultPath())
        try history.load(with: self)
        let settingsPath = String(history.path.dropLast("history.json".count)) + "settings.json"
        let settings = try Self.loadSettings(settingsPath)

        let (feed, input, rumble) = try openMotion()
        var sound: GameSound?
        var soundNote: String?  // on the game's screen, in Albanian
        var soundMessage: String?  // on stderr with plain lines, in English (see README, "Language")
        if !noSound {
            do {
                AlsaSink.setQuiet(true)
                let request = SinkRequest(rate: 48_000, channels: 2, periodFrames: 128, periods: 2, adaptive: !fixedBuffer)
                let (sink, note) = try openSink(device: device, request: request, paced: true)
                if let note {
                    // No sound output: the game goes on silent, with no render thread playing to nothing.
                    soundNote = "Pa dalje zëri: loja vazhdon pa zë"
                    soundMessage = note
                } else {
                    sound = try GameSound(sink: sink, soundsDirectory: sounds.path)
                }
            } catch {
                soundNote = "Pa zë: gabim i pajisjes së zërit"
                soundMessage = "no sound: \(error)"
            }
        }

        let seed = self.seed
        nonisolated(unsafe) var progressError: String?
        var session = GameSession(decks: all, locked: locked, settings: settings, input: input) { deck in
            CardOrder.make(cards: deck.cards, previous: history.value.previousCards(deck: deck.id),
                           seed: seed ?? UInt64.random(in: 0...UInt64(UInt32.max)))
        }
        session.notice = soundNote
        session.entitlementsPath = LocalStore.defaultPath()
        // The window opens before anything else is started, so a missing display or font is said at once.
        var host: GameWindowHost?
        if windowed {
            do {
                host = try GameWindowHost(size: try size.map(Self.parseSize), fontPath: try FontFile.find())
            } catch let e as WindowError {
                // Asked for: an error. Chosen because $DISPLAY was set: the terminal (or plain lines), saying why.
                guard !window else { feed?.shutdown(); throw InputError(e.description) }
                Console.err("kape: \(e.description); playing in the terminal\n")
                if !TerminalMode.canDrawFullScreen && startDeck == nil { startDeck = firstOpen }
            }
        }
        if verbose, let host { Console.err("kape: window: \(host.driver) \(host.width)×\(host.height)\n") }
        let terminalFullScreen = host == nil && TerminalMode.canDrawFullScreen
        if host == nil && !terminalFullScreen, let soundMessage { Console.err("kape: \(soundMessage)\n") }
        session.roundSecondsOverride = seconds
        if !fullScreen { session.keyAnswerDelay = 0 }
        session.history = history.value.rounds
        session.party = players.flatMap { Party(names: $0.split(separator: ",").map(String.init), turnsEach: turns) }
        nonisolated(unsafe) var rounds = 0
        nonisolated(unsafe) var shareError: String?
        let titles = Dictionary(all.map { ($0.id, $0.title) }) { a, _ in a }
        // A trace replayed as the device is nobody's game: its rounds earn no points, streak day or history.
        let replay = trace != nil
        let share = self.share
        let loop = GameLoop(session: session, feed: feed, sound: sound, rumble: rumble, fullScreen: terminalFullScreen,
                            onFinished: { deck, result, shown, player in
                                if let share {
                                    do { try OutputFile.write(ShareCard.png(result: result, deckTitle: titles[deck] ?? deck), to: share) } catch {
                                        shareError = "\(error)"
                                    }
                                }
                                guard !replay else { return }
                                rounds += 1
                                let stamp = ISO8601DateFormatter().string(from: Date())
                                history.value.append(.init(deck: deck, seed: seed ?? 0, finished: stamp, result: result, shown: shown,
                                                           player: player))
                                try? history.value.save(path: history.path)
                                do { try Self.recordProgress(deck: deck, result: result) } catch {
                                    progressError = "\(error)"
                                }
                            },
                            onSettings: { Self.saveSettings($0, settingsPath) })
        loop.restore = { all.map { $0.isLocked(in: LocalStore(path: LocalStore.defaultPath())) } }
        loop.redeem = { code in
            var problem: String?
            do { _ = try LocalStore.redeem(code, path: LocalStore.defaultPath()) } catch UnlockError.invalidCode {
                problem = "Ky nuk është kod i vlefshëm"
            } catch {
                problem = "Kodi nuk u ruajt: \(error)"
            }
            return (all.map { $0.isLocked(in: LocalStore(path: LocalStore.defaultPath())) }, problem)
        }
        loop.share = { deck, result in
            let path = share ?? Self.sharePath(deck: deck)
            do {
                try OutputFile.write(ShareCard.png(result: result, deckTitle: titles[deck] ?? deck), to: path)
                return "Karta e rezultatit u ruajt: \(path)"
            } catch {
                return "Karta e rezultatit nuk u ruajt: \(error)"
            }
        }
        if host == nil && ProcessControl.isTerminal(0) { TerminalMode.enter(screen: terminalFullScreen) }
        let started = MonotonicClock.nanos()
        // With -v, who had the CPU during each xrun (a 4 ms sampler on an ordinary thread).
        let witness = verbose ? sound.flatMap { SchedulerWitness.watching($0.engine, expectedSeconds: 600) } : nil
        // SIGINT and SIGTERM end the loop like q does, so the sound file is finished (its header written).
        TerminalMode.catchQuitSignals()
        if let host {
            let front = WindowFront(loop: loop, host: host)
            front.run(startDeck: startDeck)
            host.close()
            if latency {
                let f = Percentiles(front.gestureToFrame.map { Double($0) / 1e6 })
                Console.err("kape: gesture-to-frame through the window (\(host.driver)): \(front.gestureToFrame.count) frames, ms p50 \(fixed(f.p50, 3)) p99 \(fixed(f.p99, 3)) max \(fixed(f.max, 3))\n")
            }
        } else {
            loop.run(startDeck: startDeck)
            TerminalMode.leave()
        }
        feed?.shutdown()
        let records = sound?.finish() ?? []
        witness?.stop()
        if verbose, let engine = sound?.engine {
            let xruns = engine.takeXruns()
            let windows = SchedulerWitness.windows(witness, for: xruns)
            Console.err(RealtimeReport.describe(engine) + "kape: sound: \(engine.info.device), period \(engine.info.periodFrames) frames, buffer \(engine.info.bufferFrames) frames; xruns: \(engine.xruns)\n"
                + XrunReport.lines(xruns, info: engine.info, windows: windows) { Double(Int64($0) - Int64(started)) / 1e9 })
        }
        if let progressError { Console.err("kape: warning: the round was not recorded in the progress store: \(progressError)\n") }
        if let shareError { Console.err("kape: error: --share \(share ?? ""): \(shareError)\n") }
        // Off the screen: what was kept, and how to go on.
        Console.err(replay ? "kape: a replayed trace is nobody's game: nothing saved\n"
                    : rounds == 0 ? "kape: no round finished, nothing saved; `kape play` starts again\n"
                    : "kape: \(rounds) round\(rounds == 1 ? "" : "s") saved in \(history.path) (`kape stats` shows the points); "
                        + "`kape play` plays again\n")
        if let sig = loop.quitSignal { ProcessControl.die(of: sig) }
        if latency {
            let p = Percentiles(records.map(\.internalMs)), a = Percentiles(records.map(\.audibleMs))
            Console.err("kape: motion-to-sound through the game: \(records.count) triggers, internal ms p50 \(fixed(p.p50, 3)) p99 \(fixed(p.p99, 3)) max \(fixed(p.max, 3)); audible ms p50 \(fixed(a.p50, 3)) p99 \(fixed(a.p99, 3))\n")
        }
    }

    /// Where the results screen's share key writes when `--share` names no file: ~/Pictures (or home), one new
    /// file a round.
    static func sharePath(deck: String) -> String {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "."
        let folder = DataDirectories.isDirectory(home + "/Pictures") ? home + "/Pictures" : home
        let f = DateFormatter()
        f.dateFormat = "yyyyMMdd-HHmmss"
        f.locale = Locale(identifier: "en_US_POSIX")
        return "\(folder)/kape-\(deck)-\(f.string(from: Date())).png"
    }

    /// `--trace` (real time), else the first motion device unless `--keyboard`, else the keyboard.
    private func openMotion() throws -> (MotionFeed?, InputSource, Rumble?) {
        if let trace {
            var samples: [MotionSample] = []
            var hasGyro = false
            _ = try TraceSource.read(path: trace, header: { hasGyro = $0.hasGyro }, sample: { samples.append($0) })
            let feed = try withWakeUp { () throws(SystemCallError) in try MotionFeed() }
            feed.startTrace(samples, hasGyro: hasGyro)
            return (feed, .motion("gjurma " + (trace.split(separator: "/").last.map(String.init) ?? trace)), nil)
        }
        guard !keyboard, let device = DeviceDiscovery.scan().devices.first else { return (nil, .keyboard, nil) }
        let feed = try withWakeUp { () throws(SystemCallError) in try MotionFeed() }
        feed.startLive(device)
        return (feed, .motion(device.info.name), try? Rumble(device: device))
    }

    /// The game's settings; none saved yet means the defaults. A damaged file is reported, never reset: the
    /// next toggle would save over it.
    static func loadSettings(_ path: String) throws -> GameSettings {
        guard let bytes = try InputFile.readIfPresent(path, as: .settings) else { return GameSettings() }
        do {
            return try JSONFile.decode(GameSettings.self, from: Data(bytes), file: path)
        } catch let e as JSONFileError {
            throw InputError("\(e.description) (the game's settings, {\"sound\": true, \"rumble\": true}: fix or remove the file)")
        }
    }

    static func saveSettings(_ settings: GameSettings, _ path: String) {
        guard let data = try? JSONEncoder().encode(settings) else { return }
        try? makeFolders((path as NSString).deletingLastPathComponent)
        try? OutputFile.write(Array(data), to: path)
    }
}

/// The round history shared by the card dealer and the result saver of one game.
final class HistoryFile {
    let path: String
    var value = RoundHistory()
    init(path: String) { self.path = path }
    func load(with play: Play) throws { value = try play.loadHistory(path) }
}
