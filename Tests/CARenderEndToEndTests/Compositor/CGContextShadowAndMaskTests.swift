import Foundation
import XCTest
import CARender

/// Core Graphics' context shadows, image masks and stroked paths, as `draw(in:)` code uses them
/// (KDCircularProgress's glow and masked gradient, UICircularProgressRing's gradient ring). Each
/// expectation follows from Apple's documentation: the Quartz 2D Programming Guide's "Shadows"
/// (black at 1/3 alpha by default, part of the graphics state, off with a nil colour), Technical
/// Q&A QA1706 (offsets in the context's base space: down in UIKit contexts, up in y-up bitmap
/// contexts), `CGContextSetShadowWithColor` ("a translation in base-space", so the CTM does not
/// move it), the blur as 2σ (WebKit hands CSS blur radii, 2σ by CSS's definition, to Core
/// Graphics unchanged), `CGContextReplacePathWithStrokedPath` ("filling it draws the same pixels
/// as stroking the original path") and `CGContextClipToMask`.
final class CGContextShadowAndMaskTests: XCTestCase {
    /// A UIKit image context of `size` points at `scale`: y down, as `draw(in:)` gets.
    private func uikitContext(_ size: CGSize, scale: CGFloat = 1) -> CGContext {
        UIGraphicsBeginImageContextWithOptions(size, false, scale)
        let ctx = UIGraphicsGetCurrentContext()!
        UIGraphicsEndImageContext()
        return ctx
    }

    private func bitmap(_ w: Int, _ h: Int) -> CGContext {
        CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    }

