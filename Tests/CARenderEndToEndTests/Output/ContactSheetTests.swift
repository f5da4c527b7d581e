import CARender
import XCTest

final class ContactSheetTests: XCTestCase {
    private func solid(_ w: Int, _ h: Int, _ p: RGBA8) -> RGBAImage {
        var image = RGBAImage(width: w, height: h)
        for y in 0..<h { for x in 0..<w { image[x, y] = p } }
        return image
    }

    func testCellsAreLaidOutRowByRowWithGaps() {
        var sheet = ContactSheet(columns: 2, shrink: 1, gap: 1, background: RGBA8(r: 0, g: 0, b: 0, a: 255))
        let colours = [RGBA8(r: 255, g: 0, b: 0, a: 255), RGBA8(r: 0, g: 255, b: 0, a: 255), RGBA8(r: 0, g: 0, b: 255, a: 255)]
        for c in colours { sheet.append(solid(3, 2, c)) }
        let image = sheet.image()
        XCTAssertEqual(image.width, 2 * 3 + 3 * 1)
        XCTAssertEqual(image.height, 2 * 2 + 3 * 1)
        XCTAssertEqual(image[1, 1], colours[0])
        XCTAssertEqual(image[5, 2], colours[1])
        XCTAssertEqual(image[1, 4], colours[2])
        XCTAssertEqual(image[4, 1], RGBA8(r: 0, g: 0, b: 0, a: 255), "gap between cells")
        XCTAssertEqual(image[6, 5], RGBA8(r: 0, g: 0, b: 0, a: 255), "empty cell shows the background")
    }

    func testShrinkAveragesPremultipliedColour() {
        // A 2×2 block: one opaque white pixel and three transparent ones → white at alpha 1/4
        // (premultiplied averaging keeps the colour white rather than darkening it).
        var frame = RGBAImage(width: 2, height: 2)
        frame[0, 0] = RGBA8(r: 255, g: 255, b: 255, a: 255)
        var sheet = ContactSheet(columns: 1, shrink: 2, gap: 0, background: RGBA8(r: 0, g: 0, b: 0, a: 255))
        sheet.append(frame)
        let pixel = sheet.image()[0, 0]
        XCTAssertEqual(Int(pixel.r), 64, accuracy: 1, "white at a quarter over black")
        XCTAssertEqual(ContactSheet.shrinkFactor(frameWidth: 1280, columns: 8), 3)
        XCTAssertEqual(ContactSheet.shrinkFactor(frameWidth: 100, columns: 4), 1)
    }
}
