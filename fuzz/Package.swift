// swift-tools-version:6.1
// libFuzzer targets for the trace and transcript parsers. Build and run with `make run SECONDS=N` (see README.md).
import PackageDescription

// libFuzzer supplies main(): the targets are libraries as far as Swift is concerned.
let fuzzTarget: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "KapeFuzz",
    dependencies: [.package(name: "Kape", path: "..")],
    targets: [
        .executableTarget(name: "FuzzEvemu", dependencies: [.product(name: "Motion", package: "Kape")],
                          swiftSettings: fuzzTarget),
        .executableTarget(name: "FuzzCSV", dependencies: [.product(name: "Motion", package: "Kape")],
                          swiftSettings: fuzzTarget),
        .executableTarget(name: "FuzzTranscript", dependencies: [.product(name: "Lessons", package: "Kape")],
                          swiftSettings: fuzzTarget),
    ],
    swiftLanguageModes: [.v6]
)
