import CARender
import CARenderGolden
import CARenderTestSupport
import XCTest

final class GoldenStoreTests: XCTestCase {
    private func image(shade: UInt8, width: Int = 10, height: Int = 10) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height { for x in 0..<width { image[x, y] = RGBA8(r: shade, g: 40, b: 90, a: 255) } }
        return image
    }

    private func store(_ folder: URL, _ mode: GoldenRecordMode) -> GoldenStore {
        GoldenStore(root: folder.appendingPathComponent("golden"), recordMode: mode,
                    artifacts: folder.appendingPathComponent("artifacts"))
    }

    func testMissingReferenceIsRecordedAndStillFails() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = image(shade: 100)

        let never = try store(folder, .never).check(base, named: "scene")
        guard case .missing(let url) = never else { return XCTFail("mode never only compares: \(never)") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
        XCTAssertTrue(never.failureMessage(rerecord: "RERECORD")!.contains("RERECORD"))

        let first = try store(folder, .missing).check(base, named: "scene")
        guard case .recorded(let recorded, _) = first else { return XCTFail("a missing reference is recorded: \(first)") }
        XCTAssertEqual(recorded.lastPathComponent, "scene.png")
        XCTAssertFalse(first.isSuccess, "a check that records does not pass")
        XCTAssertTrue(first.failureMessage(rerecord: "")!.hasPrefix("recorded \(recorded.path)"))
        XCTAssertTrue(first.failureMessage(rerecord: "")!.hasSuffix("look at it and re-run"))
        XCTAssertEqual(try RGBAImage(contentsOfPNG: recorded), base)

        let second = try store(folder, .missing).check(base, named: "scene")
        XCTAssertTrue(second.isSuccess, "\(second)")
        XCTAssertNil(second.failureMessage(rerecord: ""))
    }

    func testToleranceAndTheMismatchReport() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = image(shade: 100, width: 20, height: 10)
        _ = try store(folder, .all).check(base, named: "scene")
        let compare = store(folder, .never)

        // Two pixels off by 2 (within the default channel tolerance): still a match.
        var near = base
        near[0, 0].r = 102
        near[5, 5].r = 98
        XCTAssertTrue(try compare.check(near, named: "scene").isSuccess)

        // Pixels off by 3 and 60 out of 200: over the default 0.1% share.
        var far = base
        far[3, 4].r = 103
        far[12, 7].b = 30
        let outcome = try compare.check(far, named: "scene")
        guard case .mismatched(let mismatch) = outcome, let difference = mismatch.imageDifference else {
            return XCTFail("pixels over tolerance are a mismatch: \(outcome)")
        }
        XCTAssertEqual(difference.pixelsOverTolerance, 2)
        XCTAssertEqual(difference.maximumChannelDifference, 60)
        XCTAssertEqual(difference.region, ImageDifference.Region(minX: 3, minY: 4, maxX: 12, maxY: 7))
        XCTAssertEqual(difference.meanDifferenceOverTolerance, 31.5)
        let message = outcome.failureMessage(rerecord: "CARENDER_RECORD_GOLDEN=failed swift test --filter X")!
        XCTAssertTrue(message.contains("2 of 200 pixels (1%) differ by more than 2/255 (largest 60, mean 32) within x 3…12, y 4…7 (10×4 px); at most 0.1% may differ"), message)
        XCTAssertTrue(message.contains("re-record: CARENDER_RECORD_GOLDEN=failed swift test --filter X"), message)

        // The artifacts: actual, expected, and the expected image faded behind the marked pixels.
        let names = mismatch.artifacts.map(\.lastPathComponent)
        XCTAssertEqual(names, ["scene-actual.png", "scene-expected.png", "scene-diff.png"])
        XCTAssertEqual(try RGBAImage(contentsOfPNG: mismatch.artifacts[0]), far)
        XCTAssertEqual(try RGBAImage(contentsOfPNG: mismatch.artifacts[1]), base)
        let diff = try RGBAImage(contentsOfPNG: mismatch.artifacts[2])
        // An unchanged pixel (100, 40, 90) at a quarter of its contrast on white.
        XCTAssertEqual(diff[0, 1], RGBA8(r: 216, g: 201, b: 214, a: 255))
        // Differing pixels in magenta, stronger for the larger difference.
        XCTAssertEqual(diff[3, 4], RGBA8(r: 129, g: 0, b: 129, a: 255))
        XCTAssertEqual(diff[12, 7], RGBA8(r: 157, g: 0, b: 157, a: 255))

        XCTAssertTrue(try compare.check(far, named: "scene", tolerance: GoldenTolerance(channel: 60)).isSuccess)
        let small = try compare.check(RGBAImage(width: 3, height: 3), named: "scene")
        guard case .mismatched(let sized) = small else { return XCTFail("size differences are reported") }
        XCTAssertEqual(sized.summary, "the reference is 20×10 pixels, the image 3×3")
    }

    func testRecordModesFailedAndAll() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = image(shade: 100), changed = image(shade: 200)
        _ = try store(folder, .all).check(base, named: "a/b")
        let url = store(folder, .never).url(named: "a/b")

        let failed = try store(folder, .failed).check(changed, named: "a/b")
        guard case .recorded(_, let reason) = failed else { return XCTFail("mode failed re-records a mismatch: \(failed)") }
        XCTAssertTrue(reason.hasPrefix("it differed: 100 of 100 pixels"), reason)
        XCTAssertEqual(try RGBAImage(contentsOfPNG: url), changed)
        XCTAssertTrue(try store(folder, .failed).check(changed, named: "a/b").isSuccess, "mode failed leaves matches alone")

        let all = try store(folder, .all).check(changed, named: "a/b")
        guard case .recorded = all else { return XCTFail("mode all records matches too") }
        XCTAssertFalse(all.isSuccess)
    }

    func testRecordModeFromTheEnvironment() throws {
        let key = GoldenRecordMode.environmentVariable
        XCTAssertEqual(try GoldenRecordMode.fromEnvironment([:]), .missing)
        XCTAssertEqual(try GoldenRecordMode.fromEnvironment([key: "1"]), .all)
        XCTAssertEqual(try GoldenRecordMode.fromEnvironment([key: "failed"]), .failed)
        XCTAssertEqual(try GoldenRecordMode.fromEnvironment([key: "Never"]), .never)
        XCTAssertThrowsError(try GoldenRecordMode.fromEnvironment([key: "allways"])) { error in
            XCTAssertEqual("\(error)", "CARENDER_RECORD_GOLDEN=allways is not a record mode; use all, missing, failed or never")
        }
    }

    func testLayouts() {
        let root = GoldenStore.besideTestFile("/p/Tests/AppTests/CardTests.swift")
        XCTAssertEqual(root.path, "/p/Tests/AppTests/__Goldens__/CardTests")
        let store = GoldenStore(root: URL(fileURLWithPath: "/p/golden"))
        XCTAssertEqual(store.url(name: "hello", time: 0.6).path, "/p/golden/hello/0.600.png")
        XCTAssertEqual(store.url(named: "slide", extension: "csv").path, "/p/golden/slide.csv")
        XCTAssertEqual(GoldenStore.defaultArtifactsRoot(environment: ["CARENDER_GOLDEN_ARTIFACTS": "/tmp/x"]).path, "/tmp/x")
    }
}
