import Foundation
import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderRaster
@testable import CARenderModel
@testable import CARenderCompositor

/// Shadows against a brute-force Gaussian: within 2/255 at every pixel, whichever way the
/// compositor computes them (closed form for a plain outline, blurred alpha otherwise).
///
/// The reference integrates the shadow shape row by row: each thin row of the shape (found by
/// intersecting a finely flattened outline) contributes its Gaussian weight across rows times the
/// exact Gaussian integral along the row. A black shadow over white then reads 255 × (1 − α).
final class ShadowTests: XCTestCase {
    /// Opacity × (Gaussian of `sigma` ∗ shape)(q), with `shape` in the same units as `q`.
    struct BruteForceShadow {
        var rows: [(y: Double, x0: Double, x1: Double)] = []
        let step: Double
        let sigma: Double
        let opacity: Double

        init(shape: Outline, sigma: Double, opacity: Double, step: Double = 0.05) {
            self.sigma = sigma
            self.opacity = opacity
            self.step = step
            let b = shape.bounds!
            var y = b.minY + step / 2
            while y < b.maxY {
                var lo = Double.infinity, hi = -Double.infinity
                let n = shape.pointCount
                for i in 0..<n {
                    let j = (i + 1) % n
                    let (ya, yb) = (shape.ys[i], shape.ys[j])
                    guard (ya - y) * (yb - y) <= 0, ya != yb else { continue }
                    let x = shape.xs[i] + (y - ya) / (yb - ya) * (shape.xs[j] - shape.xs[i])
                    lo = min(lo, x); hi = max(hi, x)
                }
                if hi > lo { rows.append((y, lo, hi)) }
                y += step
            }
        }

        func alpha(_ qx: Double, _ qy: Double) -> Double {
            var sum = 0.0
            for row in rows where abs(row.y - qy) < 6 * sigma {
                sum += step * gaussian(qy - row.y, sigma: sigma)
                    * (normalCDF((qx - row.x0) / sigma) - normalCDF((qx - row.x1) / sigma))
            }
            return opacity * sum
        }
    }

