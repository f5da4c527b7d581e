// swift-tools-version:6.0
import PackageDescription

// A package that uses carender the way an app's package would: a module that builds an animated
// scene, and golden tests of it in XCTest and Swift Testing, and with swift-snapshot-testing
// through the strategies of ../CARenderSnapshotTesting. carender's own test suite runs
// `swift test` here to check that the assertions pass, fail and record as documented.
//
// Outside this repository, depend on carender by version instead of by path:
//     .package(url: "https://github.com/<owner>/carender", from: "0.1.0")
let package = Package(
    name: "GoldenConsumer",
    dependencies: [
        .package(name: "carender", path: "../.."),
        .package(name: "CARenderSnapshotTesting", path: "../CARenderSnapshotTesting"),
    ],
    targets: [
        .target(
            name: "CardScene",
            dependencies: [.product(name: "CARender", package: "carender")]
        ),
        .testTarget(
            name: "CardSceneTests",
            dependencies: [
                "CardScene",
                .product(name: "CARenderTesting", package: "carender"),
                .product(name: "CARenderSnapshotTesting", package: "CARenderSnapshotTesting"),
            ],
            exclude: ["__Goldens__", "__Snapshots__"]
        ),
    ]
)
