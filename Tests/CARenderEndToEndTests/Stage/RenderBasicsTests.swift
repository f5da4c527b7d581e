import CARender
import XCTest

/// End-to-end checks of what `Stage.render()` draws for plain rectangles.
final class RenderBasicsTests: XCTestCase {
    func testTransparentStageWithoutRootBackground() {
        let stage = Stage(width: 4, height: 3)
        let image = stage.render()
        XCTAssertEqual(image.width, 4)
        XCTAssertEqual(image.height, 3)
        XCTAssertTrue(image.bytes.allSatisfy { $0 == 0 })
    }

    func testAntialiasedCoverageOfAFractionalRectangleIsItsExactArea() {
        // A white rectangle from (1.25, 0.5) to (3.75, 2.25) on a transparent stage: each pixel's
        // alpha is the area of the pixel square it covers.
        let stage = Stage(width: 5, height: 3)
        let layer = CALayer()
        layer.frame = CGRect(x: 1.25, y: 0.5, width: 2.5, height: 1.75)
        layer.backgroundColor = CGColor(gray: 1, alpha: 1)
        stage.rootLayer.addSublayer(layer)
        let image = stage.render()
        func overlap(_ i: Int, _ lo: Double, _ hi: Double) -> Double {
            max(0, min(hi, Double(i + 1)) - max(lo, Double(i)))
        }
        for y in 0..<3 {
            for x in 0..<5 {
                let area = overlap(x, 1.25, 3.75) * overlap(y, 0.5, 2.25)
                let expected = Int((area * 255).rounded())
                XCTAssertEqual(Int(image[x, y].a), expected, accuracy: 1, "alpha at (\(x), \(y))")
                if area > 0 {
                    XCTAssertEqual(image[x, y].r, 255, "straight colour stays white at (\(x), \(y))")
                }
            }
        }
    }

    func testScaleMultipliesPixels() {
        let stage = Stage(width: 4, height: 2)
        stage.scale = 2
        let layer = CALayer()
        layer.frame = CGRect(x: 1, y: 0, width: 1, height: 1)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        stage.rootLayer.addSublayer(layer)
        let image = stage.render()
        XCTAssertEqual(image.width, 8)
        XCTAssertEqual(image.height, 4)
        XCTAssertEqual(image[2, 0], RGBA8(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(image[3, 1], RGBA8(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(image[1, 0].a, 0)
        XCTAssertEqual(image[4, 0].a, 0)
        XCTAssertEqual(image[2, 2].a, 0)
    }

    func testSourceOverInSRGBOnPremultipliedColour() {
        // Half-transparent red over opaque blue: (0.5·255, 0, 0.5·255), opaque, blended in sRGB values.
        let stage = Stage(width: 2, height: 2)
        stage.rootLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 2, height: 2)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        stage.rootLayer.addSublayer(layer)
        let pixel = stage.render()[1, 1]
        XCTAssertEqual(Int(pixel.r), 128, accuracy: 1)
        XCTAssertEqual(pixel.g, 0)
        XCTAssertEqual(Int(pixel.b), 128, accuracy: 1)
        XCTAssertEqual(pixel.a, 255)
    }

    func testHiddenLayersAndTheirSublayersDrawNothing() {
        let stage = Stage(width: 4, height: 4)
        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        child.backgroundColor = CGColor(gray: 0, alpha: 1)
        parent.addSublayer(child)
        stage.rootLayer.addSublayer(parent)
        parent.isHidden = true
        XCTAssertEqual(stage.render()[2, 2].a, 0)
        CATransaction.setDisableActions(true)   // `hidden` would otherwise animate implicitly
        parent.isHidden = false
        XCTAssertEqual(stage.render()[2, 2].a, 255)
    }
}
