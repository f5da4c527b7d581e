import XCTest
import CARender

/// `isGeometryFlipped`: a layer places its sublayers upside down within its bounds; images keep
/// their orientation (H-CALayer).
final class GeometryFlippedTests: XCTestCase {
    func testConversionThroughAFlippedSuperlayer() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        parent.position = CGPoint(x: 100, y: 100)
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        child.position = CGPoint(x: 100, y: 50)
        parent.addSublayer(child)
        XCTAssertEqual(child.convert(CGPoint.zero, to: parent), CGPoint(x: 75, y: 25))
        parent.isGeometryFlipped = true
        XCTAssertEqual(child.convert(CGPoint.zero, to: parent), CGPoint(x: 75, y: 175))
        XCTAssertEqual(child.convert(CGRect(x: 0, y: 0, width: 50, height: 50), to: parent), CGRect(x: 75, y: 125, width: 50, height: 50), "y 25…75 becomes 125…175")
        XCTAssertEqual(parent.hitTest(CGPoint(x: 100, y: 170)), child)
        XCTAssertEqual(parent.hitTest(CGPoint(x: 100, y: 30)), parent)
    }

    func testSublayersAreDrawnUpsideDownButImagesStayUpright() {
        let stage = Stage(width: 20, height: 20)
        let flipped = CALayer()
        flipped.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        flipped.isGeometryFlipped = true
        stage.rootLayer.addSublayer(flipped)
        let top = CALayer()
        top.frame = CGRect(x: 0, y: 0, width: 10, height: 5)   // "top" in the flipped space
        top.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        flipped.addSublayer(top)
        var pixels = RGBAImage(width: 1, height: 2)
        pixels[0, 0] = RGBA8(r: 0, g: 255, b: 0, a: 255)   // green on top
        pixels[0, 1] = RGBA8(r: 0, g: 0, b: 255, a: 255)   // blue below
        let picture = CALayer()
        picture.frame = CGRect(x: 10, y: 0, width: 10, height: 20)
        picture.contents = CGImage(image: pixels)
        picture.magnificationFilter = .nearest
        flipped.addSublayer(picture)
        XCTAssertTrue(picture.contentsAreFlipped())
        let image = stage.render()
        XCTAssertEqual(image[5, 17], RGBA8(r: 255, g: 0, b: 0, a: 255), "the sublayer moved to the bottom")
        XCTAssertEqual(image[5, 2].a, 0)
        XCTAssertEqual(image[15, 2], RGBA8(r: 0, g: 255, b: 0, a: 255), "the image's top row is still on top")
        XCTAssertEqual(image[15, 17], RGBA8(r: 0, g: 0, b: 255, a: 255))
    }
}
