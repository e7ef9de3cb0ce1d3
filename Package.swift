// swift-tools-version:6.1
import PackageDescription

// Sources/ is layered; a module depends only on modules of its own layer or the layers above it in this list:
//   Shims/    C libraries through pkg-config, and the Linux calls Swift's Glibc module hides
//   Platform/ the one layer over the OS (clock, pipes, libm, stdout)
//   Core/     pure logic: time and data are inputs (motion, audio DSP, lessons, the game's rules and screens)
//   Devices/  evdev, ALSA and files, the terminal
//   Runtime/  one object per use, shared by the CLI, the benchmarks and the tests
//   CLI/      argument parsing, wiring and printing
func layer(_ name: String, _ module: String) -> String { "Sources/\(name)/\(module)" }

let package = Package(
    name: "Kape",
    products: [
        .executable(name: "kape", targets: ["kape"]),
        .library(name: "Motion", targets: ["Motion"]),
        .library(name: "MotionSynthesis", targets: ["MotionSynthesis"]),
        .library(name: "KapeCLI", targets: ["KapeCLI"]),
        .library(name: "Game", targets: ["Game"]),
        .library(name: "GameScreens", targets: ["GameScreens"]),
        .library(name: "AudioDSP", targets: ["AudioDSP"]),
        .library(name: "AudioIO", targets: ["AudioIO"]),
        .library(name: "MotionDevices", targets: ["MotionDevices"]),
        .library(name: "Lessons", targets: ["Lessons"]),
        .library(name: "LessonPlayback", targets: ["LessonPlayback"]),
        .library(name: "Dictionary", targets: ["Dictionary"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Shims: Debian's libraries through pkg-config.
        .systemLibrary(name: "CEvdev", path: layer("Shims", "CEvdev"), pkgConfig: "libevdev",
                       providers: [.apt(["libevdev-dev"])]),
        .systemLibrary(name: "CALSA", path: layer("Shims", "CALSA"), pkgConfig: "alsa",
                       providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CSndfile", path: layer("Shims", "CSndfile"), pkgConfig: "sndfile",
                       providers: [.apt(["libsndfile1-dev"])]),
        // alsa-lib's error handler (variadic, so C): its messages become part of Kape's own errors.
        .target(name: "CALSAErrors", path: layer("Shims", "CALSAErrors"), linkerSettings: [.linkedLibrary("asound")]),
        .systemLibrary(name: "CZlib", path: layer("Shims", "CZlib"), pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Nettle's Ed25519 (hogweed): VIP unlock codes verified offline. Debian ships libnettle and libhogweed on
        // every system (apt's TLS stack needs them), so no new run-time package and no crypto library to build.
        .systemLibrary(name: "CNettle", path: layer("Shims", "CNettle"), pkgConfig: "hogweed", providers: [.apt(["nettle-dev"])]),
        // Hunspell (German stems), espeak-ng (speech and IPA), uchardet (subtitle encodings, as mpv detects them).
        .systemLibrary(name: "CHunspell", path: layer("Shims", "CHunspell"), pkgConfig: "hunspell", providers: [.apt(["libhunspell-dev"])]),
        .systemLibrary(name: "CEspeak", path: layer("Shims", "CEspeak"), pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(name: "CUchardet", path: layer("Shims", "CUchardet"), pkgConfig: "uchardet", providers: [.apt(["libuchardet-dev"])]),
        // Linux calls Swift's Glibc module hides (eventfd, mkostemps, gettid).
        .systemLibrary(name: "CLinux", path: layer("Shims", "CLinux")),
        // libdbus: the reference D-Bus client library, for RealtimeKit (real-time priority without privileges).
        .systemLibrary(name: "CDBus", path: layer("Shims", "CDBus"), pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // SDL2 and SDL2_ttf (libsdl2-dev, libsdl2-ttf-dev): the game's window on X11, Wayland, KMSDRM, and offscreen
        // for frames and tests. No pkgConfig: its -D_REENTRANT is a flag SwiftPM refuses with a warning, and the
        // headers are found as <SDL2/…> without it.
        .systemLibrary(name: "CSDL2", path: layer("Shims", "CSDL2")),

        // A SIGBUS handler for mapped files that shrink while read (C: a handler must return to the faulting read).
        .target(name: "CSignalSafe", path: layer("Shims", "CSignalSafe")),

        // Platform: monotonic clock, wake-up pipes, libm, errno text, stdout. Linux only, as is Kape.
        .target(name: "Platform", dependencies: ["CLinux", "CDBus", "CSignalSafe"], path: "Sources/Platform"),

        // Core. Trace formats, estimator, gate, evaluation. Time is an input.
        .target(name: "Motion", dependencies: ["Platform", "TextFormat"], path: layer("Core", "Motion")),
        // The synthetic round generator: a head on a neck, a sensor model and device profiles, with truth.
        .target(name: "MotionSynthesis", dependencies: ["Motion", "Platform"], path: layer("Core", "MotionSynthesis")),
        // Clips, resampler, mixer, limiter, SPSC queue, meters, sound synthesis, the time-stretcher.
        .target(name: "AudioDSP", dependencies: ["Platform"], path: layer("Core", "AudioDSP")),
        // Dictation comparison, progress store, points, streaks, spaced review, transcripts, lesson folders.
        .target(name: "Lessons", dependencies: ["Platform", "TextFormat", "CUchardet"], path: layer("Core", "Lessons")),
        // FreeDict dictionaries read in place (dictd index, dictzip), articles parsed, inflected forms to headwords.
        .target(name: "Dictionary", dependencies: ["CZlib", "Platform"], path: layer("Core", "Dictionary")),
        // The party game: decks, the round state machine, results and history, its sounds. Time is an input.
        .target(name: "Game", dependencies: ["Motion", "Platform", "TextFormat", "CNettle"], path: layer("Core", "Game")),
        // Pixels: an RGB canvas, the 5×7 block font, a PNG encoder (zlib's deflate).
        .target(name: "Raster", dependencies: ["CZlib", "Platform"], path: layer("Core", "Raster")),
        // Terminal pieces the game and the lessons share: key decoding, cell widths, colours.
        .target(name: "TerminalUI", dependencies: ["TextFormat"], path: layer("Core", "TerminalUI")),
        // The game's screens without I/O (GameSession fed keys, gestures and time; FrameRenderer) and the share card.
        .target(name: "GameScreens", dependencies: ["Game", "Raster", "TerminalUI", "Platform"], path: layer("Core", "GameScreens")),
        // The game's screens in pixels for a window of any size: shapes, text fitted to boxes, touch targets.
        .target(name: "WindowLayout", dependencies: ["Game", "GameScreens", "TerminalUI"], path: layer("Core", "WindowLayout")),
        // SVG plots: axes, ticks, lines, markers, legend; shared by every `--plot` and report.
        .target(name: "Plot", dependencies: ["Platform"], path: layer("Core", "Plot")),
        // JSON lines and fixed-point numbers without Foundation: what every printer shares.
        .target(name: "TextFormat", dependencies: ["Platform"], path: layer("Core", "TextFormat")),
        // The plots and the HTML report: a replayed trace, a latency run, a stretch, an evaluation.
        .target(name: "Reports", dependencies: ["Motion", "AudioDSP", "Plot", "TextFormat", "Platform"], path: layer("Core", "Reports")),

        // Devices. Live input from evdev: discovery, reading, hot-plug, axis tables, rumble, recording.
        .target(name: "MotionDevices", dependencies: ["Motion", "Platform", "CEvdev"], path: layer("Devices", "MotionDevices")),
        // ALSA sink, WAV-file sink, libsndfile loading, the render thread.
        .target(name: "AudioIO", dependencies: ["AudioDSP", "Platform", "CALSA", "CALSAErrors", "CSndfile"], path: layer("Devices", "AudioIO")),
        // Words: Hunspell's German stems, espeak-ng's German speech and IPA.
        .target(name: "Language", dependencies: ["Dictionary", "AudioDSP", "Platform", "CHunspell", "CEspeak"], path: layer("Devices", "Language")),
        // The terminal: raw mode, the alternate screen, the signal pipe, restoring it from signal handlers.
        .target(name: "Terminal", dependencies: ["TerminalUI", "Platform"], path: layer("Devices", "Terminal")),
        // The game's window (SDL2): fonts, drawing scenes, input events, offscreen frames as PNG.
        .target(name: "GameWindow", dependencies: ["CSDL2", "WindowLayout", "GameScreens", "Game", "Raster", "TerminalUI", "Platform"],
                path: layer("Devices", "GameWindow")),

        // Runtime. A lesson played through the stretcher to a sink, reporting the line heard; its loop and screen.
        .target(name: "LessonPlayback", dependencies: ["Lessons", "Dictionary", "AudioDSP", "AudioIO", "TerminalUI", "Terminal", "TextFormat", "Platform"],
                path: layer("Runtime", "LessonPlayback")),
        // The interactive game: motion thread, sound engine, the loop that feeds GameSession and draws its frames.
        .target(name: "GameRuntime", dependencies: ["Game", "GameScreens", "Motion", "MotionDevices", "AudioDSP",
                                                   "AudioIO", "TerminalUI", "Terminal", "Platform", "TextFormat", "GameWindow", "WindowLayout"],
                path: layer("Runtime", "GameRuntime")),

        // CLI: the command line, as a library so tests can drive it in-process.
        .target(name: "KapeCLI", dependencies: [
            "Motion", "MotionSynthesis", "MotionDevices", "Plot", "AudioIO", "Game", "GameScreens", "Lessons", "LessonPlayback",
            "GameRuntime", "TerminalUI", "Terminal", "Platform", "TextFormat", "Reports", "Dictionary", "Language",
            "GameWindow", "WindowLayout",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: layer("CLI", "KapeCLI")),
        .executableTarget(name: "kape", dependencies: ["KapeCLI"], path: layer("CLI", "kape")),

        .testTarget(name: "MotionTests", dependencies: ["Motion", "MotionSynthesis", "Platform"]),
        .testTarget(name: "KapeCLITests", dependencies: ["KapeCLI", "Motion", "Lessons", "LessonPlayback", "Game", "GameScreens",
                                                         "TerminalUI", "Platform", "TextFormat", "Reports", "TestSupport"]),
        .testTarget(name: "GameTests", dependencies: ["Game", "GameScreens", "GameRuntime", "Raster", "Motion", "TerminalUI", "Terminal",
                                                      "TextFormat", "Platform"]),
        .testTarget(name: "WindowTests", dependencies: ["WindowLayout", "GameWindow", "CSDL2", "GameRuntime", "GameScreens", "Game", "Motion",
                                                        "Raster", "TerminalUI", "Platform", "TestSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
        .testTarget(name: "AudioDSPTests", dependencies: ["AudioDSP", "Platform"]),
        .testTarget(name: "AudioIOTests", dependencies: ["AudioIO", "AudioDSP", "Platform", "TestSupport"]),
        // What more than one test target needs: the private sound servers, the package root.
        .target(name: "TestSupport", path: "Tests/Support"),
        // The progress store's crash and concurrency tests kill this writer mid-save (not shipped in `kape`).
        .executableTarget(name: "kape-store-writer", dependencies: ["Lessons"], path: "Tests/StoreWriter"),
        .testTarget(name: "LessonsTests", dependencies: ["Lessons", "Motion", "Platform", "TextFormat"]),
        .testTarget(name: "DictionaryTests", dependencies: ["Dictionary", "Language", "Lessons", "Platform"]),
        .testTarget(name: "MotionDevicesTests", dependencies: ["MotionDevices", "Motion"]),
    ],
    swiftLanguageModes: [.v6]
)