    private func Φ(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.0.squareRoot())) }

    /// The Gaussian (σ) of the box [lo, hi) sampled at `x`: one axis of a blurred rectangle.
    private func blurredBox(_ x: Double, _ lo: Double, _ hi: Double, sigma: Double) -> Double {
        Φ((hi - x) / sigma) - Φ((lo - x) / sigma)
    }

    func testShadowIsTheShapesGaussianOffsetInPointsBeneathTheDrawing() throws {
        // 2× UIKit context; blur 8 pt → σ = 4 pt = 8 px; offset (6, 4) pt → (12, 8) px, down.
        let ctx = uikitContext(CGSize(width: 100, height: 80), scale: 2)
        ctx.setShadow(offset: CGSize(width: 6, height: 4), blur: 8, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 20, y: 20, width: 40, height: 30))
        let image = try XCTUnwrap(ctx.makeImage()).image
        let sigma = 8.0
        var worst = 0.0, checked = 0
        for y in 0..<160 {
            for x in 0..<200 {
                let inside = x >= 40 && x < 120 && y >= 40 && y < 100
                let p = image[x, y]
                if inside {
                    XCTAssertEqual(p, RGBA8(r: 255, g: 0, b: 0, a: 255), "the drawing covers its shadow at \(x), \(y)")
                    continue
                }
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                let expected = blurredBox(cx, 52, 132, sigma: sigma) * blurredBox(cy, 48, 108, sigma: sigma)
                worst = max(worst, abs(Double(p.a) / 255 - expected))
                checked += 1
                XCTAssertEqual(p.r, 0)
                XCTAssertEqual(p.g, 0)
            }
        }
        XCTAssertGreaterThan(checked, 20_000)
        XCTAssertLessThanOrEqual(worst * 255, 2, "largest difference from the Gaussian of the offset rectangle")
        // Cast down and right: more shadow below the drawing than above it.
        XCTAssertGreaterThan(image[80, 104].a, 150)
        XCTAssertLessThan(image[80, 36].a, 30)
    }

    func testAWideBlurIsStillTheShapesGaussian() throws {
        // σ = 25 px: wide enough to be blurred on a coarser plane.
        let ctx = uikitContext(CGSize(width: 240, height: 200))
        ctx.setShadow(offset: CGSize(width: -5, height: 10), blur: 50, color: CGColor(gray: 0, alpha: 1))
        ctx.setFillColor(CGColor(gray: 0, alpha: 1))
        ctx.fill(CGRect(x: 90, y: 70, width: 60, height: 50))
        let image = try XCTUnwrap(ctx.makeImage()).image
        var worst = 0.0
        for y in 0..<200 {
            for x in 0..<240 where !(x >= 90 && x < 150 && y >= 70 && y < 120) {
                let expected = blurredBox(Double(x) + 0.5, 85, 145, sigma: 25)
                    * blurredBox(Double(y) + 0.5, 80, 130, sigma: 25)
                worst = max(worst, abs(Double(image[x, y].a) / 255 - expected))
            }
        }
        XCTAssertLessThanOrEqual(worst * 255, 2, "largest difference from the Gaussian of the offset rectangle")
    }

    func testDefaultShadowIsBlackAtOneThirdAndGoesUpInAYUpBitmapContext() throws {
        let ctx = bitmap(40, 40)
        ctx.setShadow(offset: CGSize(width: 0, height: 5), blur: 0)
        ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 10, y: 10, width: 20, height: 10))    // image rows 20…29
        let image = try XCTUnwrap(ctx.makeImage()).image
        // Positive height is upward in Core Graphics' y-up base space: image rows 15…19.
        XCTAssertEqual(image[20, 17], RGBA8(r: 0, g: 0, b: 0, a: 85))
        XCTAssertEqual(image[20, 14].a, 0)
        XCTAssertEqual(image[20, 25], RGBA8(r: 0, g: 255, b: 0, a: 255))
        XCTAssertEqual(image[20, 31].a, 0, "nothing below the drawing")
    }

    func testShadowOffsetAndBlurIgnoreTheCTM() throws {
        let ctx = uikitContext(CGSize(width: 40, height: 30))
        ctx.scaleBy(x: 3, y: 3)
        ctx.setShadow(offset: CGSize(width: 4, height: 0), blur: 0, color: CGColor(gray: 0, alpha: 1))
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 2, y: 2, width: 4, height: 4))        // device 6…18
        let image = try XCTUnwrap(ctx.makeImage()).image
        // 4 base units = 4 pixels, not 12: the shadow spans 10…22.
        XCTAssertEqual(image[20, 10], RGBA8(r: 0, g: 0, b: 0, a: 255))
        XCTAssertEqual(image[23, 10].a, 0)
        XCTAssertEqual(image[12, 10], RGBA8(r: 255, g: 0, b: 0, a: 255))
    }

    func testShadowBelongsToTheGraphicsStateAndANilColourTurnsItOff() throws {
        let ctx = uikitContext(CGSize(width: 60, height: 20))
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.saveGState()
        ctx.setShadow(offset: CGSize(width: 0, height: 4), blur: 0, color: CGColor(gray: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        ctx.restoreGState()
        ctx.fill(CGRect(x: 20, y: 0, width: 10, height: 10))
        ctx.setShadow(offset: CGSize(width: 0, height: 4), blur: 0, color: nil)
        ctx.fill(CGRect(x: 40, y: 0, width: 10, height: 10))
        let image = try XCTUnwrap(ctx.makeImage()).image
        XCTAssertEqual(image[5, 12].a, 255, "shadowed while set")
        XCTAssertEqual(image[25, 12].a, 0, "restoring the state removed it")
        XCTAssertEqual(image[45, 12].a, 0, "a nil colour turns it off")
    }

    func testInnerShadowComesFromTheUnclippedShapeAndIsClipped() throws {
        // The inner-shadow idiom: clip to a rectangle, fill everything around it (even-odd) with
        // a shadow. The fill is clipped away; its shadow falls inside.
        let ctx = uikitContext(CGSize(width: 40, height: 40))
        let hole = CGRect(x: 10, y: 10, width: 20, height: 20)
        ctx.addRect(hole)
        ctx.clip()
        ctx.setShadow(offset: CGSize(width: 0, height: 6), blur: 0, color: CGColor(gray: 0, alpha: 1))
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.addRect(CGRect(x: 0, y: 0, width: 40, height: 40))
        ctx.addRect(hole)
        ctx.fillPath(using: .evenOdd)
        let image = try XCTUnwrap(ctx.makeImage()).image
        XCTAssertEqual(image[20, 12], RGBA8(r: 0, g: 0, b: 0, a: 255), "the frame's shadow falls 6 px into the hole")
        XCTAssertEqual(image[20, 17].a, 0)
        XCTAssertEqual(image[5, 5].a, 0, "the frame itself is clipped away")
        XCTAssertEqual(image[20, 35].a, 0, "and so is its shadow below the hole")
    }

    func testClipToMaskMapsTheImageLikeDrawImageAndUsesItsAlpha() throws {
        // A mask made as KDCircularProgress makes it: drawn in a UIKit image context.
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 10), false, 1)
        let maskContext = try XCTUnwrap(UIGraphicsGetCurrentContext())
        maskContext.setFillColor(CGColor(gray: 0, alpha: 1))
        maskContext.fill(CGRect(x: 0, y: 0, width: 10, height: 5))        // its top half
        maskContext.setFillColor(CGColor(gray: 0, alpha: 0.5))
        maskContext.fill(CGRect(x: 0, y: 5, width: 5, height: 5))         // bottom left, half
        let mask = try XCTUnwrap(maskContext.makeImage())
        UIGraphicsEndImageContext()

        let ctx = uikitContext(CGSize(width: 20, height: 10))
        ctx.clip(to: CGRect(x: 0, y: 0, width: 10, height: 10), mask: mask)
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        let image = try XCTUnwrap(ctx.makeImage()).image
        // The image's first row goes to the rectangle's max-y side, which in a y-down context is
        // its bottom: the mask appears upside down (as KDCircularProgress's angles allow for).
        XCTAssertEqual(image[5, 8], RGBA8(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(image[2, 2], RGBA8(r: 255, g: 0, b: 0, a: 128))
        XCTAssertEqual(image[7, 2].a, 0)
        XCTAssertEqual(image[15, 5].a, 0, "nothing outside the mask's rectangle")
    }

    func testClipToAnOpaqueGreyMaskUsesItsGreyLevels() throws {
        let maskContext = CGContext(data: nil, width: 4, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                                    space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue)!
        maskContext.setFillColor(CGColor(gray: 0, alpha: 1))
        maskContext.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        maskContext.setFillColor(CGColor(gray: 1, alpha: 1))
        maskContext.fill(CGRect(x: 2, y: 0, width: 2, height: 1))
        let mask = try XCTUnwrap(maskContext.makeImage())
        let ctx = bitmap(40, 10)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 40, height: 10), mask: mask)
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 10))
        let image = try XCTUnwrap(ctx.makeImage()).image
        XCTAssertEqual(image[5, 5].a, 0, "black masks out")
        XCTAssertEqual(image[35, 5], RGBA8(r: 0, g: 0, b: 255, a: 255), "white lets through")
    }

    func testFillingTheStrokedPathDrawsTheStrokesPixels() throws {
        func draw(_ body: (CGContext) -> Void) throws -> RGBAImage {
            let ctx = uikitContext(CGSize(width: 60, height: 60), scale: 2)
            ctx.setLineWidth(7)
            ctx.setLineCap(.round)
            ctx.setLineJoin(.round)
            ctx.setLineDash(phase: 3, lengths: [14, 6])
            ctx.setStrokeColor(CGColor(red: 0.2, green: 0.4, blue: 1, alpha: 1))
            ctx.setFillColor(CGColor(red: 0.2, green: 0.4, blue: 1, alpha: 1))
            ctx.addArc(center: CGPoint(x: 30, y: 30), radius: 20, startAngle: -.pi / 2, endAngle: .pi, clockwise: false)
            ctx.addLine(to: CGPoint(x: 30, y: 30))
            body(ctx)
            return try XCTUnwrap(ctx.makeImage()).image
        }
        let stroked = try draw { $0.strokePath() }
        let filled = try draw { ctx in
            ctx.replacePathWithStrokedPath()
            ctx.fillPath()
        }
        var worst = 0
        for y in 0..<120 {
            for x in 0..<120 { worst = max(worst, abs(Int(stroked[x, y].a) - Int(filled[x, y].a))) }
        }
        XCTAssertLessThanOrEqual(worst, 1, "filling the stroked path covers what stroking covers")
        XCTAssertGreaterThan((0..<120).map { Int(stroked[$0, 60].a) }.reduce(0, +), 0, "the dashed ring was drawn")
    }

    func testStrokedPathBoundsAndGradientClip() throws {
        let ctx = uikitContext(CGSize(width: 60, height: 40))
        ctx.setLineWidth(8)
        ctx.move(to: CGPoint(x: 10, y: 20))
        ctx.addLine(to: CGPoint(x: 50, y: 20))
        ctx.replacePathWithStrokedPath()
        let box = ctx.boundingBoxOfPath
        XCTAssertEqual(box.minX, 10, accuracy: 1e-9)
        XCTAssertEqual(box.minY, 16, accuracy: 1e-9)
        XCTAssertEqual(box.width, 40, accuracy: 1e-9)
        XCTAssertEqual(box.height, 8, accuracy: 1e-9)
        // UICircularProgressRing's gradient ring: clip to the stroke, then fill with a gradient.
        ctx.clip()
        let gradient = try XCTUnwrap(CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                                colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                                         CGColor(red: 0, green: 0, blue: 1, alpha: 1)] as CFArray,
                                                locations: [0, 1]))
        ctx.drawLinearGradient(gradient, start: CGPoint(x: 10, y: 0), end: CGPoint(x: 50, y: 0), options: [])
        let image = try XCTUnwrap(ctx.makeImage()).image
        XCTAssertEqual(image[10, 20].r, 252, "red end, half a pixel into the ramp: (1 − 0.5/40) × 255")
        XCTAssertEqual(image[49, 20].b, 252)
        XCTAssertEqual(image[30, 14].a, 0, "nothing beyond the stroke")
        XCTAssertEqual(image[30, 25].a, 0)
    }
}
