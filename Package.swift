// swift-tools-version:6.1
import PackageDescription

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
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C shims: Debian's libraries through pkg-config.
        .systemLibrary(name: "CEvdev", path: "Sources/CEvdev", pkgConfig: "libevdev",
                       providers: [.apt(["libevdev-dev"])]),
        .systemLibrary(name: "CALSA", path: "Sources/CALSA", pkgConfig: "alsa",
                       providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CSndfile", path: "Sources/CSndfile", pkgConfig: "sndfile",
                       providers: [.apt(["libsndfile1-dev"])]),
        // Linux calls Swift's Glibc module hides (pipe2).
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
        // The one platform layer: monotonic clock, wake-up pipes, libm, errno text. Linux only, as is Kape.
        .target(name: "Platform", dependencies: ["CLinux"]),

        // Pure Swift: trace formats, estimator, gate, synthesis, evaluation. Time is an input.
        .target(name: "Motion", dependencies: ["Platform"]),
        // The synthetic round generator: a head on a neck, a sensor model and device profiles, with truth.
        .target(name: "MotionSynthesis", dependencies: ["Motion", "Platform"]),
        // Live input from evdev: discovery, reading, hot-plug, axis tables, rumble, recording.
        .target(name: "MotionDevices", dependencies: ["Motion", "Platform", "CEvdev"]),
        // The party game: decks, the round state machine, results and history. Time is an input.
        .target(name: "Game", dependencies: ["Motion"]),
        // Pixels: an RGB canvas, the 5×7 block font, a PNG encoder.
        .target(name: "Raster"),
        // The game's screens without I/O (GameSession fed keys, gestures and time; FrameRenderer) and the share card.
        .target(name: "GameScreens", dependencies: ["Game", "Raster", "TerminalUI"]),
        // Terminal pieces the game and the lessons share: key decoding, cell widths.
        .target(name: "TerminalUI", dependencies: ["Platform"]),

        // SVG plots: axes, ticks, lines, markers, legend; shared by every `--plot` and report.
        .target(name: "Plot"),
        // JSON lines and fixed-point numbers without Foundation: what every printer shares.
        .target(name: "TextFormat"),
        // The plots and the HTML report: a replayed trace, a latency run, a stretch, an evaluation.
        .target(name: "Reports", dependencies: ["Motion", "AudioDSP", "Plot", "TextFormat"]),

        // Dictation comparison, progress store, points, streaks and spaced review: pure Swift and Foundation.
        .target(name: "Lessons"),

        // Pure Swift audio: clips, resampler, mixer, limiter, SPSC queue, meters, sound synthesis.
        .target(name: "AudioDSP", dependencies: ["Platform"]),
        // Devices and files: ALSA sink, WAV-file sink, libsndfile loading, the render thread.
        .target(name: "AudioIO", dependencies: ["AudioDSP", "Platform", "CALSA", "CSndfile"]),

        // Runtimes: one object per use, shared by the CLI, the benchmarks and the tests.
        // A lesson played through the stretcher to a sink, reporting the line heard.
        .target(name: "LessonPlayback", dependencies: ["Lessons", "AudioDSP", "AudioIO", "TerminalUI", "TextFormat", "Platform"]),
        // The interactive game: motion thread, sound engine, the loop that feeds GameSession and draws its frames.
        .target(name: "GameRuntime", dependencies: ["Game", "GameScreens", "Motion", "MotionDevices", "AudioDSP",
                                                   "AudioIO", "TerminalUI", "Platform"]),

        // The command line, as a library so tests can drive it in-process.
        .target(name: "KapeCLI", dependencies: [
            "Motion", "MotionSynthesis", "MotionDevices", "Plot", "AudioIO", "Game", "GameScreens", "Lessons", "LessonPlayback", "GameRuntime", "TerminalUI", "Platform", "TextFormat", "Reports",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "kape", dependencies: ["KapeCLI"]),

        .testTarget(name: "MotionTests", dependencies: ["Motion", "MotionSynthesis"]),
        .testTarget(name: "KapeCLITests", dependencies: ["KapeCLI", "Motion", "Lessons", "LessonPlayback", "Game", "GameScreens", "TerminalUI", "Platform", "TextFormat", "Reports", "TestSupport"]),
        .testTarget(name: "GameTests", dependencies: ["Game", "GameScreens", "Raster", "Motion", "TerminalUI"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
        .testTarget(name: "AudioDSPTests", dependencies: ["AudioDSP", "Platform"]),
        .testTarget(name: "AudioIOTests", dependencies: ["AudioIO", "AudioDSP", "Platform", "TestSupport"]),
        // What more than one test target needs: the private PulseAudio null sink.
        .target(name: "TestSupport", path: "Tests/Support"),
        .testTarget(name: "LessonsTests", dependencies: ["Lessons", "Motion"]),
        .testTarget(name: "MotionDevicesTests", dependencies: ["MotionDevices", "Motion"]),
    ],
    swiftLanguageModes: [.v6]
)
