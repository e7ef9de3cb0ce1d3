// swift-tools-version:6.1
// libFuzzer targets for the trace, transcript, decks, progress-store and dictionary readers. Build and run with `make run SECONDS=N` (see README.md).
import PackageDescription

// libFuzzer supplies main(): the targets are libraries as far as Swift is concerned.
let fuzzTarget: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "KapeFuzz",
    dependencies: [.package(name: "Kape", path: "..")],
    // Each target and the Kape library whose reader it drives.
    targets: [("FuzzEvemu", "Motion"), ("FuzzCSV", "Motion"), ("FuzzTranscript", "Lessons"), ("FuzzSRT", "Lessons"),
              ("FuzzDecks", "Game"), ("FuzzProgress", "Lessons"), ("FuzzDictionary", "Dictionary")].map { name, library in
        .executableTarget(name: name, dependencies: [.product(name: library, package: "Kape")], swiftSettings: fuzzTarget)
    },
    swiftLanguageModes: [.v6]
)
