import CARender
import CARenderTestSupport
import XCTest

/// The README's example, rendered through the command line at three instants: mid implicit
/// animation, mid spin, and at rest.
final class HelloGoldenTests: XCTestCase {
    func testHelloExampleMatchesItsGoldenFrames() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = Fixtures.repositoryRoot.appendingPathComponent("Examples/hello.swift-script")
        let times = [0.6, 1.2, 2.0]
        let result = try CarenderCLI.run(
            [script.path, "--times", times.map { String($0) }.joined(separator: ","), "-o", folder.path, "--quiet"],
            cache: folder.appendingPathComponent("cache"))
        XCTAssertEqual(result.status, 0, result.standardError)
        for t in times {
            let frame = try RGBAImage(contentsOfPNG: folder.appendingPathComponent(RenderOptions.fileName(forTime: t)))
            Golden.assertMatches(frame, name: "hello", time: t)
        }
    }
}
