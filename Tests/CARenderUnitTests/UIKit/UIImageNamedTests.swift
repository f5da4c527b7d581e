import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderUIKit
import CARenderStage
import CARenderTestSupport

/// `UIImage(named:)`: assets next to the script, and a warning naming every path tried.
final class UIImageNamedTests: XCTestCase {
    func testMissingImageWarnsWithThePathsSearched() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let host = RecordingStageHost(job: RenderJob(scriptDirectory: folder.path))
        let warnings = host.installed { capturingDiagnostics { XCTAssertNil(UIImage(named: "nowhere")) } }
        let message = warnings.joined(separator: "\n")
        XCTAssertTrue(message.contains("nowhere"), message)
        XCTAssertTrue(message.contains(folder.appendingPathComponent("assets/nowhere@2x.png").path), message)
        XCTAssertTrue(message.contains(folder.appendingPathComponent("nowhere.png").path), message)
    }

    func testAScriptRunFromItsOwnFolderHasItsFilesTriedOnce() {
        let current = FileManager.default.currentDirectoryPath
        let host = RecordingStageHost(job: RenderJob(scriptDirectory: current))
        let paths = host.installed { UIImage.candidatePaths(forName: "box") }
        XCTAssertEqual(paths, ["assets/box@3x.png", "assets/box@2x.png", "assets/box.png", "box@3x.png", "box@2x.png", "box.png"]
            .map { (current as NSString).appendingPathComponent($0) })
    }

    func testFindsAnAssetAndItsScale() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try RGBAImage(width: 8, height: 6).writePNG(to: folder.appendingPathComponent("assets/box@2x.png"))
        let host = RecordingStageHost(job: RenderJob(scriptDirectory: folder.path))
        let image = try XCTUnwrap(host.installed { UIImage(named: "box") })
        XCTAssertEqual(image.scale, 2)
        XCTAssertEqual(image.size, CGSize(width: 4, height: 3))
        let view = UIImageView(image: image)
        XCTAssertEqual(view.frame.size, CGSize(width: 4, height: 3))
        view.contentMode = .top
        XCTAssertEqual(view.layer.contentsGravity, .bottom, "Core Animation's gravities are y-up")
    }
}
