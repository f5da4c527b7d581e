import CARender
import CARenderTestSupport
import XCTest

/// CAEAGLLayer and CAMetalLayer need a GPU API carender does not have: a script that uses either
/// does not compile, and the compiler's error names the layer and what to draw with instead.
final class GPULayerErrorTests: XCTestCase {
    func testGPULayersNameWhatToUseInstead() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, api) in [("CAMetalLayer", "Metal"), ("CAEAGLLayer", "OpenGL ES")] {
            let script = folder.appendingPathComponent("\(name).swift-script")
            try """
                import CARender
                let stage = Stage(width: 10, height: 10)
                let layer = \(name)()
                stage.rootLayer.addSublayer(layer)
                stage.run()
                """.write(to: script, atomically: true, encoding: .utf8)
            let result = try CLIScripts.run([script.path, "--times", "0", "-o", folder.appendingPathComponent("out").path])
            XCTAssertNotEqual(result.status, 0, name)
            XCTAssertTrue(result.standardError.contains("'\(name)' is unavailable"), result.standardError)
            XCTAssertTrue(result.standardError.contains("has no \(api)"), result.standardError)
            XCTAssertTrue(result.standardError.contains("draw(in:)"), result.standardError)
        }
    }
}
