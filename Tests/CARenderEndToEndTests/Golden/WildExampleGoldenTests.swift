import CARender
import CARenderTestSupport
import XCTest

/// Every script under `Examples/wild/` — scripts written in the style of the public codebases of
/// COMPATIBILITY.md — against its golden frames in `golden/wild/<example>/`, through
/// `carender golden` as CI would run it. The frames were looked at before they were recorded;
/// after changing what an example draws, look at the new frames and re-record with
/// `carender golden Examples/wild/<example>.swift-script golden/wild/<example> --record`.
final class WildExampleGoldenTests: XCTestCase {
    func testEveryWildExampleMatchesItsGoldenFrames() throws {
        let examples = Fixtures.repositoryRoot.appendingPathComponent("Examples/wild")
        let goldens = Fixtures.repositoryRoot.appendingPathComponent("golden/wild")
        let scripts = try FileManager.default.contentsOfDirectory(atPath: examples.path)
            .filter { $0.hasSuffix(".swift-script") }.sorted()
        XCTAssertGreaterThanOrEqual(scripts.count, 8)
        let artifacts = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: artifacts) }
        for script in scripts {
            let name = String(script.dropLast(".swift-script".count))
            let folder = goldens.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: folder.path) else {
                XCTFail("\(script) has no golden frames in golden/wild/\(name); look at its frames, then record them with carender golden --record --times ...")
                continue
            }
            let result = try CarenderCLI.run(["golden", examples.appendingPathComponent(script).path, folder.path],
                                             cache: Fixtures.scriptCache,
                                             extraEnvironment: ["CARENDER_GOLDEN_ARTIFACTS": artifacts.path])
            XCTAssertEqual(result.status, 0, "\(name):\n\(result.standardOutput)\(result.standardError)")
            XCTAssertTrue(result.standardOutput.contains("match \(folder.path)"), "\(name): \(result.standardOutput)")
        }
    }
}
