import Foundation
import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderRaster
@testable import CARenderText
@testable import CARenderModel
@testable import CARenderCompositor

/// When the composite alpha of a shadowed layer is exactly its rounded outline (and the shadow
/// can be drawn in closed form), decided from the presentation values.
final class ShadowSourceTests: XCTestCase {
    private let white = Draw.white

    /// The decision for `layer` placed in a plain root, as the display list records it.
    private func uniformAlpha(_ layer: RenderNode) -> Double? {
        let list = DisplayList()
        let frame = RenderFrame()
        let record = frame.appendTree(keeping: Draw.root(200, 200, nil, [layer]))
        return withExtendedLifetime(frame) {
            let root = list.build(frame, root: record, map: .identity, scale: 1)
            return list.items[list.placed[list.items[root].firstChild].item].uniformShapeAlpha
        }
    }

    private func card(_ color: CGColor? = Draw.white, radius: Double = 8, sublayers: [RenderNode] = [],
                      configure: (inout LayerState) -> Void = { _ in }) -> RenderNode {
        Draw.layer(20, 20, 60, 40, color, sublayers: sublayers) { s in
            s.cornerRadius = radius
            s.shadowOpacity = 0.5
            configure(&s)
        }
    }

    private func picture(alpha: UInt8) -> CGImage {
        var pixels = RGBAImage(width: 2, height: 2)
        for y in 0..<2 { for x in 0..<2 { pixels[x, y] = RGBA8(r: 10, g: 20, b: 30, a: alpha) } }
        return CGImage(image: pixels)
    }

    func testPlainBackgroundOfAnyAlpha() {
        XCTAssertEqual(uniformAlpha(card()), 1)
        XCTAssertEqual(uniformAlpha(card(CGColor(gray: 1, alpha: 0.5))), 0.5)
        XCTAssertNil(uniformAlpha(card(nil)))
        // A border over a translucent background raises the alpha along the edge.
        XCTAssertNil(uniformAlpha(card(CGColor(gray: 1, alpha: 0.5)) { s in s.borderWidth = 2; s.borderColor = Draw.blue }))
    }

    func testSublayersInsideAnOpaqueCard() {
        XCTAssertEqual(uniformAlpha(card(sublayers: [Draw.layer(10, 8, 40, 20, Draw.red)])), 1)
        // Rotated, still inside; nested, inside.
        XCTAssertEqual(uniformAlpha(card(sublayers: [Draw.layer(20, 10, 20, 20, Draw.red) { s in
            s.transform = Draw.rotation(30, 0, 0, 1)
        }])), 1)
        XCTAssertEqual(uniformAlpha(card(sublayers: [Draw.layer(10, 8, 40, 20, nil, sublayers: [Draw.layer(2, 2, 10, 10, Draw.green)])])), 1)
    }

    func testSublayersThatReachOutOfTheOutline() {
        // Past the edge, into a rounded corner (the bounds' corner square is outside the arc),
        // through its own shadow, or through a nested layer.
        XCTAssertNil(uniformAlpha(card(sublayers: [Draw.layer(50, 10, 20, 10, Draw.red)])))
        XCTAssertNil(uniformAlpha(card(sublayers: [Draw.layer(0, 0, 10, 10, Draw.red)])))
        XCTAssertEqual(uniformAlpha(card(radius: 0, sublayers: [Draw.layer(0, 0, 10, 10, Draw.red)])), 1)
        XCTAssertNil(uniformAlpha(card(sublayers: [Draw.layer(10, 8, 40, 20, Draw.red) { s in
            s.shadowOpacity = 1; s.shadowRadius = 6
        }])))
        XCTAssertNil(uniformAlpha(card(sublayers: [Draw.layer(10, 8, 40, 20, nil, sublayers: [Draw.layer(40, 0, 20, 10, Draw.green)])])))
        // Clipped to bounds that lie inside: inside.
        XCTAssertEqual(uniformAlpha(card(sublayers: [Draw.layer(10, 8, 40, 20, nil, sublayers: [Draw.layer(40, 0, 20, 10, Draw.green)]) { s in
            s.masksToBounds = true
        }])), 1)
    }

    func testWhatIsNotExaminedTakesTheBlurredPath() {
        // A translucent background under a sublayer, a sublayer in perspective, a mask.
        XCTAssertNil(uniformAlpha(card(CGColor(gray: 1, alpha: 0.9), sublayers: [Draw.layer(10, 8, 40, 20, Draw.red)])))
        XCTAssertNil(uniformAlpha(card(sublayers: [Draw.layer(10, 8, 40, 20, Draw.red) { s in
            s.transform = CATransform3DConcat(Draw.rotation(20, 0, 1, 0), Draw.perspective(200))
        }])))
        var masked = card(sublayers: [Draw.layer(10, 8, 40, 20, Draw.red)])
        masked.mask = [Draw.layer(0, 0, 30, 40, Draw.white)]
        XCTAssertNil(uniformAlpha(masked))
    }

    func testContents() {
        // Opaque contents filling square bounds keep the outline; translucent contents, or
        // contents filling the corners a radius cuts away, do not.
        XCTAssertEqual(uniformAlpha(card(radius: 0) { s in s.contents = self.picture(alpha: 255) }), 1)
        XCTAssertNil(uniformAlpha(card(radius: 0) { s in s.contents = self.picture(alpha: 200) }))
        XCTAssertNil(uniformAlpha(card(radius: 8) { s in s.contents = self.picture(alpha: 255) }))
        XCTAssertEqual(uniformAlpha(card(radius: 8) { s in
            s.contents = self.picture(alpha: 255); s.contentsGravity = .center
        }), 1)
    }

    func testContinuousCornersAreJudgedInsideTheirCurve() {
        // The continuous corner reaches 1.53 r along each edge; a point inside the circular arc of
        // radius r near the corner is outside the continuous curve's conservative arc.
        let corners = CornerShape(width: 60, height: 40, radius: 8, mask: 15, continuous: true)
        let interior = RoundedRectInterior(box: (0, 0, 60, 40), corners: corners)
        XCTAssertTrue(interior.contains(30, 20))
        XCTAssertTrue(interior.contains(12.3, 0.5 + 12.3 - (12.3 * 12.3 - 11.8 * 11.8).squareRoot()))
        XCTAssertFalse(interior.contains(1.5, 1.5))
        XCTAssertFalse(interior.contains(61, 20))
    }
}
