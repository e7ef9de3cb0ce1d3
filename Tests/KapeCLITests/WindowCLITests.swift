import Foundation
import TestSupport
import Testing

/// `kape play --frames` (the window's renderer offscreen) and the window's command-line contract.
@Suite struct WindowCLITests {
    static func repo(_ path: String) -> String { packageRoot + "/" + path }

    @Test func framesAreWrittenEachTimeTheScreenChanges() throws {
        let data = try TemporaryDirectory()
        let dir = data.path("frames")
        let r = try KapeRun.run(["play", "--headless", "--trace", Self.repo("traces/demo-round.evemu"), "--deck", "mix-shqip",
                                 "--seed", "7", "--frames", dir, "--size", "320x240", "--no-sound", "--decks", Self.repo("decks")],
                                environment: ["XDG_DATA_HOME": data.path("data")])
        #expect(r.status == 0, "\(r.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        // The demo round: 3-2-1, a card, ✓, the next card, →, the next card, then the trace ends (paused).
        #expect(names == ["0001-countdown.png", "0002-countdown.png", "0003-countdown.png", "0004-card.png", "0005-correct.png",
                          "0006-card.png", "0007-pass.png", "0008-card.png", "0009-paused.png"])
        for name in names {
            let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/" + name)))
            #expect(png.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            // IHDR: width and height, big-endian, at bytes 16 and 20.
            let w = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, h = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(w == 320 && h == 240, "\(name) is \(w)×\(h)")
        }
    }

    @Test func badWindowOptionsAreUsageErrors() throws {
        let trace = Self.repo("traces/demo-round.evemu")
        for args in [["play", "--tui", "--window"], ["play", "--frames", "/tmp/x"],
                     ["play", "--headless", "--trace", trace, "--deck", "mix-shqip", "--frames", "/tmp/x", "--size", "0x10"],
                     ["play", "--headless", "--trace", trace, "--deck", "mix-shqip", "--frames", "/tmp/x", "--size", "big"],
                     // Past 4K in all: 16384×16384 frames took 3.6 GB and over a minute each.
                     ["play", "--headless", "--trace", trace, "--deck", "mix-shqip", "--frames", "/tmp/x", "--size", "3841x2160"],
                     ["play", "--headless", "--trace", trace, "--deck", "mix-shqip", "--frames", "/tmp/x", "--size", "16384x16384"],
                     ["play", "--size", "640x480"]] {
            let r = try KapeRun.run(args)
            #expect(r.status == 2, "\(args): \(r.stderr)")
        }
    }

    @Test func aMissingFontAndNoDisplayAreSaidPlainly() throws {
        let data = try TemporaryDirectory()
        let font = try KapeRun.run(["play", "--headless", "--trace", Self.repo("traces/demo-round.evemu"), "--deck", "mix-shqip",
                                    "--frames", data.path("f"), "--no-sound", "--decks", Self.repo("decks")],
                                   environment: ["XDG_DATA_HOME": data.path("data"), "KAPE_FONT": "/nonexistent/font.ttf"])
        #expect(font.status == 1)
        #expect(font.stderr.contains("fonts-dejavu-core") && font.stderr.contains("/nonexistent/font.ttf"))
        let window = try KapeRun.run(["play", "--window", "--no-sound", "--decks", Self.repo("decks")],
                                     environment: ["XDG_DATA_HOME": data.path("data"), "XDG_RUNTIME_DIR": data.path("")], input: "")
        #expect(window.status == 1)
        #expect(window.stderr.contains("no display for the window"), "\(window.stderr)")
    }

    /// A frames folder that cannot be made is said before the round's output (it came after the round's events),
    /// and the round's events are then not printed. (A folder the user may not write is the same check, access(2);
    /// root, who runs the tests, may write anywhere.)
    @Test func aFramesFolderThatCannotBeMadeIsSaidBeforeTheRound() throws {
        let data = try TemporaryDirectory()
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: data.path("file")))
        for folder in [data.path("file"), data.path("file/frames")] {
            let r = try KapeRun.run(["play", "--headless", "--trace", Self.repo("traces/demo-round.evemu"), "--deck", "mix-shqip",
                                     "--frames", folder, "--no-sound", "--decks", Self.repo("decks")],
                                    environment: ["XDG_DATA_HOME": data.path("data")])
            #expect(r.status == 1, "\(folder): \(r.stderr)")
            #expect(r.stderr.contains("not a folder") && r.stdout.isEmpty, "\(folder): \(r.stderr) \(r.stdout.prefix(200))")
        }
    }

    /// $DISPLAY names a display that does not answer, and there is no terminal: plain lines as without a display,
    /// saying why there is no window.
    @Test func anUnreachableDisplayFallsBackToWhatWouldHaveRunWithoutIt() throws {
        let data = try TemporaryDirectory()
        let r = try KapeRun.run(["play", "--keyboard", "--no-sound", "--decks", Self.repo("decks")],
                                environment: ["XDG_DATA_HOME": data.path("data"), "XDG_RUNTIME_DIR": data.path(""),
                                              "DISPLAY": ":\(Int.random(in: 300...399))"], input: "")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("no display for the window") && r.stderr.contains("playing in the terminal"), "\(r.stderr)")
        #expect(r.stdout.contains("Rezultati"), "\(r.stdout)")
    }

    /// A real X server (Xvfb) that dies under the window: kape ends with a message, it does not hang. SIGKILL, as a
    /// crash would: the test runner may leave SIGTERM blocked in its children.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb")))
    func theDisplayGoingAwayEndsTheGameWithAMessage() throws {
        let data = try TemporaryDirectory()
        let display = Int.random(in: 150...250)
        let script = """
            d=\(display); err="$1"
            Xvfb :$d -screen 0 640x480x24 -nolisten tcp >/dev/null 2>&1 & x=$!
            i=0; until [ -S /tmp/.X11-unix/X$d ] || [ $i -ge 400 ]; do sleep 0.05; i=$((i+1)); done
            DISPLAY=:$d SDL_RENDER_DRIVER=software timeout -s KILL 30 "$2" play --window -v --keyboard --no-sound --decks "$3" \\
              2>"$err" </dev/null & k=$!
            i=0; until grep -q "kape: window:" "$err" || [ $i -ge 400 ]; do sleep 0.05; i=$((i+1)); done
            kill -KILL $x; wait $x
            wait $k; echo "status=$?"
            """
        let r = try KapeRun.run(["-c", script, "sh", data.path("err"), KapeRun.binary, Self.repo("decks")],
                                environment: ["XDG_DATA_HOME": data.path("data"), "XDG_RUNTIME_DIR": data.path("")],
                                executable: "/bin/sh")
        let err = (try? String(contentsOfFile: data.path("err"), encoding: .utf8)) ?? ""
        #expect(err.contains("kape: window: x11"), "\(err)")
        #expect(r.stdout.contains("status=1"), "\(r.stdout) \(err)")
        #expect(err.contains("display went away"), "\(err)")
    }
}
