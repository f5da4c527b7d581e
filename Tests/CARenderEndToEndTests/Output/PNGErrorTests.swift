import CARender
import CARenderTestSupport
import XCTest

final class PNGErrorTests: XCTestCase {
    private func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func testTruncatedFileThrowsNamingTheFile() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let full = try Data(contentsOf: Fixtures.png("rgba16.png"))
        let url = folder.appendingPathComponent("truncated.png")
        try full.prefix(full.count - 30).write(to: url)
        XCTAssertThrowsError(try RGBAImage(contentsOfPNG: url)) { error in
            let png = error as? PNGError
            XCTAssertEqual(png?.kind, .invalidData)
            XCTAssertTrue("\(error)".contains("truncated.png"), "message should name the file: \(error)")
            // What is wrong with it, rather than libpng's bare "Read Error".
            XCTAssertEqual(png?.message, "the file ends before its image data does (it is truncated)")
        }
    }

    func testCorruptDataThrows() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var data = try Data(contentsOf: Fixtures.png("rgb8.png"))
        for i in 41..<min(data.count - 12, 70) { data[i] ^= 0x5a }   // inside IDAT: CRC and zlib both break
        let url = folder.appendingPathComponent("corrupt.png")
        try data.write(to: url)
        XCTAssertThrowsError(try RGBAImage(contentsOfPNG: url)) { error in
            XCTAssertEqual((error as? PNGError)?.kind, .invalidData, "\(error)")
        }
    }

    func testNotAPNG() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("text.png")
        try Data("hello, this is not an image".utf8).write(to: url)
        XCTAssertThrowsError(try RGBAImage(contentsOfPNG: url)) { error in
            XCTAssertTrue("\(error)".contains("signature"), "\(error)")
        }
    }

    func testMissingFileThrowsCannotOpen() {
        XCTAssertThrowsError(try RGBAImage(contentsOfPNG: URL(fileURLWithPath: "/nonexistent/nothing.png"))) { error in
            XCTAssertEqual((error as? PNGError)?.kind, .cannotOpen)
        }
    }

    func testUnwritableFolderThrowsAndLeavesNoFiles() throws {
        let folder = try Fixtures.temporaryFolder()
        defer {
            chmod(folder.path, 0o755)
            try? FileManager.default.removeItem(at: folder)
        }
        XCTAssertEqual(chmod(folder.path, 0o555), 0)
        if geteuid() == 0 {
            // root ignores directory permissions; use a path whose parent is a regular file instead.
            let blocker = folder.appendingPathComponent("blocker")
            chmod(folder.path, 0o755)
            try Data().write(to: blocker)
            let target = blocker.appendingPathComponent("frame.png")
            XCTAssertThrowsError(try RGBAImage(width: 2, height: 2).writePNG(to: target)) { error in
                XCTAssertEqual((error as? PNGError)?.kind, .cannotOpen)
                XCTAssertTrue("\(error)".contains("frame.png"))
            }
            XCTAssertEqual(try files(in: folder), ["blocker"])
            return
        }
        XCTAssertThrowsError(try RGBAImage(width: 2, height: 2).writePNG(to: folder.appendingPathComponent("frame.png")))
        XCTAssertEqual(try files(in: folder), [])
    }

    func testFailedWriteKeepsThePreviousFileIntact() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("frame.png")
        var first = RGBAImage(width: 3, height: 3)
        first[1, 1] = RGBA8(r: 9, g: 8, b: 7, a: 255)
        try first.writePNG(to: url)
        // An empty image cannot be written; the earlier frame must survive untouched.
        XCTAssertThrowsError(try RGBAImage(width: 0, height: 5).writePNG(to: url))
        XCTAssertEqual(try RGBAImage(contentsOfPNG: url), first)
        XCTAssertEqual(try files(in: folder), ["frame.png"])
    }

    func testWrittenFileIsReadableByOthers() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("frame.png")
        try RGBAImage(width: 1, height: 1).writePNG(to: url)
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber
        XCTAssertEqual((permissions?.intValue ?? 0) & 0o044, 0o044, "frames should be group/other readable")
    }
}
