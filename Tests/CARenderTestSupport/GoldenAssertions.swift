import CARender
import CARenderTesting
import XCTest

/// Golden-frame checks against the project's `golden/<name>/<time>.png`, through the assertion
/// users call (record with CARENDER_RECORD_GOLDEN, after looking at the frames).
package enum Golden {
    package static let folder = Fixtures.repositoryRoot.appendingPathComponent("golden")

    package static func assertMatches(_ image: RGBAImage, name: String, time: Double,
                              tolerance: GoldenTolerance = GoldenTolerance(),
                              file: StaticString = #filePath, function: StaticString = #function, line: UInt = #line) {
        assertGolden(image, named: GoldenStore.name(name, time: time), tolerance: tolerance, in: .folder(folder),
                     filePath: file, function: function, line: line)
    }
}
