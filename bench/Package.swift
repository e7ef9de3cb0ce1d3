// swift-tools-version:6.1
// Benchmarks for the motion core: `swift package benchmark` here (or `make bench` at the top).
import PackageDescription

let package = Package(
    name: "KapeBench",
    dependencies: [
        .package(name: "Kape", path: ".."),
        // MallocInterposer counts allocations; naming the trait also leaves out the default runtime interposer.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "MotionBenchmarks",
            dependencies: [
                .product(name: "Motion", package: "Kape"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/MotionBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "AudioBenchmarks",
            dependencies: [
                .product(name: "AudioDSP", package: "Kape"),
                .product(name: "AudioIO", package: "Kape"),
                .product(name: "Lessons", package: "Kape"),
                .product(name: "LessonPlayback", package: "Kape"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/AudioBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "DeviceBenchmarks",
            dependencies: [
                .product(name: "Motion", package: "Kape"),
                .product(name: "MotionDevices", package: "Kape"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/DeviceBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
