import CARender
import XCTest

/// Golden-frame checks against `golden/<name>/<time>.png` (record with CARENDER_RECORD_GOLDEN=1,
/// after looking at the frames).
enum Golden {
    static let store = GoldenStore(root: Fixtures.repositoryRoot.appendingPathComponent("golden"))

    static func assertMatches(_ image: RGBAImage, name: String, time: Double,
                              tolerance: GoldenTolerance = GoldenTolerance(),
                              file: StaticString = #filePath, line: UInt = #line) {
        do {
            let outcome = try store.check(image, name: name, time: time, tolerance: tolerance)
            switch outcome {
            case .matched, .recorded:
                break
            case .missing(let url):
                XCTFail("no golden frame at \(url.path); look at the frame, then record it with CARENDER_RECORD_GOLDEN=1", file: file, line: line)
            case .sizeMismatch(let expected, let actual, let url):
                XCTFail("\(url.lastPathComponent): golden is \(expected.0)×\(expected.1), frame is \(actual.0)×\(actual.1)", file: file, line: line)
            case .mismatched(let difference, let url, let artifacts):
                XCTFail("""
                    \(name) at \(time) s differs from \(url.path): \(difference.pixelsOverTolerance) of \
                    \(difference.pixelCount) pixels over \(tolerance.channel)/255 (max \(difference.maximumChannelDifference)); \
                    actual frame and difference picture in \(artifacts.path)
                    """, file: file, line: line)
            }
        } catch {
            XCTFail("golden check of \(name) at \(time) s failed: \(error)", file: file, line: line)
        }
    }
}
