import Foundation
import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderModel
@testable import CARenderCompositor
@testable import CARenderStage
import CARenderTestSupport

/// push, moveIn and reveal fade the picture that slides, as iOS shows: reported as "Apple's fade
/// animation on push" (https://github.com/uias/Pageboy/issues/136) and rebuilt as opacity 1 → 0
/// on the old picture and 0 → 1 on the new one over the slide's own timing ("Implementing a
/// CATransition push with CAAnimation", https://stackoverflow.com/questions/5604718). No public source gives the
/// curve; carender's is linear in the transition's progress, which these tests hold it to.
final class SlideTransitionFadeTests: XCTestCase {
    private func render(_ old: RenderNode, _ new: RenderNode, _ type: String, _ progress: Double) -> RGBAImage {
        Compositor().renderTransition(from: old, to: new, type: type, subtype: "fromLeft", progress: progress,
                                      width: 100, height: 40, scale: 1).unpremultiplied()
    }

    func testTheSlidingPictureFadesAsAWhole() {
        // The old picture is red with a green sublayer over its left half. Pushed at 1/4 it sits
        // 25 pt right at opacity 3/4: the green shows as green at 3/4, not over a see-through red
        // (the picture fades as one image, as a group opacity would).
        let old = Draw.layer(0, 0, 100, 40, Draw.red, sublayers: [Draw.layer(0, 0, 50, 40, Draw.green)])
        let new = Draw.layer(0, 0, 100, 40, Draw.blue)
        let image = render(old, new, "push", 0.25)
        XCTAssertPixel(image, 40, 20, (0, 255, 0, 191.25), tolerance: 1.5)
        XCTAssertPixel(image, 90, 20, (255, 0, 0, 191.25), tolerance: 1.5)
        XCTAssertPixel(image, 10, 20, (0, 0, 255, 63.75), tolerance: 1.5)
    }

    func testOnlyTheSlidingPictureFades() {
        let old = Draw.layer(0, 0, 100, 40, Draw.red)
        let new = Draw.layer(0, 0, 100, 40, Draw.blue)
        for p in [0.1, 0.5, 0.9] {
            // moveIn: the new picture slides in over the old, which stays whole.
            let moveIn = render(old, new, "moveIn", p)
            XCTAssertPixel(moveIn, 99, 20, (255, 0, 0, 255), tolerance: 0, "moveIn \(p): old untouched where uncovered")
            XCTAssertPixel(moveIn, 2, 20, (255 * (1 - p), 0, 255 * p, 255), tolerance: 1.5, "moveIn \(p)")
            // reveal: the old picture slides away over the new, which stays whole.
            let reveal = render(old, new, "reveal", p)
            XCTAssertPixel(reveal, 2, 20, (0, 0, 255, 255), tolerance: 0, "reveal \(p): new untouched where uncovered")
            XCTAssertPixel(reveal, 99, 20, (255 * (1 - p), 0, 255 * p, 255), tolerance: 1.5, "reveal \(p)")
        }
    }

    func testTheFadeFollowsTheTransitionsProgress() {
        // startProgress 0.2 … endProgress 0.6, linear over 1 s: at t = 0.5 the progress is 0.4;
        // the pushed-in picture (blue) is 0.4 opaque over the black stage.
        let stage = Stage(width: 100, height: 40)
        stage.rootLayer.backgroundColor = CGColor(gray: 0, alpha: 1)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        layer.backgroundColor = Draw.red
        stage.rootLayer.addSublayer(layer)
        stage.at(0) {
            let transition = CATransition()
            transition.type = .push
            transition.subtype = .fromLeft
            transition.duration = 1
            transition.startProgress = 0.2
            transition.endProgress = 0.6
            transition.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(transition, forKey: nil)
            layer.backgroundColor = Draw.blue
        }
        stage.advance(to: 0.5)
        let image = stage.render()
        // New at −60 % of the width (x < 40), old at +40 (x ≥ 40).
        XCTAssertPixel(image, 20, 20, (0, 0, 0.4 * 255, 255), tolerance: 1.5)
        XCTAssertPixel(image, 60, 20, (0.6 * 255, 0, 0, 255), tolerance: 1.5)
    }
}
