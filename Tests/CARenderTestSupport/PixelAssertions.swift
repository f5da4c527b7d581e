import CARender
import XCTest

/// Asserts a pixel's channels are within `tolerance` of `expected` (straight RGBA, 0…255).
package func XCTAssertPixel(_ image: RGBAImage, _ x: Int, _ y: Int, _ expected: (Double, Double, Double, Double),
                            tolerance: Double = 1.01, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    let p = image[x, y]
    let got = [Double(p.r), Double(p.g), Double(p.b), Double(p.a)]
    let want = [expected.0, expected.1, expected.2, expected.3]
    for c in 0..<4 where abs(got[c] - want[c]) > tolerance {
        XCTFail("pixel (\(x), \(y)) is \(p), expected \(want) ± \(tolerance) \(message)", file: file, line: line)
        return
    }
}

extension RGBA8 {
    package var isWhite: Bool { r == 255 && g == 255 && b == 255 && a == 255 }
}
