// swift-tools-version:6.0
import PackageDescription

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
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]
        ),
        .target(
            name: "CARender",
            dependencies: ["CPNG"],
        ),
        .executableTarget(
            name: "carender",
            dependencies: [
                "CARender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "CARenderTests",
            dependencies: ["CARender"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v5]
)
