// swift-tools-version:6.1
import PackageDescription

// A package that uses carender the way an app's package would: a module that builds an animated
// scene, and golden tests of it in XCTest and Swift Testing, and with swift-snapshot-testing
// through carender's CARenderSnapshotTesting product (the trait SnapshotTesting). carender's own
// test suite runs `swift test` here (ConsumerPackageTests), pointing the URL at a repository made
// from the working tree and tagged with the current version, to check that the assertions pass,
// fail and record as documented.
let package = Package(
    name: "GoldenConsumer",
    dependencies: [
        .package(url: "https://github.com/<owner>/carender", from: "0.3.0", traits: ["SnapshotTesting"]),
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
                .product(name: "CARenderSnapshotTesting", package: "carender"),
            ],
            exclude: ["__Goldens__", "__Snapshots__"]
        ),
    ]
)
