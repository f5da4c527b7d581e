import Foundation
import XCTest
import CARender
@testable import CARenderGeometry
@testable import CARenderRaster
@testable import CARenderModel
@testable import CARenderCompositor
import CARenderTestSupport

/// Turned and tilted rounded-rectangle shadows are read from a texture of the shape's blur,
/// sampled bilinearly through the layer's inverse map; and a layer composited as a group draws
/// its shadow beneath the group's offscreen instead of inside it.
final class ShadowTextureTests: XCTestCase {
    /// The texture's bilinear samples against the closed form it was built from, between texels
    /// as well as on them: its step of σ/8 keeps them within 1/255, whatever the corner and the
    /// blur (a small shape under a wide blur bends most).
    func testTextureMatchesTheClosedFormBetweenItsTexels() {
        let cache = ShadowCache()
        // Masks 15 and 0 give shapes symmetric about both midlines (folded textures), 3 (the
        // two min-Y corners) one symmetric left to right only, 1 one symmetric about neither.
        let cases: [(w: Double, h: Double, r: Double, continuous: Bool, sigma: Double, mask: UInt)] = [
            (99, 74, 12, false, 6, 15), (99, 74, 12, true, 12, 15), (30, 20, 6, false, 0.7, 15),
            (16, 12, 5, false, 7, 15), (200, 40, 0, false, 3, 15), (40, 40, 20, true, 2, 15),
            (115, 79, 12, false, 2.5, 15), (115, 79, 12, false, 2.5, 3), (60, 45, 9, true, 4, 1),
            (115, 79, 20, false, 9, 3),
        ]
        for c in cases {
            let corners = CornerShape(width: c.w, height: c.h, radius: c.r, mask: c.mask, continuous: c.continuous)
            let margin = 3 * c.sigma
            guard let texture = cache.texture(width: c.w, height: c.h, corners: corners, sigma: c.sigma, margin: margin) else {
                XCTFail("no texture for \(c)")
                continue
            }
            let horizontal = cache.profile(length: c.w, sigma: c.sigma), vertical = cache.profile(length: c.h, sigma: c.sigma)
            let table = c.r > 0 ? cache.corner(continuous: corners.continuous, radius: corners.radii.max(), sigma: c.sigma) : nil
            let r = corners.radii
            let exact = BlurredRoundedRect(width: Float(c.w), height: Float(c.h), horizontal: horizontal.lookup,
                                           vertical: vertical.lookup, corner: table?.lookup,
                                           rounded: SIMD4(r.x > 0 ? 1 : 0, r.y > 0 ? 1 : 0, r.z > 0 ? 1 : 0, r.w > 0 ? 1 : 0))
            let lookup = texture.lookup
            var worst: Float = 0, compared = 0
            // A grid not commensurate with the texture's, so samples fall everywhere between texels.
            let step = c.sigma / ShadowTexture.stepsPerSigma * 0.37
            var v = -margin
            while v <= c.h + margin {
                var u = -margin
                while u <= c.w + margin {
                    let expected = max(0, exact.value(Float(u), Float(v)))
                    worst = max(worst, abs(lookup.value(Float(u), Float(v)) - expected))
                    compared += 1
                    u += step
                }
                v += step
            }
            withExtendedLifetime((horizontal, vertical, table, texture)) {}
            XCTAssertGreaterThan(compared, 1000)
            XCTAssertLessThanOrEqual(worst * 255, 1, "largest texture error in 1/255 for \(c)")
        }
    }

    func testTextureLookupOutsideTheGridAndAtNaNReadsTheBorder() {
        let cache = ShadowCache()
        let corners = CornerShape(width: 30, height: 20, radius: 6, mask: 15, continuous: false)
        let texture = cache.texture(width: 30, height: 20, corners: corners, sigma: 2, margin: 6)!
        let lookup = texture.lookup
        XCTAssertEqual(lookup.value(-1e9, 10), 0, accuracy: 0.002)
        XCTAssertEqual(lookup.value(1e9, 1e9), 0, accuracy: 0.002)
        XCTAssertEqual(lookup.value(.nan, .nan), 0, accuracy: 0.002)
        XCTAssertEqual(lookup.value(15, 10), 1, accuracy: 0.002, "the middle of the shape is fully in its shadow")
    }

    func testTexturesStayWithinTheirBudget() {
        let cache = ShadowCache()
        let corners = CornerShape(width: 200, height: 200, radius: 0, mask: 15, continuous: false)
        // About 0.8 MB each: the cache drops them all rather than grow past its budget.
        for k in 0..<80 {
            let sigma = 4 + Double(k) / 64
            XCTAssertNotNil(cache.texture(width: 200, height: 200, corners: corners, sigma: sigma, margin: 3 * sigma))
        }
        XCTAssertLessThanOrEqual(cache.textureByteCount, ShadowCache.textureBudget)
        // A blur far narrower than an asymmetric shape gets no texture (the closed form draws
        // it); a symmetric shape's folded texture holds only a corner's neighbourhood.
        let oneCorner = CornerShape(width: 4000, height: 3000, radius: 4, mask: 1, continuous: false)
        XCTAssertNil(cache.texture(width: 4000, height: 3000, corners: oneCorner, sigma: 0.5, margin: 1.5))
        let large = cache.texture(width: 4000, height: 3000, corners: corners, sigma: 0.5, margin: 1.5)
        XCTAssertLessThan(large?.byteCount ?? .max, 20_000)
    }

