import Foundation
import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderModel
import CARenderTestSupport

/// 3D: perspective, flattening, transform-layer depth, back faces, the near
/// plane, and offscreens mapped back under perspective.
final class ThreeDimensionalTests: XCTestCase {
    func testGeometryBehindTheEyeIsClippedNotInverted() {
        // d = 100; a 400-wide layer turned 60° about y: its left part passes behind the eye
        // (w ≤ 0) and must vanish; its right end projects to x = 100 + 100·cos60 / (1 + 1.732) = 136.6.
        let strip = Draw.layer(-100, 25, 400, 50, Draw.blue) { $0.transform = Draw.rotation(60, 0, 1, 0) }
        let stage = Draw.layer(0, 0, 200, 100, Draw.white, sublayers: [strip]) { $0.sublayerTransform = Draw.perspective(100) }
        let image = Draw.render(Draw.root(200, 100, Draw.white, [stage]), 200, 100)
        XCTAssertPixel(image, 120, 50, (0, 0, 255, 255))
        XCTAssertPixel(image, 135, 50, (0, 0, 255, 255))
        for x in 138..<200 {
            for y in stride(from: 0, to: 100, by: 7) { XCTAssertTrue(image[x, y].isWhite, "(\(x), \(y))") }
        }
        XCTAssertPixel(image, 5, 50, (0, 0, 255, 255), "the near part fills the left")
    }

    func testPerspectiveInTheLayersOwnTransform() {
        // transform = rotate 60° about y, then m34 = −1/200: the near (left) edge at x = 100 − 25/0.7835
        // and 1.276× taller; the far edge at 100 + 25/1.2165.
        let card = Draw.layer(50, 75, 100, 50, Draw.red) { s in
            s.transform = CATransform3DConcat(Draw.rotation(60, 0, 1, 0), Draw.perspective(200))
        }
        let image = Draw.render(Draw.root(200, 200, Draw.white, [card]), 200, 200)
        XCTAssertPixel(image, 70, 100, (255, 0, 0, 255))
        XCTAssertTrue(image[66, 100].isWhite)
        XCTAssertPixel(image, 119, 100, (255, 0, 0, 255))
        XCTAssertTrue(image[122, 100].isWhite)
        XCTAssertPixel(image, 70, 70, (255, 0, 0, 255), "the near edge is taller")
        XCTAssertTrue(image[118, 72].isWhite, "the far edge is shorter")
    }

    func testSublayerTransformActsAboutTheAnchorPoint() {
        let child = Draw.layer(45, 45, 10, 10, Draw.red)
        let parent = Draw.layer(0, 0, 100, 100, nil, sublayers: [child]) {
            $0.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        }
        let image = Draw.render(Draw.root(100, 100, Draw.white, [parent]), 100, 100)
        XCTAssertPixel(image, 41, 50, (255, 0, 0, 255))
        XCTAssertTrue(image[39, 50].isWhite)
        XCTAssertPixel(image, 58, 50, (255, 0, 0, 255))
        XCTAssertTrue(image[60, 50].isWhite)
    }

    func testBackFacesHideOnlyWhenNotDoubleSided() {
        func render(_ doubleSided: Bool) -> RGBAImage {
            let card = Draw.layer(10, 10, 30, 30, Draw.red) { s in
                s.transform = Draw.rotation(180, 0, 1, 0); s.isDoubleSided = doubleSided
            }
            return Draw.render(Draw.root(50, 50, Draw.white, [card]), 50, 50)
        }
        XCTAssertPixel(render(true), 25, 25, (255, 0, 0, 255))
        XCTAssertTrue(render(false)[25, 25].isWhite)
    }

    private func depthPair(kind: RenderNode.Kind) -> RGBAImage {
        // The red card is listed first but lies 20 pt nearer the viewer.
        let near = Draw.layer(10, 10, 30, 30, Draw.red) { $0.transform = CATransform3DMakeTranslation(0, 0, 20) }
        let far = Draw.layer(25, 10, 30, 30, Draw.blue)
        var holder = Draw.layer(0, 0, 80, 50, nil, sublayers: [near, far])
        holder.kind = kind
        let stage = Draw.layer(0, 0, 80, 50, nil, sublayers: [holder]) { $0.sublayerTransform = Draw.perspective(500) }
        return Draw.render(Draw.root(80, 50, Draw.white, [stage]), 80, 50)
    }

    func testTransformLayerSortsItsSublayersByDepth() {
        let image = depthPair(kind: .transformLayer)
        XCTAssertEqual(image[35, 25].r, 255, "the nearer red card is in front")
        XCTAssertEqual(image[35, 25].b, 0)
    }

    func testPlainLayerFlattensInSiblingOrder() {
        let image = depthPair(kind: .layer)
        XCTAssertPixel(image, 35, 25, (0, 0, 255, 255), "flattened: painter's order, blue last")
    }

    func testGroupOpacityOffscreenStaysExactUnderPerspective() {
        // A group-opacity subtree turned in 3D must look exactly like the opaque one at half
        // strength: the offscreen is mapped back perspective-correctly and without resampling.
        func render(_ opacity: Float) -> RGBAImage {
            let children = [Draw.layer(0, 0, 50, 40, Draw.red) { $0.cornerRadius = 6 },
                            Draw.layer(20, 15, 50, 40, Draw.blue) { $0.transform = Draw.rotation(20, 0, 0, 1) }]
            let group = Draw.layer(20, 20, 70, 55, nil, sublayers: children) { s in
                s.opacity = opacity; s.transform = Draw.rotation(50, 0, 1, 0)
            }
            let stage = Draw.layer(0, 0, 110, 95, nil, sublayers: [group]) { $0.sublayerTransform = Draw.perspective(150) }
            return Draw.render(Draw.root(110, 95, Draw.white, [stage]), 110, 95)
        }
        let opaque = render(1), half = render(0.5)
        var differing = 0
        for i in stride(from: 0, to: opaque.bytes.count, by: 4) {
            for c in 0..<3 {
                let expected = (Double(opaque.bytes[i + c]) + 255) / 2
                if abs(Double(half.bytes[i + c]) - expected) > 1.01 { differing += 1 }
            }
        }
        XCTAssertEqual(differing, 0)
        XCTAssertFalse(opaque.bytes == Draw.render(Draw.root(110, 95, Draw.white, []), 110, 95).bytes)
    }
}
