import CARender
import CARenderTestSupport
import XCTest

/// Golden frames of the undocumented 3D transitions (looked at before recording): a cube turning
/// from the left a third of the way, and a card flipping from the top a quarter of the way and
/// three quarters of the way, at 2× scale with a stripe that shows which way each picture reads.
final class ThreeDTransitionGoldenTests: XCTestCase {
    private static let blue = CGColor(red: 0.2, green: 0.4, blue: 1, alpha: 1)
    private static let orange = CGColor(red: 1, green: 0.55, blue: 0.1, alpha: 1)

    private func scene(_ type: String, _ subtype: CATransitionSubtype) -> Stage {
        let stage = Stage(width: 120, height: 90)
        stage.scale = 2
        stage.rootLayer.backgroundColor = CGColor(gray: 0.95, alpha: 1)
        let layer = CALayer()
        layer.frame = CGRect(x: 30, y: 20, width: 60, height: 50)
        layer.backgroundColor = Self.blue
        layer.cornerRadius = 6
        let stripe = CALayer()
        stripe.frame = CGRect(x: 6, y: 6, width: 12, height: 26)
        stripe.backgroundColor = CGColor(gray: 1, alpha: 1)
        layer.addSublayer(stripe)
        stage.rootLayer.addSublayer(layer)
        stage.at(1) {
            let transition = CATransition()
            transition.type = CATransitionType(rawValue: type)
            transition.subtype = subtype
            transition.duration = 1
            transition.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(transition, forKey: nil)
            layer.backgroundColor = Self.orange
            stripe.frame = CGRect(x: 6, y: 6, width: 26, height: 12)
        }
        return stage
    }

    func testCubeFromLeft() {
        let stage = scene("cube", .fromLeft)
        stage.advance(to: 1.3)
        Golden.assertMatches(stage.render(), name: "visuals/transition-cube", time: 1.3)
    }

    func testFlipFromTop() {
        for t in [1.25, 1.75] {
            let stage = scene("oglFlip", .fromTop)
            stage.advance(to: t)
            Golden.assertMatches(stage.render(), name: "visuals/transition-oglFlip", time: t)
        }
    }
}