    /// A shape symmetric about both midlines keeps one corner's neighbourhood: for a dashboard
    /// card, less than a fifth of the texels of the same shape with one corner square.
    func testSymmetricShapesFoldTheirTexture() {
        let cache = ShadowCache()
        let sigma = 2.5, margin = 3 * sigma
        let rounded = CornerShape(width: 115, height: 79, radius: 12, mask: 15, continuous: false)
        let threeCorners = CornerShape(width: 115, height: 79, radius: 12, mask: 7, continuous: false)
        let folded = cache.texture(width: 115, height: 79, corners: rounded, sigma: sigma, margin: margin)!
        let whole = cache.texture(width: 115, height: 79, corners: threeCorners, sigma: sigma, margin: margin)!
        XCTAssertEqual(folded.layout.foldU, 115)
        XCTAssertEqual(folded.layout.foldV, 79)
        XCTAssertEqual(whole.layout.foldU, .infinity)
        XCTAssertEqual(whole.layout.foldV, .infinity)
        XCTAssertLessThan(folded.byteCount * 5, whole.byteCount)
        // Both read the same blur where the shapes agree: along the bottom-right corner's edges.
        let a = folded.lookup, b = whole.lookup
        for (u, v) in [(57.5, -3.0), (-2.0, 39.5), (112.0, 40.0), (60.0, 80.0), (1.5, 1.5), (-4.0, -4.0), (57.5, 39.5)] {
            XCTAssertEqual(a.value(Float(u), Float(v)), b.value(Float(u), Float(v)), accuracy: 0.002, "at \(u), \(v)")
        }
        // Across the mirror lines, lane by lane as one at a time.
        let us = SIMD4<Float>(-8, 57.5, 100, 200), vs = SIMD4<Float>(79, 10, 39.5, .nan)
        let four = a.values(us, vs)
        for k in 0..<4 { XCTAssertEqual(four[k], a.value(us[k], vs[k])) }
        XCTAssertEqual(four[3], 0, accuracy: 0.002)
    }

    // MARK: Group opacity

    /// A card with content, a border and a shadow, turned and fading, composited as a group: the
    /// same pixels as the card drawn at full opacity on a transparent canvas, then blended onto
    /// the background with the opacity — which is what group opacity means.
    private func checkGroup(transform: CATransform3D, opacity: Float, size: (Int, Int) = (90, 70),
                            file: StaticString = #filePath, line: UInt = #line) {
        func card(_ opacity: Float) -> RenderNode {
            Draw.layer(25, 20, 40, 28, Draw.blue, sublayers: [Draw.layer(5, 5, 30, 10, Draw.red)]) { s in
                s.cornerRadius = 7
                s.borderWidth = 1.5
                s.borderColor = Draw.green
                s.shadowOpacity = 0.7
                s.shadowRadius = 5
                s.shadowOffset = CGSize(width: 3, height: 5)
                s.shadowColor = CGColor(gray: 0, alpha: 1)
                s.opacity = opacity
                s.transform = transform
            }
        }
        let w = Double(size.0), h = Double(size.1)
        let background = (r: 240.0, g: 230.0, b: 200.0)
        let grouped = Compositor().render(Draw.root(w, h, CGColor(red: 240 / 255, green: 230 / 255, blue: 200 / 255, alpha: 1),
                                                    [card(opacity)]),
                                          width: size.0, height: size.1, scale: 1)
        let alone = Compositor().render(Draw.root(w, h, nil, [card(1)]), width: size.0, height: size.1, scale: 1)
        var worst = 0.0, shadowed = 0
        for p in 0..<(size.0 * size.1) {
            let a = Double(alone.bytes[4 * p + 3]) * Double(opacity)
            if alone.bytes[4 * p + 3] > 0 { shadowed += 1 }
            let k = 1 - a / 255
            let expected = [Double(alone.bytes[4 * p]) * Double(opacity) + background.r * k,
                            Double(alone.bytes[4 * p + 1]) * Double(opacity) + background.g * k,
                            Double(alone.bytes[4 * p + 2]) * Double(opacity) + background.b * k]
            for c in 0..<3 { worst = max(worst, abs(Double(grouped.bytes[4 * p + c]) - expected[c])) }
        }
        XCTAssertGreaterThan(shadowed, size.0 * size.1 / 3, file: file, line: line)
        XCTAssertLessThanOrEqual(worst, 2, "largest difference in 1/255", file: file, line: line)
    }

