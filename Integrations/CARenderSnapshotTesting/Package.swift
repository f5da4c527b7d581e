// swift-tools-version:6.0
import PackageDescription

// Snapshot strategies for pointfreeco/swift-snapshot-testing, in a package of their own so that
// carender itself does not depend on swift-snapshot-testing (nor resolve swift-syntax).
//
// Outside this repository depend on it by path or by URL beside carender; its `carender`
// dependency then names carender by version:
//     .package(url: "https://github.com/<owner>/carender", from: "0.1.0")
let package = Package(
    name: "CARenderSnapshotTesting",
    products: [
        .library(name: "CARenderSnapshotTesting", targets: ["CARenderSnapshotTesting"]),
    ],
    dependencies: [
        .package(name: "carender", path: "../.."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        .target(
            name: "CARenderSnapshotTesting",
            dependencies: [
                .product(name: "CARenderTesting", package: "carender"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
    ]
)
