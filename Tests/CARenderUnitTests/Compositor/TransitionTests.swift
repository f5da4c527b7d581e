import Foundation
import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderModel
@testable import CARenderCompositor
import CARenderTestSupport

/// CATransition rendering: the old snapshot and the new
/// layer, combined per type and subtype at a progress. The sliding picture fades with the
/// progress as on iOS (in from 0 when it enters, out to 0 when it leaves; see `drawTransition`).
final class TransitionTests: XCTestCase {
    private let old = Draw.layer(0, 0, 100, 40, Draw.red)
    private let new = Draw.layer(0, 0, 100, 40, Draw.blue)

    private func render(_ type: String, _ subtype: String?, _ progress: Double) -> RGBAImage {
        Compositor().renderTransition(from: old, to: new, type: type, subtype: subtype, progress: progress,
                                      width: 100, height: 40, scale: 1).unpremultiplied()
    }

    func testFadeCrossDissolves() {
        let image = render("fade", nil, 0.5)
        XCTAssertPixel(image, 50, 20, (127.5, 0, 127.5, 255))
        XCTAssertPixel(render("fade", nil, 0.25), 50, 20, (191.25, 0, 63.75, 255))
    }

    func testMoveInSlidesTheNewOverTheOld() {
        // fromRight at 1/4: the new layer is still 3/4 of its width to the right, at opacity 1/4
        // over the old one, which stays.
        let image = render("moveIn", "fromRight", 0.25)
        XCTAssertPixel(image, 70, 20, (255, 0, 0, 255))
        XCTAssertPixel(image, 80, 20, (191.25, 0, 63.75, 255))
        let fromLeft = render("moveIn", "fromLeft", 0.5)
        XCTAssertPixel(fromLeft, 45, 20, (127.5, 0, 127.5, 255))
        XCTAssertPixel(fromLeft, 55, 20, (255, 0, 0, 255))
        XCTAssertPixel(render("moveIn", "fromLeft", 1), 99, 20, (0, 0, 255, 255))
    }

    func testPushMovesBoth() {
        // Push fromLeft, W = 100, P = 0.25 → new at −75 with opacity 1/4, old at +25 with 3/4
        // (over nothing: the picture's alpha is the fade).
        let image = render("push", "fromLeft", 0.25)
        XCTAssertPixel(image, 20, 20, (0, 0, 255, 63.75))
        XCTAssertPixel(image, 30, 20, (255, 0, 0, 191.25))
        XCTAssertEqual(render("push", nil, 0.25), image, "no subtype acts as fromLeft")
        // fromTop (the visual top): new comes down from above, old leaves through the bottom.
        let vertical = render("push", "fromTop", 0.5)
        XCTAssertPixel(vertical, 50, 15, (0, 0, 255, 127.5))
        XCTAssertPixel(vertical, 50, 25, (255, 0, 0, 127.5))
    }

    func testRevealSlidesTheOldAway() {
        // fromBottom at 1/2: the old layer has moved up by half its height, at half opacity over
        // the new one it uncovers.
        let image = render("reveal", "fromBottom", 0.5)
        XCTAssertPixel(image, 50, 15, (127.5, 0, 127.5, 255))
        XCTAssertPixel(image, 50, 25, (0, 0, 255, 255))
        let fromRight = render("reveal", "fromRight", 0.5)
        XCTAssertPixel(fromRight, 45, 20, (127.5, 0, 127.5, 255))
        XCTAssertPixel(fromRight, 55, 20, (0, 0, 255, 255))
    }

    func testEndsShowOnlyOneSide() {
        for type in ["fade", "moveIn", "push", "reveal"] {
            XCTAssertPixel(render(type, "fromRight", 0), 50, 20, (255, 0, 0, 255), type)
            XCTAssertPixel(render(type, "fromRight", 1), 50, 20, (0, 0, 255, 255), type)
        }
    }
}

/// A transition carried by a node of the tree: the compositor draws it in place, moving the
/// renderings in the layer's own space.
final class TreeTransitionTests: XCTestCase {
    private func stage(_ node: RenderNode) -> RGBAImage {
        Draw.render(Draw.root(120, 60, Draw.white, [node]), 120, 60)
    }

    func testNodeTransitionBlendsItsSnapshot() {
        var node = Draw.layer(10, 10, 100, 40, Draw.blue)
        node.transitionSnapshot = [Draw.layer(10, 10, 100, 40, Draw.red)]
        node.transition = TransitionState(type: .push, subtype: .fromLeft, progress: 0.25)
        let image = stage(node)
        // New at −75 (opacity 1/4) and old at +25 (opacity 3/4) within the layer, over white:
        // device x 10 + 25 = 35 is the seam.
        XCTAssertPixel(image, 30, 30, (191.25, 191.25, 255, 255))
        XCTAssertPixel(image, 40, 30, (255, 63.75, 63.75, 255))
        XCTAssertPixel(image, 115, 30, (255, 63.75, 63.75, 255), "the old content slides beyond the bounds")
        XCTAssertPixel(image, 5, 30, (191.25, 191.25, 255, 255), "unclipped, as without masksToBounds")
    }

    func testTransitionInsideAGroupIsNotCutByTheGroupBounds() {
        var node = Draw.layer(10, 10, 50, 40, Draw.blue)
        node.transitionSnapshot = [Draw.layer(10, 10, 50, 40, Draw.red)]
        node.transition = TransitionState(type: .reveal, subtype: .fromLeft, progress: 0.5)
        let group = Draw.layer(0, 0, 120, 60, nil, sublayers: [Draw.layer(0, 0, 5, 5, Draw.green), node]) { $0.opacity = 0.5 }
        let image = Draw.render(Draw.root(120, 60, Draw.white, [group]), 120, 60)
        XCTAssertPixel(image, 30, 30, (127.5, 127.5, 255, 255), "the new content is uncovered on the left")
        XCTAssertPixel(image, 70, 30, (255, 191.25, 191.25, 255), "the old content has slid 25 pt right, half faded")
    }

    func testWithoutSnapshotTheNewContentMovesInOverNothing() {
        var node = Draw.layer(10, 10, 100, 40, Draw.blue)
        node.transition = TransitionState(type: .fade, subtype: nil, progress: 0.5)
        XCTAssertPixel(stage(node), 60, 30, (127.5, 127.5, 255, 255))
    }
}
