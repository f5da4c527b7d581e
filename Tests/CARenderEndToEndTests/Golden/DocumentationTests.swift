import CARender
import CARenderTestSupport
import XCTest

/// The DocC catalog builds without warnings: every symbol link and article reference resolves.
/// Uses the toolchain's `swift-symbolgraph-extract` on the module this test run built, and `docc
/// convert` (what `swift package generate-documentation` runs), so it adds no build.
final class DocumentationTests: XCTestCase {
    func testTheCatalogBuildsWithoutWarnings() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let graphs = folder.appendingPathComponent("symbol-graphs")
        try FileManager.default.createDirectory(at: graphs, withIntermediateDirectories: true)
        let modules = Fixtures.buildFolder.appendingPathComponent("Modules")
        let extract = try runCommand(["swift-symbolgraph-extract", "-module-name", "CARender", "-target", "x86_64-unknown-linux-gnu",
                               "-I", modules.path, "-I", Fixtures.buildFolder.path, "-minimum-access-level", "public",
                               // The umbrella declares nothing itself: its pages are the layers' symbols it re-exports.
                               "-experimental-allowed-reexported-modules=" + Fixtures.libraryLayers.joined(separator: ","),
                               "-output-dir", graphs.path])
        XCTAssertEqual(extract.status, 0, extract.output)
        let catalog = Fixtures.repositoryRoot.appendingPathComponent("Sources/CARender/CARender.docc")
        let convert = try runCommand(["docc", "convert", catalog.path, "--additional-symbol-graph-dir", graphs.path,
                               "--fallback-display-name", "CARender", "--fallback-bundle-identifier", "carender.CARender",
                               "--output-path", folder.appendingPathComponent("out").path])
        XCTAssertEqual(convert.status, 0, convert.output)
        let problems = convert.output.split(separator: "\n").filter { $0.contains("warning") || $0.contains("error") }
        XCTAssertEqual(problems, [], convert.output)
        for article in ["writingascript", "thecommandline", "renderingacrossmachines", "goldentests", "easingpreviews", "fidelity",
                        "differencesfromapple", "benchmarks"] {
            let page = folder.appendingPathComponent("out/data/documentation/carender/\(article).json")
            XCTAssertTrue(FileManager.default.fileExists(atPath: page.path), "the article \(article) is built")
        }
    }
}
