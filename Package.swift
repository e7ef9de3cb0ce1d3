// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Kape",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "kape", targets: ["kape"]),
        .library(name: "Motion", targets: ["Motion"]),
        .library(name: "KapeCLI", targets: ["KapeCLI"]),
        .library(name: "MotionDevices", targets: ["MotionDevices"]),
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

        // Pure Swift: trace formats, estimator, gate, synthesis, evaluation. Time is an input.
        .target(name: "Motion"),
        // Live input from evdev: discovery, reading, hot-plug, axis tables, rumble, recording.
        .target(name: "MotionDevices", dependencies: ["Motion", "CEvdev"]),

        // The command line, as a library so tests can drive it in-process.
        .target(name: "KapeCLI", dependencies: [
            "Motion", "MotionDevices",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "kape", dependencies: ["KapeCLI"]),

        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "KapeCLITests", dependencies: ["KapeCLI", "Motion"]),
        .testTarget(name: "MotionDevicesTests", dependencies: ["MotionDevices", "Motion"]),
    ],
    swiftLanguageModes: [.v6]
)
