import CARender
@testable import CARenderStage
import CARenderTestSupport
import XCTest

final class InFlightFilesTests: XCTestCase {
    /// The name a frame's temporary sibling gets, as the libpng shim forms it.
    private func temporaryName(_ frame: String, pid: pid_t, host: String = InFlightFiles.localHost) -> String {
        "\(frame).tmp-\(pid)@\(host)-aB3dE9"
    }

    func testTemporaryNamesTellTheirWriter() {
        XCTAssertEqual(InFlightFiles.writer(ofTemporary: "frame_00001.png.tmp-4242@build-host-2-xY7zQ1"),
                       .process(4242, host: "build-host-2"))
        XCTAssertEqual(InFlightFiles.writer(ofTemporary: "frame_00001.png.tmp-Zx9Qw1"), .unnamed)
        XCTAssertNil(InFlightFiles.writer(ofTemporary: "frame_00001.png"))
        XCTAssertNil(InFlightFiles.writer(ofTemporary: "notes.tmp-abcdef"))
        XCTAssertNil(InFlightFiles.writer(ofTemporary: "frame_00001.png.tmp-4242@host-short"))
    }

    func testSweepRemovesOnlyAbandonedTemporaryFiles() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dead = temporaryName("frame_00003.png", pid: Int32.max - 7)
        let live = temporaryName("frame_00004.png", pid: getpid())
        let unnamed = "frame_00005.png.tmp-Zx9Qw1"
        let otherHostFresh = temporaryName("frame_00006.png", pid: 77, host: "elsewhere")
        let otherHostStale = temporaryName("frame_00007.png", pid: 78, host: "elsewhere")
        let unrelated = "notes.tmp-abcdef"
        let frame = "frame_00000.png"
        for name in [dead, live, unnamed, otherHostFresh, otherHostStale, unrelated, frame] {
            try Data([1]).write(to: folder.appendingPathComponent(name))
        }
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-2 * InFlightFiles.otherHostGrace)],
                                              ofItemAtPath: folder.appendingPathComponent(otherHostStale).path)
        XCTAssertEqual(Set(InFlightFiles.sweep(folder)), [dead, unnamed, otherHostStale])
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)),
                       [live, otherHostFresh, unrelated, frame])
    }
}
