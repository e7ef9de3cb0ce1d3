import Foundation
import Synchronization
import XCTest

/// `kape play` with an emulated motion device: the game's own live path (device → reader thread → detector →
/// round), which `kape live` does not cover. Plain lines (stdout is a pipe); the test presses q once it has seen
/// both gestures scored, so it never waits for the 60 s round.
final class LiveGameTests: XCTestCase {
    func testTiltsFromTheDeviceScoreTheRound() throws {
        try play(testbed: "game")
    }

    /// A phone's IIO sensor (the MPU-6050 fixture, buffered): `kape play` takes it as the first motion device.
    func testTiltsFromAnIIOSensorScoreTheRound() throws {
        let f = Umockdev.fixtures
        try play(devices: ["-d", "\(f)/iio-mpu6050.umockdev", "--script", "/dev/iio:device0=\(f)/iio-mpu6050-game.script"])
    }

    /// A DualShock 3 accelerometer that sends nothing while still: the countdown's calibration must complete on
    /// silence alone (the reader's poll timeout ticks the detector), and the held nods fire.
    func testSilentAccelerometerCalibratesDuringTheCountdown() throws {
        try play(testbed: "gamesilent")
    }

    private func play(testbed: String) throws {
        let f = Umockdev.fixtures
        try play(devices: ["-d", "\(f)/\(testbed).umockdev", "-i", "/dev/input/event5=\(f)/\(testbed).ioctl", "-e", "/dev/input/event5=\(f)/\(testbed).evemu"])
    }

    /// `devices`: umockdev-run's arguments for the emulated devices.
    private func play(devices: [String]) throws {
        try Umockdev.requireTools()
        let decks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("decks").path
        let data = NSTemporaryDirectory() + "kape-game-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: data) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/umockdev-run")
        p.arguments = devices + ["--", try Umockdev.kape(), "play", "--deck", "mix-shqip", "--no-sound", "--seed", "7", "--decks", decks]
        var env = ProcessInfo.processInfo.environment
        env["XDG_CONFIG_HOME"] = Umockdev.configHome
        env["XDG_DATA_HOME"] = data
        p.environment = env
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = FileHandle.nullDevice
        let lines = LockedText()
        output.fileHandleForReading.readabilityHandler = { h in lines.append(h.availableData) }
        try p.run()
        // A hang guard, not a timing assertion.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline && p.isRunning && !lines.text.contains("→ ") { usleep(20_000) }
        XCTAssertTrue(lines.text.contains("→ "), "no pass was scored: \(lines.text)")
        input.fileHandleForWriting.write(Data("q".utf8))
        try input.fileHandleForWriting.close()
        let guardTimer = DispatchWorkItem { if p.isRunning { p.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: guardTimer)
        p.waitUntilExit()
        guardTimer.cancel()
        output.fileHandleForReading.readabilityHandler = nil
        XCTAssertEqual(p.terminationStatus, 0)

        let text = lines.text.split(separator: "\n").map(String.init)
        // The nod down lands on the first card, the nod up on the second: each scored once, in order, after the
        // countdown (nothing scored during "Vendose në ballë").
        let scored = text.filter { $0.hasPrefix("✓ ") || $0.hasPrefix("→ ") }
        let cards = text.filter { $0.hasPrefix("karta: ") }.map { String($0.dropFirst("karta: ".count)) }
        XCTAssertGreaterThanOrEqual(cards.count, 2, lines.text)
        guard cards.count >= 2 else { return }
        XCTAssertEqual(scored, ["✓ \(cards[0])", "→ \(cards[1])"], lines.text)
        let playing = try XCTUnwrap(text.firstIndex(of: "[playing]"), lines.text)
        XCTAssertLessThan(playing, text.firstIndex { $0.hasPrefix("✓ ") } ?? -1)
        XCTAssertTrue(text.last?.hasPrefix("Rezultati: 1  saktë 1  kaluar 1") == true, lines.text)
    }
}

/// Output collected from a readability handler on another thread.
final class LockedText: Sendable {
    private let data = Mutex(Data())
    func append(_ d: Data) { data.withLock { $0.append(d) } }
    var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }
}
