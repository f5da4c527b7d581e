import Foundation

/// Paths of files that tests read from the source tree.
enum Fixtures {
    /// The repository root (three levels above this file).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func png(_ name: String) -> URL {
        folder.appendingPathComponent("png").appendingPathComponent(name)
    }

    /// The folder holding this test process's executable: SwiftPM's build folder, where the
    /// `carender` executable and `libCARender.so` live too.
    static let buildFolder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()

    /// One compile cache for the scripts tests run through the `carender` command line, so each
    /// script compiles once per library build (kept in the build folder between runs; deleting it
    /// is always safe).
    static let scriptCache: URL = {
        let url = repositoryRoot.appendingPathComponent(".build/test-script-cache")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// A new empty folder under the system's temporary folder.
    static func temporaryFolder(_ label: String = #function) throws -> URL {
        let safe = label.filter { $0.isLetter || $0.isNumber }
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("carender-tests-\(safe)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
