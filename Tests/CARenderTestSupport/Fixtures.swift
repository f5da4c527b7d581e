import Foundation

/// Paths of files that tests read from the source tree.
package enum Fixtures {
    /// The repository root (two folders above this file's folder).
    package static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures`: committed inputs (PNG files, reference scenes, Apple's renders, the
    /// bad-input script) shared by the unit and end-to-end tests.
    package static let folder = repositoryRoot.appendingPathComponent("Tests/Fixtures")

    package static func png(_ name: String) -> URL {
        folder.appendingPathComponent("png").appendingPathComponent(name)
    }

    /// The library's targets from the bottom layer up, as `Package.swift` declares them; `CARender`
    /// re-exports them all.
    package static let libraryLayers = [
        "CARenderPixels", "CARenderGeometry", "CARenderRaster", "CARenderText", "CARenderGraphics",
        "CARenderModel", "CARenderCompositor", "CARenderStage", "CARenderUIKit",
    ]

    /// The folder holding this test process's executable: SwiftPM's build folder, where the
    /// `carender` executable and `libCARender.so` live too.
    package static let buildFolder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()

    /// One compile cache for the scripts tests run through the `carender` command line, so each
    /// script compiles once per library build (kept in the build folder between runs; deleting it
    /// is always safe).
    package static let scriptCache: URL = {
        let url = repositoryRoot.appendingPathComponent(".build/test-script-cache")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// A new empty folder under the system's temporary folder.
    package static func temporaryFolder(_ label: String = #function) throws -> URL {
        let safe = label.filter { $0.isLetter || $0.isNumber }
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("carender-tests-\(safe)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
