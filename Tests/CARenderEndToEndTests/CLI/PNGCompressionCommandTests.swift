import CARender
import CARenderTestSupport
import XCTest

/// `--png-compression`: each setting writes standard PNGs of the same pixels, and worker processes
/// write the bytes a serial render writes whatever the setting.
final class PNGCompressionCommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try Fixtures.temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func render(_ extra: [String], into name: String) throws -> URL {
        let out = folder.appendingPathComponent(name)
        let result = try CLIScripts.run([CLIScripts.long.path, "--fps", "10", "-o", out.path, "--quiet"] + extra)
        XCTAssertEqual(result.status, 0, "\(extra): \(result.standardError)")
        return out
    }

    func testFastWithTwoWorkersWritesTheBytesOfASerialRenderAndTheSamePixelsAsDefault() throws {
        let serial = try CLIScripts.contents(try render(["--png-compression", "fast", "--concurrency", "1"], into: "serial"))
        XCTAssertEqual(serial.count, 30)
        let parallel = try CLIScripts.contents(try render(["--png-compression", "fast", "--concurrency", "2"], into: "parallel"))
        XCTAssertEqual(parallel, serial)
        let standard = try CLIScripts.contents(try render([], into: "default"))
        XCTAssertEqual(standard.keys.sorted(), serial.keys.sorted())
        var differing = 0
        for (name, data) in serial {
            guard let other = standard[name] else { continue }
            if data != other { differing += 1 }
            XCTAssertEqual(try Fixtures.decodedPNG(data), try Fixtures.decodedPNG(other), name)
        }
        XCTAssertGreaterThan(differing, 0, "fast and default deflate differently, so their files differ")
    }

    /// The default setting's matcher starts every frame with empty hash tables, so a worker that
    /// encoded other frames before writes the bytes a serial render does.
    func testDefaultWithTwoWorkersWritesTheBytesOfASerialRender() throws {
        let serial = try CLIScripts.contents(try render(["--concurrency", "1"], into: "serial-default"))
        XCTAssertEqual(serial.count, 30)
        let parallel = try CLIScripts.contents(try render(["--png-compression", "default", "--concurrency", "2"], into: "parallel-default"))
        XCTAssertEqual(parallel, serial)
    }

    func testUnknownSettingIsRejectedNamingTheChoices() throws {
        let result = try CLIScripts.run([CLIScripts.long.path, "-o", folder.appendingPathComponent("none").path, "--png-compression", "fastest"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.standardError.contains("fast"), result.standardError)
        XCTAssertTrue(result.standardError.contains("small"), result.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("none").path), "nothing is written")
    }
}
