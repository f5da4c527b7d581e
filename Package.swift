// swift-tools-version:6.1
import Foundation
import PackageDescription

// The default build is portable: no unsafe flags, so other packages can depend on carender by
// version, and a binary built on one machine runs on any x86-64 or arm64 machine. (The libpng
// shim's row filters pick their AVX2 path at run time.)
//
// `CARENDER_NATIVE=1 swift build -c release` opts into the fast path for the machine you build on:
// Swift code compiled for Haswell (AVX2 + FMA, so the compositor's span and shadow loops
// vectorise and `floor` is one instruction instead of a libm call) and the C shim at -O3. The
// binary then needs such a processor; SwiftPM accepts these flags in a root package only.
let native = ProcessInfo.processInfo.environment["CARENDER_NATIVE"] == "1"
#if arch(x86_64)
let nativeSwiftFlags = ["-target-cpu", "haswell"]
#else
let nativeSwiftFlags: [String] = []
#endif
let nativeSwiftSettings: [SwiftSetting] = native && !nativeSwiftFlags.isEmpty
    ? [.unsafeFlags(nativeSwiftFlags, .when(configuration: .release))]
    : []
let nativeCSettings: [CSetting] = native ? [.unsafeFlags(["-O3"], .when(configuration: .release))] : []

let package = Package(
    name: "carender",
    products: [
        // Scripts link the dynamic library, with the script host (which only the main carender
        // compiles around a script calls); the command line links the same code statically.
        .library(name: "CARender", type: .dynamic, targets: ["CARender", "CARenderScriptHost"]),
        // Golden assertions for XCTest and Swift Testing (depend on this one in test targets).
        .library(name: "CARenderTesting", targets: ["CARenderTesting"]),
        // swift-snapshot-testing strategies for stages and images: built with the trait
        // `SnapshotTesting`, which also fetches swift-snapshot-testing (empty without it).
        .library(name: "CARenderSnapshotTesting", targets: ["CARenderSnapshotTesting"]),
        .executable(name: "carender", targets: ["carender"]),
    ],
    traits: [
        .trait(name: "SnapshotTesting",
               description: "The CARenderSnapshotTesting product: strategies for pointfreeco's swift-snapshot-testing. Only packages that enable it fetch swift-snapshot-testing."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Fetched only when a package enables the trait SnapshotTesting.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // `carender preview`'s web server: pure Swift over BSD sockets, no dependencies of its own
        // (a first debug build of about 20 s on 2 cores, against 2.5–4.5 min for Hummingbird
        // over SwiftNIO; CI builds from scratch every run).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        // The shim's own deflate compressors for filtered PNG rows (one stream writer, two ways
        // of finding matches).
        .target(name: "CDeflate", cSettings: nativeCSettings, linkerSettings: [.linkedLibrary("deflate")]),
        // Hot pixel loops in C with an AVX2 path the compositor picks at run time (the portable
        // build targets baseline x86-64); the Swift loops they mirror stay the reference.
        .target(name: "CPixelKernels"),
        // Prefetch hints for the presentation pass, which knows the lines it reads next.
        .target(name: "CMemoryHints"),
        // The PNG codec over libpng: encoding, atomic frame files, decoding within budgets.
        .target(
            name: "CPNG",
            dependencies: ["CDeflate"],
            cSettings: nativeCSettings,
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate")]
        ),
        // The process boundary in C: a script host's signal handlers and parent watch, and the
        // command line's supervised children (process groups, a guard outliving a killed parent).
        .target(name: "CHost", dependencies: ["CPNG"]),
        // Text: HarfBuzz, FreeType (include paths from pkg-config) and FriBidi, under a small C shim.
        .systemLibrary(
            name: "CTextLibraries",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev", "libfreetype-dev", "libfribidi-dev"])]
        ),
        .target(
            name: "CText",
            dependencies: ["CTextLibraries"],
            linkerSettings: [.linkedLibrary("harfbuzz"), .linkedLibrary("freetype"), .linkedLibrary("fribidi")]
        ),
        // The library, in layers: each target imports only those above it in this list, and the
        // compiler keeps it so (a target cannot import one that is not among its dependencies).
        // `Tests/CARenderUnitTests/Architecture/TargetGraphTests.swift` checks the graph itself.
        //
        //   CDeflate → CPNG → CHost (C shims: deflaters, PNG codec, process boundary)
        //   CPixelKernels (C: run-time-dispatched AVX2 pixel loops) → raster, compositor
        //   CMemoryHints (C: prefetch hints) → model
        //   CHost → supervisor (children in process groups with guards; stop requests escalated)
        //   pixels → geometry → raster → text → graphics → model → compositor → stage → UIKit
        //                                                                          ↘ studio (preview server;
        //                                                                            + supervisor)
        //   → CARender → CARenderTesting → CARenderSnapshotTesting (trait) and carender
        //   stage + CHost → script host (linked into scripts and the command line only)
        //
        // Beside them, with no dependencies: the script compiler's source-compatibility pass,
        // which only the command line links.
        //
        // The command line's children (the compiler, script workers, ffmpeg, preview workers),
        // each in a process group of its own with a guard that ends it when carender dies, and
        // stop requests passed on and escalated. Used by the command line and the preview.
        .target(name: "CARenderSupervisor", dependencies: ["CHost"]),
        // Pixel buffers, blending and the PNG codec.
        .target(name: "CARenderPixels", dependencies: ["CPNG"], swiftSettings: nativeSwiftSettings),
        // Core Graphics' value types: transforms, paths, colours, images; diagnostics.
        .target(name: "CARenderGeometry", dependencies: ["CARenderPixels"], swiftSettings: nativeSwiftSettings),
        // Exact-area coverage of outlines, strokes and rounded rectangles.
        .target(name: "CARenderRaster", dependencies: ["CARenderGeometry", "CPixelKernels"], swiftSettings: nativeSwiftSettings),
        // Fonts, shaping, layout and glyph drawing (HarfBuzz and FreeType underneath).
        .target(name: "CARenderText", dependencies: ["CARenderRaster", "CText"], swiftSettings: nativeSwiftSettings),
        // CGContext and CGGradient: drawing into a bitmap.
        .target(name: "CARenderGraphics", dependencies: ["CARenderText"], swiftSettings: nativeSwiftSettings),
        // Core Animation's model: layers, timing, animations, transactions, the presentation tree.
        .target(name: "CARenderModel", dependencies: ["CARenderGraphics", "CMemoryHints"], swiftSettings: nativeSwiftSettings),
        // The presentation tree drawn into pixels: display list, fills, shadows, masks, 3D.
        .target(name: "CARenderCompositor", dependencies: ["CARenderModel", "CPixelKernels"], swiftSettings: nativeSwiftSettings),
        // The stage (clock, run loop, rendering a sequence) and its output: frame files, contact sheets.
        .target(name: "CARenderStage", dependencies: ["CARenderCompositor"], swiftSettings: nativeSwiftSettings),
        // UIKit's animation surface over the layers.
        .target(name: "CARenderUIKit", dependencies: ["CARenderStage"], swiftSettings: nativeSwiftSettings),
        // What scripts import: every layer above, re-exported.
        .target(name: "CARender", dependencies: ["CARenderUIKit"], swiftSettings: nativeSwiftSettings),
        // The worker side of the command line: reads the render job, watches the parent, installs
        // the cleanup handlers, sends progress; called only by the main compiled around a script.
        .target(name: "CARenderScriptHost", dependencies: ["CARenderStage", "CHost"], swiftSettings: nativeSwiftSettings),
        // The script compiler's source-compatibility pass: Apple's Objective-C-only syntax
        // (`@objc`, `#keyPath`, `#selector`, `@NSManaged`, …) rewritten before swiftc sees a
        // script, and the compiler's diagnostics mapped back to the user's columns. Plain text
        // work: it depends on nothing, and only the command line links it.
        .target(name: "CARenderSourceCompatibility"),
        // Golden references: storing, comparing and recording frames and timelines.
        .target(name: "CARenderGolden", dependencies: ["CARenderStage"]),
        // `carender preview`: the web server, its page (HTML, JavaScript, CSS as resources) and
        // the script workers it asks for frames, timelines and hit tests.
        .target(
            name: "CARenderStudio",
            dependencies: ["CARenderStage", "CARenderSupervisor", .product(name: "FlyingFox", package: "FlyingFox")],
            resources: [.copy("Page")]
        ),
        .target(
            name: "CARenderTesting",
            dependencies: ["CARender", "CARenderGolden"]
        ),
        .target(
            name: "CARenderSnapshotTesting",
            dependencies: [
                "CARenderTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing", condition: .when(traits: ["SnapshotTesting"])),
            ]
        ),
        .executableTarget(
            name: "carender",
            dependencies: [
                "CARender",
                "CARenderGolden",
                "CARenderScriptHost",
                "CARenderSourceCompatibility",
                "CARenderStudio",
                "CARenderSupervisor",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Tests by kind, as in swift-argument-parser: unit tests that reach internals with
        // `@testable import CARender`; end-to-end tests that use only what a script author can
        // (`import CARender`, never @testable; command-line tests may use the `package` options the
        // command line is built on): golden frames, the examples and seeds, the command line, a
        // consumer package, layer and drawing behaviour; and the helpers both share (`package`
        // declarations). A test goes to the unit target only when it needs an internal.
        // `swift test` runs both targets.
        .testTarget(
            name: "CARenderUnitTests",
            dependencies: [
                "CARender", "CARenderPixels", "CARenderGeometry", "CARenderRaster", "CARenderText", "CARenderGraphics",
                "CARenderModel", "CARenderCompositor", "CARenderStage", "CARenderUIKit", "CARenderGolden",
                "CARenderScriptHost", "CHost", "CARenderSourceCompatibility", "CARenderTestSupport", "CTextOracle",
            ]
        ),
        .testTarget(
            name: "CARenderEndToEndTests",
            dependencies: ["CARender", "CARenderTesting", "CARenderTestSupport"],
            exclude: ["Golden/__Goldens__"]
        ),
        // Shared test helpers: paths of the committed fixtures (`Tests/Fixtures`), running the
        // built `carender`, golden checks against `golden/`, pixel assertions, allocation counting.
        .target(
            name: "CARenderTestSupport",
            dependencies: ["CARender", "CARenderTesting", "AllocationCounter"],
            path: "Tests/CARenderTestSupport"
        ),
        // Counts heap allocations (interposes malloc in the test executable) for the tests that
        // hold hot paths to "no allocation per frame".
        .target(
            name: "AllocationCounter",
            path: "Tests/AllocationCounter"
        ),
        // FreeType's own rasterizer and FriBidi's own line reordering: oracles the glyph-coverage
        // and bidi unit tests compare with.
        .target(
            name: "CTextOracle",
            dependencies: ["CTextLibraries"],
            path: "Tests/CTextOracle",
            linkerSettings: [.linkedLibrary("freetype"), .linkedLibrary("fribidi")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
