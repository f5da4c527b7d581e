import XCTest
import CARender

/// The Core Graphics subset: exact coverage makes exact pixels for axis-aligned edges, so each
/// expectation here follows from Core Graphics' documented geometry (y-up bitmap contexts, the
/// CTM, gradients interpolated component by component).
final class CGContextTests: XCTestCase {
    private func bitmap(_ w: Int, _ h: Int) -> CGContext {
        CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    }

    private func pixel(_ ctx: CGContext, _ x: Int, _ y: Int) -> RGBA8 { ctx.makeImage()!.image[x, y] }

    func testBitmapContextIsYUp() {
        let ctx = bitmap(20, 20)
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 5))       // the bottom five rows
        XCTAssertEqual(pixel(ctx, 10, 19), RGBA8(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(pixel(ctx, 10, 14), RGBA8(r: 0, g: 0, b: 0, a: 0))
    }

    func testCTMAndGraphicsStateSaveRestore() {
        let ctx = bitmap(40, 40)
        ctx.translateBy(x: 0, y: 40)
        ctx.scaleBy(x: 2, y: -2)                                  // y-down points at 2×
        ctx.saveGState()
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.translateBy(x: 5, y: 5)
        ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))        // pixels 10…20
        ctx.restoreGState()
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))        // black again, at the origin: pixels 0…4
        XCTAssertEqual(pixel(ctx, 15, 15), RGBA8(r: 0, g: 0, b: 255, a: 255))
        XCTAssertEqual(pixel(ctx, 9, 15), RGBA8(r: 0, g: 0, b: 0, a: 0))
        XCTAssertEqual(pixel(ctx, 3, 3), RGBA8(r: 0, g: 0, b: 0, a: 255))
        XCTAssertEqual(pixel(ctx, 4, 4), RGBA8(r: 0, g: 0, b: 0, a: 0))
    }

    func testStrokeWidthIsInUserSpace() {
        let ctx = bitmap(40, 40)
        ctx.scaleBy(x: 2, y: 2)
        ctx.setLineWidth(3)                                      // 6 pixels
        ctx.move(to: CGPoint(x: 5, y: 10))
        ctx.addLine(to: CGPoint(x: 15, y: 10))
        ctx.strokePath()
        // y = 10 pt is pixel row 20 from the bottom; the stroke covers rows 17…23 from the bottom.
        for row in 17..<23 { XCTAssertEqual(pixel(ctx, 20, 39 - row).a, 255, "row \(row) from the bottom") }
        XCTAssertEqual(pixel(ctx, 20, 39 - 23).a, 0)
        XCTAssertEqual(pixel(ctx, 20, 39 - 16).a, 0)
        XCTAssertTrue(ctx.isPathEmpty, "stroking consumes the path")
    }

    func testClipLimitsLaterDrawingUntilRestore() {
        let ctx = bitmap(20, 20)
        ctx.saveGState()
        ctx.clip(to: CGRect(x: 0, y: 0, width: 10, height: 20))
        ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        ctx.restoreGState()
        XCTAssertEqual(pixel(ctx, 5, 5).g, 255)
        XCTAssertEqual(pixel(ctx, 15, 5).a, 0)
        ctx.fill(CGRect(x: 15, y: 0, width: 5, height: 20))
        XCTAssertEqual(pixel(ctx, 17, 5).a, 255, "the clip ends with the restore")
    }

    func testLinearGradientMixesComponentsAlongTheAxis() {
        let ctx = bitmap(100, 4)
        let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                  colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)],
                                  locations: [0, 1])!
        ctx.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 100, y: 0), options: [])
        for x in [0, 25, 50, 99] {
            let t = (Double(x) + 0.5) / 100
            let p = pixel(ctx, x, 1)
            XCTAssertEqual(Double(p.r), 255 * (1 - t), accuracy: 1.01, "x = \(x)")
            XCTAssertEqual(Double(p.b), 255 * t, accuracy: 1.01, "x = \(x)")
        }
    }

    func testRadialGradientBetweenConcentricCircles() {
        let ctx = bitmap(100, 100)
        let gradient = CGGradient(colorsSpace: nil, colors: [CGColor(gray: 1, alpha: 1), CGColor(gray: 0, alpha: 1)],
                                  locations: nil as [CGFloat]?)!
        ctx.drawRadialGradient(gradient, startCenter: CGPoint(x: 50, y: 50), startRadius: 10,
                               endCenter: CGPoint(x: 50, y: 50), endRadius: 40, options: [])
        // Pixel (80, 49) (y-up centre (80.5, 50.5)): 30.5 from the centre, t = (30.5 − 10) / 30.
        let t = ((30.5 * 30.5 + 0.5 * 0.5).squareRoot() - 10) / 30
        XCTAssertEqual(Double(pixel(ctx, 80, 49).r), 255 * (1 - t), accuracy: 1.01)
        XCTAssertEqual(pixel(ctx, 50, 49).a, 0, "inside the start circle, without drawsBeforeStartLocation")
        XCTAssertEqual(pixel(ctx, 2, 2).a, 0, "outside the end circle, without drawsAfterEndLocation")
    }

    func testImagesAreDrawnUpInUserSpace() {
        var pixels = RGBAImage(width: 2, height: 2)
        pixels[0, 0] = RGBA8(r: 255, g: 0, b: 0, a: 255)      // top row red
        pixels[1, 0] = RGBA8(r: 255, g: 0, b: 0, a: 255)
        pixels[0, 1] = RGBA8(r: 0, g: 0, b: 255, a: 255)      // bottom row blue
        pixels[1, 1] = RGBA8(r: 0, g: 0, b: 255, a: 255)
        let ctx = bitmap(20, 20)
        ctx.interpolationQuality = .none
        ctx.draw(CGImage(image: pixels), in: CGRect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertEqual(pixel(ctx, 10, 1), RGBA8(r: 255, g: 0, b: 0, a: 255), "the image's top row at the top")
        XCTAssertEqual(pixel(ctx, 10, 18), RGBA8(r: 0, g: 0, b: 255, a: 255))
    }

    func testDrawInContextMakesTheContents() {
        final class Disc: CALayer {
            override func draw(in ctx: CGContext) {
                ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                ctx.fillEllipse(in: bounds)
            }
        }
        let stage = Stage(width: 40, height: 40)
        let layer = Disc()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.contentsScale = 2
        stage.rootLayer.addSublayer(layer)
        layer.setNeedsDisplay()
        stage.advance(to: 0.1)
        let image = layer.contents as? CGImage
        XCTAssertEqual(image?.width, 80, "bounds × contentsScale")
        let frame = stage.render()
        XCTAssertEqual(frame[20, 20], RGBA8(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(frame[1, 1].a, 0)
    }

    func testSnapshotWithRenderInContext() {
        let view = UIView(frame: CGRect(x: 100, y: 100, width: 20, height: 10))
        view.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        let inner = UIView(frame: CGRect(x: 10, y: 0, width: 10, height: 10))
        inner.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        view.addSubview(inner)
        UIGraphicsBeginImageContextWithOptions(view.bounds.size, true, 2)
        view.layer.render(in: UIGraphicsGetCurrentContext()!)
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        XCTAssertEqual(image?.size, CGSize(width: 20, height: 10))
        XCTAssertEqual(image?.cgImage?.width, 40)
        XCTAssertEqual(image?.cgImage?.image[5, 5], RGBA8(r: 0, g: 255, b: 0, a: 255))
        XCTAssertEqual(image?.cgImage?.image[30, 5], RGBA8(r: 0, g: 0, b: 255, a: 255))
        XCTAssertNil(UIGraphicsGetCurrentContext())
    }
}
