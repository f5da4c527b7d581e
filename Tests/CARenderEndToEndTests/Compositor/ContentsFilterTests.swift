import CARender
import XCTest

/// `magnificationFilter`/`minificationFilter = .nearest` sample the nearest image pixel.
final class ContentsFilterTests: XCTestCase {
    /// A 2×1 image (black, white) stretched over 8×4 pixels.
    private func render(filter: CALayerContentsFilter) -> RGBAImage {
        var pixels = RGBAImage(width: 2, height: 1)
        pixels[0, 0] = RGBA8(r: 0, g: 0, b: 0, a: 255)
        pixels[1, 0] = RGBA8(r: 255, g: 255, b: 255, a: 255)
        let stage = Stage(width: 8, height: 4)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 8, height: 4)
        layer.contents = CGImage(image: pixels)
        layer.magnificationFilter = filter
        stage.rootLayer.addSublayer(layer)
        return stage.render()
    }

    func testNearestMagnificationKeepsHardPixels() {
        let image = render(filter: .nearest)
        for x in 0..<8 {
            XCTAssertEqual(image[x, 2].r, x < 4 ? 0 : 255, "column \(x)")
        }
    }

    func testLinearMagnificationBlends() {
        let image = render(filter: .linear)
        XCTAssertEqual(image[0, 2].r, 0, "edge pixels extend outward")
        XCTAssertEqual(image[7, 2].r, 255)
        // Pixel 3's centre (3.5 px) samples image x = 3.5 / 4 − 0.5 = 0.375 → 0.375 of the way to white.
        XCTAssertEqual(Int(image[3, 2].r), Int((0.375 * 255).rounded()), accuracy: 1)
    }
}
