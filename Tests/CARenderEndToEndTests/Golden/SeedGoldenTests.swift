import CARender
import CARenderTestSupport
import XCTest

/// Every seed example against its golden frames in `golden/seeds/<example>/`, through
/// `carender golden` as CI would run it. The frames were looked at before they were recorded;
/// after changing what an example draws, look at the new frames and re-record with
/// `carender golden Examples/seeds/<example>.swift-script golden/seeds/<example> --record`.
final class SeedGoldenTests: XCTestCase {
    func testEverySeedExampleMatchesItsGoldenFrames() throws {
        let seeds = Fixtures.repositoryRoot.appendingPathComponent("Examples/seeds")
        let goldens = Fixtures.repositoryRoot.appendingPathComponent("golden/seeds")
        let scripts = try FileManager.default.contentsOfDirectory(atPath: seeds.path)
            .filter { $0.hasSuffix(".swift-script") }.sorted()
        XCTAssertGreaterThanOrEqual(scripts.count, 24)
        let artifacts = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: artifacts) }
        for script in scripts {
            let name = String(script.dropLast(".swift-script".count))
            let folder = goldens.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: folder.path) else {
                XCTFail("\(script) has no golden frames in golden/seeds/\(name); look at its frames, then record them with carender golden --record --times ...")
                continue
            }
            let result = try CarenderCLI.run([seeds.appendingPathComponent(script).path, folder.path].prefixed("golden"),
                                             cache: Fixtures.scriptCache,
                                             extraEnvironment: ["CARENDER_GOLDEN_ARTIFACTS": artifacts.path])
            XCTAssertEqual(result.status, 0, "\(name):\n\(result.standardOutput)\(result.standardError)")
            XCTAssertTrue(result.standardOutput.contains("match \(folder.path)"), "\(name): \(result.standardOutput)")
        }
    }
}

private extension Array where Element == String {
    func prefixed(_ first: String) -> [String] { [first] + self }
}
