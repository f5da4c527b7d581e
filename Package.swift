// swift-tools-version:6.0
import Foundation
import PackageDescription

// Release builds of CARender target the build machine's AVX2 + FMA when it has them (x86-64 only):
// the compositor's span and shadow loops then vectorise (the baseline x86-64 target emits no
// SIMD and calls libm for floor). Debug builds and other machines use the portable baseline; the
// code is the same either way. The flag is an unsafeFlags setting, which SwiftPM accepts in a root
// package only — so this package cannot be consumed as a dependency with it; drop it to be.
let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
let buildMachineHasAVX2 = cpuInfo.contains(" avx2") && cpuInfo.contains(" fma")
let vectorSettings: [SwiftSetting] = buildMachineHasAVX2
    ? [.unsafeFlags(["-target-cpu", "haswell"], .when(platforms: [.linux], configuration: .release))]
    : []

let package = Package(
    name: "carender",
    products: [
        // Scripts link the dynamic library; the command line links the same code statically.
        .library(name: "CARender", type: .dynamic, targets: ["CARender"]),
        .executable(name: "carender", targets: ["carender"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "CPNG",
            cSettings: [.unsafeFlags(["-O3"], .when(configuration: .release))],
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate")]
        ),
        .target(
            name: "CARender",
            dependencies: ["CPNG"],
            swiftSettings: vectorSettings
        ),
        .executableTarget(
            name: "carender",
            dependencies: [
                "CARender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Test support: counts heap allocations (interposes malloc in the test executable) for
        // the tests that hold hot paths to "no allocation per frame".
        .target(
            name: "AllocationCounter",
            path: "Tests/AllocationCounter"
        ),
        .testTarget(
            name: "CARenderTests",
            dependencies: ["CARender", "AllocationCounter"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v5]
)
