import Foundation
import XCTest
import CARender
@testable import CARenderGeometry
@testable import CARenderModel
@testable import CARenderStage
import CARenderTestSupport

/// Transitions as the device shows them: clipped by `masksToBounds`, and undocumented types
/// never falling back silently.
final class TransitionFidelityTests: XCTestCase {
    private static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    private static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A 200 × 100 stage with a red 100 × 60 layer at (50, 20) that turns blue at t = 0 under a
    /// one-second linear push from the right.
    private func pushStage(masksToBounds: Bool, type: CATransitionType = .push) -> (Stage, CALayer) {
        let stage = Stage(width: 200, height: 100)
        stage.rootLayer.backgroundColor = Self.white
        let layer = CALayer()
        layer.frame = CGRect(x: 50, y: 20, width: 100, height: 60)
        layer.backgroundColor = Self.red
        layer.cornerRadius = 12
        layer.masksToBounds = masksToBounds
        stage.rootLayer.addSublayer(layer)
        stage.at(0) {
            let transition = CATransition()
            transition.type = type
            transition.subtype = .fromRight
            transition.duration = 1
            transition.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(transition, forKey: nil)
            layer.backgroundColor = Self.blue
        }
        return (stage, layer)
    }

    func testMasksToBoundsClipsTheTransitionToTheRoundedBounds() {
        // The seed's listing 6-1 sets masksToBounds so the pushed-out picture stays in the frame.
        let (stage, _) = pushStage(masksToBounds: true)
        stage.advance(to: 0.5)
        let image = stage.render()
        // Half-way: the old (red) picture has moved 50 pt left, the new (blue) one fills the
        // right half of the frame, both at half opacity over white (the push fades them).
        // Outside the frame nothing shows.
        XCTAssertPixel(image, 25, 50, (255, 255, 255, 255), tolerance: 0)
        XCTAssertPixel(image, 175, 50, (255, 255, 255, 255), tolerance: 0)
        XCTAssertPixel(image, 75, 50, (255, 127.5, 127.5, 255), tolerance: 1)
        XCTAssertPixel(image, 125, 50, (127.5, 127.5, 255, 255), tolerance: 1)
        // The rounded corner of the frame clips too: its very corner pixel stays white.
        XCTAssertPixel(image, 50, 20, (255, 255, 255, 255), tolerance: 0)

        // Without masksToBounds both pictures show where they have slid to.
        let (free, _) = pushStage(masksToBounds: false)
        free.advance(to: 0.5)
        XCTAssertPixel(free.render(), 25, 50, (255, 127.5, 127.5, 255), tolerance: 1)
    }

    func testUndocumentedTypesWarnAndCrossFade() {
        // cube and oglFlip are drawn in 3D (CubeAndFlipTransitionTests), the curls, suck, ripple
        // and iris warped (WarpedTransitionTests); names iOS itself does not draw (the
        // "Dev:UIViewAnimationState" table marks them unavailable) fall back.
        for name in ["spewEffect", "genieEffect", "twist"] {
            // The stage's own context reports the warning, so capture after creating it.
            let stage = pushStage(masksToBounds: false, type: CATransitionType(rawValue: name)).0
            let lines = capturingDiagnostics {
                stage.advance(to: 0.5)
            }
            XCTAssertTrue(lines.contains { $0.contains("\"\(name)\"") && $0.contains("cross-fades") }, "\(name): \(lines)")
            // Half-way through a cross-fade: red and blue half and half, in place.
            XCTAssertPixel(stage.render(), 100, 50, (127.5, 0, 127.5, 255), tolerance: 1.5, name)
        }
        let lines = capturingDiagnostics { _ = pushStage(masksToBounds: false, type: .push).0.render() }
        XCTAssertFalse(lines.contains { $0.contains("cross-fades") })
    }
}

/// The `kCATransition` event: a layer whose sublayers change looks up the action for
/// "transition" (the seed's action search names it as the event of a layer about to take part
/// in a transition), so a transition in its `actions` covers the change.
final class TransitionActionEventTests: XCTestCase {
    func testChangingSublayersRunsTheTransitionAction() {
        for useAction in [true, false] {
            let stage = Stage(width: 100, height: 60)
            let container = CALayer()
            container.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
            container.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            if useAction {
                let fade = CATransition()
                fade.duration = 1
                fade.timingFunction = CAMediaTimingFunction(name: .linear)
                container.actions = [kCATransition: fade]
            }
            stage.rootLayer.addSublayer(container)
            let cover = CALayer()
            cover.frame = container.bounds
            cover.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            stage.at(0.5) { container.addSublayer(cover) }
            stage.advance(to: 1.0)
            let image = stage.render()
            if useAction {
                // Half-way through the one-second fade from the old look (red) to the new (blue).
                XCTAssertPixel(image, 50, 30, (127.5, 0, 127.5, 255), tolerance: 1.5)
                XCTAssertEqual(container.animationKeys(), ["transition"])
            } else {
                XCTAssertPixel(image, 50, 30, (0, 0, 255, 255), tolerance: 0)
            }
        }
    }
}
