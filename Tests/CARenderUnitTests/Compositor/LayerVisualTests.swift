import Foundation
import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderModel
import CARenderTestSupport

/// What one layer draws (shadow, background, contents, sublayers, border), checked against hand-computed pixel values.
final class LayerVisualTests: XCTestCase {
    func testBackgroundCoverageAtFractionalEdges() {
        // x from 10.25 to 30.75: the edge pixels are 3/4 covered; red over white.
        let layer = Draw.layer(10.25, 4, 20.5, 10, Draw.red)
        let image = Draw.render(Draw.root(40, 20, Draw.white, [layer]), 40, 20)
        XCTAssertPixel(image, 10, 8, (255, 63.75, 63.75, 255))
        XCTAssertPixel(image, 30, 8, (255, 63.75, 63.75, 255))
        XCTAssertPixel(image, 20, 8, (255, 0, 0, 255))
        XCTAssertPixel(image, 9, 8, (255, 255, 255, 255))
    }

    func testStageBackgroundIsTransparentWithoutRootColour() {
        let image = Draw.render(Draw.root(10, 10, nil, [Draw.layer(0, 0, 5, 10, Draw.red)]), 10, 10)
        XCTAssertPixel(image, 8, 5, (0, 0, 0, 0))
        XCTAssertPixel(image, 2, 5, (255, 0, 0, 255))
    }

