import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderText
@testable import CARenderStage

/// The tool's own text: captions under contact-sheet cells.
final class TextImageTests: XCTestCase {
    func testCaptionsAddABandOfTextBelowEachCell() {
        var sheet = ContactSheet(columns: 2, gap: 1)
        var frame = RGBAImage(width: 60, height: 20)
        for y in 0..<20 { for x in 0..<60 { frame[x, y] = RGBA8(r: 0, g: 0, b: 255, a: 255) } }
        sheet.append(frame, caption: "#0  0.000 s")
        sheet.append(frame, caption: "#1  0.017 s")
        let image = sheet.image()
        XCTAssertEqual(image.height, 20 + ContactSheet.captionHeight + 2)
        XCTAssertEqual(image.width, 2 * 60 + 3)
        // The band under each cell holds light ink on the dark background, centred.
        for cell in 0..<2 {
            let left = 1 + cell * 61
            var ink: [Int] = []
            for y in 21..<(21 + ContactSheet.captionHeight) {
                for x in left..<(left + 60) where image[x, y].r > 120 { ink.append(x - left) }
            }
            XCTAssertFalse(ink.isEmpty, "cell \(cell) has a caption")
            let centre = Double(ink.min()! + ink.max()!) / 2
            XCTAssertEqual(centre, 30, accuracy: 2)
        }
        // The frames themselves are untouched.
        XCTAssertEqual(image[30, 10], RGBA8(r: 0, g: 0, b: 255, a: 255))
    }

    func testTextImageIsDeterministicAndCentred() {
        let a = TextImage.line("Frame 12", size: 12, color: CGColor(gray: 0, alpha: 1), width: 80, height: 16)
        let b = TextImage.line("Frame 12", size: 12, color: CGColor(gray: 0, alpha: 1), width: 80, height: 16)
        XCTAssertEqual(a.bytes, b.bytes)
        XCTAssertTrue(a.bytes.contains { $0 != 0 })
    }
}