    /// Renders one white layer with a black shadow on white and checks every pixel whose centre
    /// is at least `margin` points outside the layer (where nothing covers the shadow) — or every
    /// pixel when the layer draws nothing opaque itself.
    func check(frame: CGRect, radius: Double = 0, continuous: Bool = false, sigma: Double,
                       offset: CGSize, opacity: Float = 0.8, scale: Double = 1, rotation: Double = 0,
                       transform: CATransform3D? = nil,
                       size: (Int, Int) = (60, 50), layerCoversShadow: Bool = true,
                       configure: (inout LayerState) -> Void = { _ in }, sublayers: [RenderNode] = [],
                       shadowShape: Outline? = nil, shapeAlpha: Double = 1, alsoCovered: CGRect? = nil,
                       areaSampled: Bool = false,
                       file: StaticString = #filePath, line: UInt = #line) {
        var layer = Draw.layer(frame.minX, frame.minY, frame.width, frame.height, Draw.white) { s in
            s.cornerRadius = radius
            s.cornerCurve = continuous ? .continuous : .circular
            s.shadowOpacity = opacity
            s.shadowRadius = sigma
            s.shadowOffset = offset
            s.shadowColor = CGColor(gray: 0, alpha: 1)
            s.transform = transform ?? CATransform3DMakeRotation(rotation * .pi / 180, 0, 0, 1)
        }
        configure(&layer.state)
        layer.sublayers = sublayers
        let w = Double(size.0), h = Double(size.1)
        let image = Draw.render(Draw.root(w, h, Draw.white, [layer]), Int(w * scale), Int(h * scale), scale: scale)

        var shape = shadowShape ?? Outline()
        if shadowShape == nil {
            let corners = CornerShape(width: frame.width, height: frame.height, radius: radius, mask: 15, continuous: continuous)
            shape.addRoundedRect(x0: 0, y0: 0, x1: frame.width, y1: frame.height, corners: corners, tolerance: 0.002)
        }
        let reference = BruteForceShadow(shape: shape, sigma: sigma, opacity: Double(opacity) * shapeAlpha,
                                         step: sigma > 6 ? 0.1 : 0.05)
        // Device pixel centre → layer bounds space, through the inverse of the layer's plane map.
        let toDevice = ProjectiveMap(flattening: layer.state.mappingToSuperlayer(nil)).then(.scale(scale))
        let toLayer = toDevice.inverted()!
        var checked = 0, worst = 0.0
        for py in 0..<image.height {
            for px in 0..<image.width {
                let q = toLayer.apply(Double(px) + 0.5, Double(py) + 0.5)
                guard q.w > 0 else { continue }
                let u = q.x / q.w, v = q.y / q.w
                if layerCoversShadow {
                    let m = 2.5 / scale
                    if u > -m && u < frame.width + m && v > -m && v < frame.height + m { continue }
                    if let c = alsoCovered, u > c.minX - m && u < c.maxX + m && v > c.minY - m && v < c.maxY + m { continue }
                }
                var a = reference.alpha(u - Double(offset.width), v - Double(offset.height))
                if areaSampled {
                    // A blur narrower than a pixel: what the pixel shows is the blurred shape's
                    // mean over its square, here over 4 × 4 points.
                    a = 0
                    for sy in 0..<4 {
                        for sx in 0..<4 {
                            let p = toLayer.apply(Double(px) + (Double(sx) + 0.5) / 4, Double(py) + (Double(sy) + 0.5) / 4)
                            a += reference.alpha(p.x / p.w - Double(offset.width), p.y / p.w - Double(offset.height)) / 16
                        }
                    }
                }
                let expected = 255 * (1 - a)
                let p = image[px, py]
                let error = max(abs(Double(p.r) - expected), abs(Double(p.g) - expected), abs(Double(p.b) - expected))
                worst = max(worst, error)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 500, file: file, line: line)
        XCTAssertLessThanOrEqual(worst, 2, "largest error in 1/255", file: file, line: line)
    }

    func testRectangleShadowIsAGaussian() {
        check(frame: CGRect(x: 15, y: 12, width: 30, height: 20), sigma: 3, offset: CGSize(width: 4, height: 5))
    }

    func testRoundedRectangleShadow() {
        check(frame: CGRect(x: 14, y: 14, width: 32, height: 22), radius: 8, sigma: 4, offset: CGSize(width: 0, height: -3))
    }

    func testLargeBlurOfASmallRoundedRectangle() {
        check(frame: CGRect(x: 22, y: 19, width: 16, height: 12), radius: 5, sigma: 7, offset: CGSize(width: 2, height: 2),
              opacity: 1, size: (60, 50))
    }

    func testContinuousCornerShadowAtScaleTwo() {
        // shadowRadius is in points: 2.5 pt is 5 px at scale 2.
        check(frame: CGRect(x: 12, y: 10, width: 26, height: 20), radius: 5, continuous: true, sigma: 2.5,
              offset: CGSize(width: 2, height: 3), scale: 2, size: (50, 40))
    }

    func testShadowTurnsWithTheLayer() {
        // Offset and blur live in the layer's space: rotating the layer rotates its shadow.
        check(frame: CGRect(x: 16, y: 14, width: 28, height: 18), radius: 6, sigma: 3,
              offset: CGSize(width: 3, height: 4), rotation: 30)
    }

    func testShadowUnderPerspectiveStaysInTheLayersPlane() {
        // The layer's own transform turns it 35° about y with m34 = −1/120: the blur and offset
        // happen in its plane and are projected with it.
        check(frame: CGRect(x: 14, y: 13, width: 32, height: 24), radius: 7, sigma: 3,
              offset: CGSize(width: 2, height: 4),
              transform: CATransform3DConcat(CATransform3DMakeRotation(35 * .pi / 180, 0, 1, 0),
                                             CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                                           m31: 0, m32: 0, m33: 1, m34: -1.0 / 120,
                                                           m41: 0, m42: 0, m43: 0, m44: 1)))
    }

    func testShadowOfCompositedSublayers() {
        // No background: the shadow is cast by the alpha of what the layer composites (here a
        // sublayer filling its bounds), through the general blur.
        check(frame: CGRect(x: 15, y: 12, width: 30, height: 20), sigma: 3, offset: CGSize(width: 3, height: 4),
              configure: { s in s.backgroundColor = nil },
              sublayers: [Draw.layer(0, 0, 30, 20, Draw.white)])
    }

    func testWideBlurOfCompositedAlphaIsComputedAtReducedResolution() {
        // σ = 12 pt: the general blur works on a half-resolution plane and upsamples.
        check(frame: CGRect(x: 45, y: 40, width: 30, height: 20), sigma: 12, offset: CGSize(width: 4, height: 6),
              size: (120, 100), configure: { s in s.backgroundColor = nil },
              sublayers: [Draw.layer(0, 0, 30, 20, Draw.white)])
    }