    func testGroupOpacityOfAShadowedCardIsTheCardBlendedOnce() {
        checkGroup(transform: CATransform3DIdentity, opacity: 0.6)
    }

    func testGroupOpacityOfATurnedShadowedCard() {
        checkGroup(transform: Draw.rotation(33, 0, 0, 1), opacity: 0.45)
    }

    func testGroupOpacityOfATiltedShadowedCard() {
        checkGroup(transform: CATransform3DConcat(Draw.rotation(50, 0, 1, 0), Draw.perspective(150)), opacity: 0.8)
    }
}

/// The brute-force Gaussian checks of `ShadowTests`, on the texture path: turned and tilted
/// cards, small and large blurs, and a card composited as a group.
extension ShadowTests {
    private static var content: RenderNode { Draw.layer(6, 5, 18, 8, Draw.red) }

    func testTurnedCardWithAWideBlurFromTheTexture() {
        check(frame: CGRect(x: 45, y: 40, width: 30, height: 20), radius: 6, sigma: 9, offset: CGSize(width: 3, height: 5),
              rotation: 60, size: (120, 100), configure: { s in s.borderWidth = 1; s.borderColor = Draw.blue },
              sublayers: [Self.content])
    }

    func testTurnedCardWithASmallBlurFromTheTexture() {
        check(frame: CGRect(x: 15, y: 13, width: 30, height: 20), radius: 5, sigma: 1.2, offset: CGSize(width: 2, height: 2),
              rotation: 135, sublayers: [Self.content], areaSampled: true)
    }

    /// Turned almost edge-on under strong perspective, where the Float projection of the
    /// painter meets its largest coordinates: a card with all corners rounded (a folded
    /// texture) and one with only two (the whole shape's texture).
    func testCardTurnedAlmostEdgeOnInPerspective() {
        let tilt = CATransform3DConcat(Draw.rotation(78, 0, 1, 0), Draw.perspective(60))
        check(frame: CGRect(x: 40, y: 30, width: 40, height: 30), radius: 8, sigma: 3, offset: CGSize(width: 0, height: 4),
              transform: tilt, size: (120, 90), sublayers: [Self.content])
        var twoCorners = Outline()
        twoCorners.addRoundedRect(x0: 0, y0: 0, x1: 40, y1: 30,
                                  corners: CornerShape(width: 40, height: 30, radius: 8, mask: 3, continuous: false),
                                  tolerance: 0.002)
        check(frame: CGRect(x: 40, y: 30, width: 40, height: 30), radius: 8, sigma: 5, offset: CGSize(width: 3, height: 4),
              transform: CATransform3DConcat(Draw.rotation(-75, 1, 0.2, 0), Draw.perspective(100)), size: (120, 90),
              configure: { s in s.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner] },
              sublayers: [Self.content], shadowShape: twoCorners)
    }

    /// Square and rounded corners mixed on a card that is only moved: rows near the top and the
    /// bottom each take the deficits of their own rounded corners, left and right apart.
    func testAxisAlignedCardWithDiagonalCornersRounded() {
        var shape = Outline()
        shape.addRoundedRect(x0: 0, y0: 0, x1: 34, y1: 22,
                             corners: CornerShape(width: 34, height: 22, radius: 9, mask: 9, continuous: false),
                             tolerance: 0.002)
        check(frame: CGRect(x: 13, y: 12, width: 34, height: 22), radius: 9, sigma: 3.5, offset: CGSize(width: 2, height: 3),
              configure: { s in s.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner] },
              sublayers: [Self.content], shadowShape: shape)
        // A short card: every row reaches both the top and the bottom corners.
        var short = Outline()
        short.addRoundedRect(x0: 0, y0: 0, x1: 30, y1: 10,
                             corners: CornerShape(width: 30, height: 10, radius: 5, mask: 7, continuous: false),
                             tolerance: 0.002)
        check(frame: CGRect(x: 15, y: 20, width: 30, height: 10), radius: 5, sigma: 4, offset: CGSize(width: 0, height: 2),
              configure: { s in s.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner] },
              shadowShape: short)
    }

    func testTiltedContinuousCardWithAWideBlurAtScaleTwo() {
        check(frame: CGRect(x: 40, y: 35, width: 40, height: 30), radius: 9, continuous: true, sigma: 6,
              offset: CGSize(width: 0, height: 4), scale: 2,
              transform: CATransform3DConcat(Draw.rotation(40, 0, 1, 0), Draw.perspective(200)),
              size: (120, 100), sublayers: [Self.content])
    }

    func testFadingTurnedCardCastsItsShadowThroughTheGroup() {
        // Opacity 0.5 with a sublayer: a group, whose shadow is drawn beneath its offscreen.
        check(frame: CGRect(x: 30, y: 28, width: 30, height: 20), radius: 6, sigma: 4, offset: CGSize(width: 2, height: 3),
              rotation: 20, size: (90, 76), configure: { s in s.opacity = 0.5 }, sublayers: [Self.content],
              shapeAlpha: 0.5)
    }
}