    func testSemiTransparentColoursBlendPremultipliedInSRGB() {
        let layer = Draw.layer(0, 0, 10, 10, CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        let image = Draw.render(Draw.root(10, 10, Draw.red, [layer]), 10, 10)
        XCTAssertPixel(image, 5, 5, (127.5, 0, 127.5, 255))
    }

    func testCornerRadiusRoundsAndIsClamped() {
        func render(_ radius: Double) -> RGBAImage {
            Draw.render(Draw.root(80, 60, Draw.white, [Draw.layer(10, 10, 60, 40, Draw.blue) { $0.cornerRadius = radius }]), 80, 60)
        }
        let clamped = render(100), half = render(20)
        XCTAssertEqual(clamped, half, "a radius beyond half the shorter side draws as half of it")
        // Corner circle centred 20 pt in: the pixel at (1.5, 1.5) from the corner lies outside,
        // the one at (6.5, 6.5) inside.
        XCTAssertTrue(half[11, 11].isWhite)
        XCTAssertPixel(half, 16, 16, (0, 0, 255, 255))
        XCTAssertPixel(half, 40, 10, (0, 0, 255, 255))
    }

    func testMaskedCornersRoundOnlyTheSelectedCorners() {
        let layer = Draw.layer(10, 10, 40, 30, Draw.blue) { s in
            s.cornerRadius = 12
            s.maskedCorners = [.layerMaxXMinYCorner, .layerMinXMaxYCorner]
        }
        let image = Draw.render(Draw.root(60, 50, Draw.white, [layer]), 60, 50)
        XCTAssertPixel(image, 10, 10, (0, 0, 255, 255), "top-left stays square")
        XCTAssertTrue(image[49, 10].isWhite, "top-right is rounded")
        XCTAssertTrue(image[10, 39].isWhite, "bottom-left is rounded")
        XCTAssertPixel(image, 49, 39, (0, 0, 255, 255), "bottom-right stays square")
    }

    func testContinuousCornerBeginsFurtherAlongTheEdge() {
        // A circular corner of radius 20 meets the edge 20 pt from the vertex; the continuous one
        // curves away from ~1.53 × 20 pt, so the edge pixel at 18–19 pt is not yet full there.
        func render(_ curve: CALayerCornerCurve) -> RGBAImage {
            Draw.render(Draw.root(120, 120, Draw.white, [Draw.layer(0, 0, 120, 120, Draw.blue) { s in
                s.cornerRadius = 20; s.cornerCurve = curve
            }]), 120, 120)
        }
        let circular = render(.circular), continuous = render(.continuous)
        XCTAssertPixel(circular, 22, 0, (0, 0, 255, 255))
        XCTAssertGreaterThan(Int(continuous[22, 0].r), 10, "the continuous curve has already left the edge")
        XCTAssertPixel(continuous, 32, 0, (0, 0, 255, 255))
        XCTAssertPixel(circular, 32, 0, (0, 0, 255, 255))
    }

    func testBorderIsInsideTheBoundsAndAboveSublayers() {
        let child = Draw.layer(0, 0, 40, 40, Draw.green)
        let layer = Draw.layer(10, 10, 40, 40, Draw.red, sublayers: [child]) { s in
            s.borderWidth = 4; s.borderColor = Draw.blue
        }
        let image = Draw.render(Draw.root(60, 60, Draw.white, [layer]), 60, 60)
        XCTAssertPixel(image, 11, 30, (0, 0, 255, 255), "border over the sublayer")
        XCTAssertPixel(image, 13, 30, (0, 0, 255, 255))
        XCTAssertPixel(image, 14, 30, (0, 255, 0, 255), "inside the 4 pt border: the sublayer")
        XCTAssertTrue(image[9, 30].isWhite, "nothing outside the bounds")
    }

    func testBorderFollowsRoundedCornersWithoutGaps() {
        // Background and border share the outer edge: no background shows outside the border,
        // and the inner corner radius is cornerRadius − borderWidth.
        let layer = Draw.layer(10, 10, 40, 40, Draw.red) { s in
            s.cornerRadius = 10; s.borderWidth = 3; s.borderColor = Draw.blue
        }
        let image = Draw.render(Draw.root(60, 60, Draw.white, [layer]), 60, 60)
        for y in 10..<50 {
            for x in 10..<50 {
                let p = image[x, y]
                // Any pixel touched by the background's edge is also touched by the border.
                if p.r > 0 && p.b == 0 && !(p.g == 0) { XCTFail("background leaks at (\(x), \(y)): \(p)") }
            }
        }
        // Both corner circles are centred (10, 10) into the layer: outer radius 10, inner 7. The
        // pixel spanning 4…5 pt from the vertex lies 7.07…8.49 pt from the centre: all border.
        XCTAssertPixel(image, 10 + 4, 10 + 4, (0, 0, 255, 255))
        XCTAssertPixel(image, 10 + 15, 10 + 15, (255, 0, 0, 255))
        XCTAssertPixel(image, 10 + 20, 10 + 2, (0, 0, 255, 255))
        XCTAssertPixel(image, 10 + 20, 10 + 3, (255, 0, 0, 255))
    }

    func testIsHiddenHidesTheSubtree() {
        let layer = Draw.layer(0, 0, 20, 20, Draw.red, sublayers: [Draw.layer(0, 0, 10, 10, Draw.green)]) { $0.isHidden = true }
        let image = Draw.render(Draw.root(20, 20, Draw.white, [layer]), 20, 20)
        XCTAssertTrue(image[5, 5].isWhite)
        XCTAssertTrue(image[15, 15].isWhite)
    }

    func testMasksToBoundsClipsSublayersToRoundedBounds() {
        let child = Draw.layer(-20, -20, 100, 100, Draw.green)
        let layer = Draw.layer(10, 10, 40, 40, Draw.red, sublayers: [child]) { s in
            s.cornerRadius = 12; s.masksToBounds = true
        }
        let image = Draw.render(Draw.root(60, 60, Draw.white, [layer]), 60, 60)
        XCTAssertPixel(image, 30, 30, (0, 255, 0, 255))
        XCTAssertTrue(image[5, 30].isWhite, "outside the bounds")
        XCTAssertTrue(image[10, 10].isWhite, "outside the rounded corner")
        XCTAssertPixel(image, 10, 30, (0, 255, 0, 255), "the straight edge is pixel-aligned")
    }

    func testMaskLayerAlphaMultipliesTheLayer() {
        var layer = Draw.layer(0, 0, 40, 20, Draw.red, sublayers: [Draw.layer(0, 0, 40, 10, Draw.blue)])
        // Mask: opaque left half, half-transparent right half, in the layer's bounds space.
        let mask = Draw.layer(0, 0, 40, 20, nil, sublayers: [
            Draw.layer(0, 0, 20, 20, Draw.white),
            Draw.layer(20, 0, 20, 20, CGColor(gray: 0, alpha: 0.5)),
        ])
        layer.mask = [mask]
        let image = Draw.render(Draw.root(40, 20, Draw.white, [layer]), 40, 20)
        XCTAssertPixel(image, 10, 15, (255, 0, 0, 255))
        XCTAssertPixel(image, 10, 5, (0, 0, 255, 255))
        XCTAssertPixel(image, 30, 15, (255, 127.5, 127.5, 255))
        XCTAssertPixel(image, 30, 5, (127.5, 127.5, 255, 255))
    }

    func testGroupOpacityCompositesTheSubtreeOnce() {
        let children = [Draw.layer(0, 0, 20, 20, Draw.red), Draw.layer(10, 0, 20, 20, Draw.blue)]
        let group = Draw.layer(0, 0, 30, 20, nil, sublayers: children) { $0.opacity = 0.5 }
        let image = Draw.render(Draw.root(30, 20, Draw.white, [group]), 30, 20)
        // The overlap shows only the top child, at half opacity.
        XCTAssertPixel(image, 15, 10, (127.5, 127.5, 255, 255))
        XCTAssertPixel(image, 5, 10, (255, 127.5, 127.5, 255))
    }

    func testOpacityWithoutGroupMultipliesIntoEachDescendant() {
        let children = [Draw.layer(0, 0, 20, 20, Draw.red), Draw.layer(10, 0, 20, 20, Draw.blue)]
        let group = Draw.layer(0, 0, 30, 20, nil, sublayers: children) { s in s.opacity = 0.5; s.allowsGroupOpacity = false }
        let image = Draw.render(Draw.root(30, 20, Draw.white, [group]), 30, 20)
        // Blue at 0.5 over (red at 0.5 over white) = (127.5, 63.75, 191.25).
        XCTAssertPixel(image, 15, 10, (127.5, 63.75, 191.25, 255))
    }

    func testSubLayerOrderFollowsZPositionStably() {
        let a = Draw.layer(0, 0, 20, 20, Draw.red) { $0.zPosition = 1 }
        let b = Draw.layer(5, 0, 20, 20, Draw.green)
        let c = Draw.layer(10, 0, 20, 20, Draw.blue)
        let image = Draw.render(Draw.root(30, 20, Draw.white, [a, b, c]), 30, 20)
        XCTAssertPixel(image, 12, 10, (255, 0, 0, 255), "the highest zPosition draws last")
        XCTAssertPixel(image, 22, 10, (0, 0, 255, 255), "equal zPosition keeps sublayer order")
    }

    // MARK: - Contents

    private func image(_ pixels: [RGBA8], width: Int) -> CGImage {
        CGImage(image: RGBAImage(width: width, height: pixels.count / width,
                                 bytes: pixels.flatMap { [$0.r, $0.g, $0.b, $0.a] }))
    }

    private let red8 = RGBA8(r: 255, g: 0, b: 0, a: 255), green8 = RGBA8(r: 0, g: 255, b: 0, a: 255)
    private let blue8 = RGBA8(r: 0, g: 0, b: 255, a: 255)

    func testContentsResizeFiltersBilinearly() {
        let picture = image([red8, green8, blue8, blue8], width: 2)
        let layer = Draw.layer(0, 0, 20, 20) { $0.contents = picture }
        let out = Draw.render(Draw.root(20, 20, Draw.white, [layer]), 20, 20)
        // Texel centres land at 5 and 15; outside them the edge texels repeat.
        XCTAssertPixel(out, 2, 2, (255, 0, 0, 255))
        XCTAssertPixel(out, 17, 2, (0, 255, 0, 255))
        // Pixel 10 samples u = 0.55 between the two top texels.
        XCTAssertPixel(out, 10, 2, (114.75, 140.25, 0, 255))
        XCTAssertPixel(out, 10, 17, (0, 0, 255, 255))
    }

    func testContentsGravityPlacesWithoutScaling() {
        let picture = image([RGBA8](repeating: red8, count: 16), width: 4)
        func render(_ gravity: CALayerContentsGravity) -> RGBAImage {
            Draw.render(Draw.root(20, 20, Draw.white, [Draw.layer(0, 0, 20, 20) { s in
                s.contents = picture; s.contentsGravity = gravity
            }]), 20, 20)
        }
        let center = render(.center)
        XCTAssertPixel(center, 9, 9, (255, 0, 0, 255))
        XCTAssertTrue(center[7, 9].isWhite)
        XCTAssertTrue(center[12, 9].isWhite)
        // "top" is max Y in Core Animation's naming: the visual bottom on iOS.
        let topLeft = render(.topLeft)
        XCTAssertPixel(topLeft, 1, 17, (255, 0, 0, 255))
        XCTAssertTrue(topLeft[1, 1].isWhite)
        let bottomRight = render(.bottomRight)
        XCTAssertPixel(bottomRight, 18, 2, (255, 0, 0, 255))
        XCTAssertTrue(bottomRight[18, 17].isWhite)
    }

    func testContentsAspectGravities() {
        let picture = image([RGBA8](repeating: blue8, count: 8), width: 4)  // 4 × 2
        let fit = Draw.render(Draw.root(20, 20, Draw.white, [Draw.layer(0, 0, 20, 20) { s in
            s.contents = picture; s.contentsGravity = .resizeAspect
        }]), 20, 20)
        // Scaled by 5 to 20 × 10, centred: rows 5 ..< 15.
        XCTAssertTrue(fit[10, 4].isWhite)
        XCTAssertPixel(fit, 10, 5, (0, 0, 255, 255))
        XCTAssertPixel(fit, 10, 14, (0, 0, 255, 255))
        XCTAssertTrue(fit[10, 15].isWhite)
        let fill = Draw.render(Draw.root(40, 20, Draw.white, [Draw.layer(10, 5, 20, 10) { s in
            s.contents = picture; s.contentsGravity = .resizeAspectFill
        }]), 40, 20)
        // Scaled by 5 to 20 × 10: exactly the bounds here (aspect 2:1 both).
        XCTAssertPixel(fill, 12, 7, (0, 0, 255, 255))
        XCTAssertTrue(fill[5, 7].isWhite)
    }

    func testContentsRectSelectsPartOfTheImage() {
        let picture = image([red8, green8, green8, green8], width: 4)
        func render(_ rect: CGRect) -> RGBAImage {
            Draw.render(Draw.root(20, 10, Draw.white, [Draw.layer(0, 0, 20, 10) { s in
                s.contents = picture; s.contentsRect = rect
            }]), 20, 10)
        }
        let right = render(CGRect(x: 0.5, y: 0, width: 0.5, height: 1))
        for x in 0..<20 { XCTAssertPixel(right, x, 5, (0, 255, 0, 255)) }
        // The first quarter is the red texel stretched over the layer (filtering reaches into
        // its neighbour only near the far edge, as a texture lookup does).
        let left = render(CGRect(x: 0, y: 0, width: 0.25, height: 1))
        XCTAssertPixel(left, 2, 5, (255, 0, 0, 255))
        XCTAssertPixel(left, 9, 5, (255, 0, 0, 255))
    }

    func testContentsClippedByRoundedBoundsOnlyWithMasksToBounds() {
        let picture = image([red8], width: 1)
        func render(_ masks: Bool) -> RGBAImage {
            Draw.render(Draw.root(40, 40, Draw.white, [Draw.layer(0, 0, 40, 40) { s in
                s.contents = picture; s.cornerRadius = 15; s.masksToBounds = masks
            }]), 40, 40)
        }
        XCTAssertPixel(render(false), 0, 0, (255, 0, 0, 255), "corner radius alone does not clip contents")
        XCTAssertTrue(render(true)[0, 0].isWhite)
        XCTAssertPixel(render(true), 20, 20, (255, 0, 0, 255))
    }

    func testContentsCrossDissolveMixesTheTwoImages() {
        let before = image([red8], width: 1), after = image([blue8], width: 1)
        let out = Draw.render(Draw.root(20, 20, Draw.white, [Draw.layer(0, 0, 20, 10) { s in
            s.contents = after
            s.contentsCrossfade = ContentsCrossfade(from: before, fraction: 0.25)
        }, Draw.layer(0, 10, 20, 10) { s in
            s.contents = after
            s.contentsCrossfade = ContentsCrossfade(from: nil, fraction: 0.25)
        }]), 20, 20)
        XCTAssertPixel(out, 10, 5, (191.25, 0, 63.75, 255))
        XCTAssertPixel(out, 10, 15, (191.25, 191.25, 255, 255), "fading in from no contents")
    }

    func testContentsCenterNineSlices() {
        // 4 × 4 image: red corners, green edges, a 2 × 2 blue centre; contentsCenter selects the
        // centre, so the 1-pixel caps stay 1 pt wide on a 30 × 30 layer.
        var pixels = [RGBA8](repeating: blue8, count: 16)
        for i in 0..<4 { pixels[i] = green8; pixels[12 + i] = green8; pixels[i * 4] = green8; pixels[i * 4 + 3] = green8 }
        for i in [0, 3, 12, 15] { pixels[i] = red8 }
        let picture = image(pixels, width: 4)
        let out = Draw.render(Draw.root(30, 30, Draw.white, [Draw.layer(0, 0, 30, 30) { s in
            s.contents = picture; s.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        }]), 30, 30)
        XCTAssertPixel(out, 0, 0, (255, 0, 0, 255))
        XCTAssertPixel(out, 29, 29, (255, 0, 0, 255))
        XCTAssertPixel(out, 15, 0, (0, 255, 0, 255))
        XCTAssertPixel(out, 15, 15, (0, 0, 255, 255))
        // Two points in, a plain stretch would still show the edge; the slice is mostly centre.
        XCTAssertGreaterThan(out[3, 15].b, 150)
    }
}