    func testShadowPathCastsTheShadow() {
        // A shadow path on a layer that draws nothing: every pixel is shadow.
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 4, y: 3))
        path.addLine(to: CGPoint(x: 26, y: 3))
        path.addLine(to: CGPoint(x: 15, y: 19))
        path.closeSubpath()
        var triangle = Outline()
        triangle.add(4, 3); triangle.add(26, 3); triangle.add(15, 19); triangle.closeContour()
        check(frame: CGRect(x: 15, y: 12, width: 30, height: 22), sigma: 2.5, offset: CGSize(width: 2, height: 2),
              layerCoversShadow: false, configure: { s in s.backgroundColor = nil; s.shadowPath = path },
              shadowShape: triangle)
    }

    // MARK: Layers with content

    /// A content sublayer well inside the card's rounded outline.
    private static var content: RenderNode { Draw.layer(6, 5, 18, 8, Draw.red) }

    func testCardWithContentCastsItsOutlinesShadow() {
        // Opaque background, border and a sublayer inside: the composite alpha is the rounded
        // outline, whose shadow is drawn in closed form.
        check(frame: CGRect(x: 15, y: 13, width: 30, height: 20), radius: 6, sigma: 3, offset: CGSize(width: 2, height: 3),
              rotation: 25, configure: { s in s.borderWidth = 1.5; s.borderColor = Draw.blue },
              sublayers: [Self.content])
    }

    func testCardWithContentUnderPerspective() {
        check(frame: CGRect(x: 14, y: 13, width: 32, height: 24), radius: 7, continuous: true, sigma: 3,
              offset: CGSize(width: 2, height: 4),
              transform: CATransform3DConcat(CATransform3DMakeRotation(40 * .pi / 180, 1, 0, 0),
                                             CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                                           m31: 0, m32: 0, m33: 1, m34: -1.0 / 120,
                                                           m41: 0, m42: 0, m43: 0, m44: 1)),
              sublayers: [Self.content])
    }

    func testCardWithContentAndAWideBlur() {
        check(frame: CGRect(x: 45, y: 40, width: 30, height: 20), radius: 5, sigma: 12, offset: CGSize(width: 4, height: 6),
              size: (120, 100), sublayers: [Self.content])
    }

    func testCardWithContentAndANarrowBlur() {
        // Narrower than a pixel: compared with the blurred outline's mean over each pixel.
        check(frame: CGRect(x: 15, y: 13, width: 30, height: 20), radius: 4, sigma: 0.6, offset: CGSize(width: 3, height: 3),
              rotation: 10, sublayers: [Self.content], areaSampled: true)
    }

    func testSublayerReachingOutOfTheCardCastsItsOwnShadowToo() {
        // The composite alpha is the union of the card and the part of the sublayer outside it,
        // so the shadow is blurred from the rendered alpha.
        var union = Outline()
        for (x, y) in [(0.0, 0.0), (30, 0), (30, 5), (40, 5), (40, 15), (30, 15), (30, 20), (0, 20)] { union.add(x, y) }
        union.closeContour()
        check(frame: CGRect(x: 12, y: 14, width: 30, height: 20), sigma: 2.5, offset: CGSize(width: 2, height: 3),
              size: (70, 50), sublayers: [Draw.layer(20, 5, 20, 10, Draw.white)], shadowShape: union,
              alsoCovered: CGRect(x: 20, y: 5, width: 20, height: 10))
    }

    func testTranslucentContentsCastAShadowOfTheirAlpha() {
        // Contents of alpha 0.5 over no background: a half-strength shadow of the bounds, blurred
        // from the rendered alpha, turned with the layer.
        var pixels = RGBAImage(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { pixels[x, y] = RGBA8(r: 255, g: 255, b: 255, a: 128) } }
        let picture = CGImage(image: pixels)
        var bounds = Outline()
        bounds.addRect(x0: 0, y0: 0, x1: 30, y1: 20)
        check(frame: CGRect(x: 15, y: 13, width: 30, height: 20), sigma: 3, offset: CGSize(width: 3, height: 3),
              rotation: 15, configure: { s in s.backgroundColor = nil; s.contents = picture },
              shadowShape: bounds, shapeAlpha: 128.0 / 255)
    }

    func testMasksToBoundsRemovesTheShadow() {
        let layer = Draw.layer(20, 20, 20, 20, Draw.white) { s in
            s.shadowOpacity = 1; s.shadowRadius = 2; s.shadowOffset = CGSize(width: 5, height: 5); s.masksToBounds = true
        }
        let image = Draw.render(Draw.root(60, 60, Draw.white, [layer]), 60, 60)
        XCTAssertTrue(image[43, 43].isWhite)
        XCTAssertTrue(image[30, 42].isWhite)
    }
}
