import CARender
import CARenderTestSupport
import XCTest

/// Golden frames of the undocumented warped transitions (looked at before recording): every type
/// at a quarter, half and three quarters of its progress, for each subtype it takes (the curls:
/// none, `fromLeft`, `fromRight`; the others take none), at 2× scale. A white stripe on the old
/// picture and a yellow bar on the new one show which way each picture reads; the layer is
/// rounded and masks to its bounds, as a card or a photo would.
final class WarpedTransitionGoldenTests: XCTestCase {
    private static let blue = CGColor(red: 0.2, green: 0.4, blue: 1, alpha: 1)
    private static let orange = CGColor(red: 1, green: 0.55, blue: 0.1, alpha: 1)

    /// The frame at exactly `progress`: the transition's range is pinned to it.
    private func frame(_ type: String, _ subtype: CATransitionSubtype?, progress: Float) -> RGBAImage {
        let stage = Stage(width: 120, height: 90)
        stage.scale = 2
        stage.rootLayer.backgroundColor = CGColor(gray: 0.95, alpha: 1)
        let layer = CALayer()
        layer.frame = CGRect(x: 20, y: 15, width: 80, height: 60)
        layer.backgroundColor = Self.orange
        layer.cornerRadius = 6
        layer.masksToBounds = true
        let stripe = CALayer()
        stripe.frame = CGRect(x: 8, y: 8, width: 14, height: 36)
        stripe.backgroundColor = CGColor(gray: 1, alpha: 1)
        layer.addSublayer(stripe)
        stage.rootLayer.addSublayer(layer)
        stage.at(0) {
            let transition = CATransition()
            transition.type = CATransitionType(rawValue: type)
            transition.subtype = subtype
            transition.duration = 1
            transition.startProgress = progress
            transition.endProgress = progress
            layer.add(transition, forKey: nil)
            layer.backgroundColor = Self.blue
            stripe.frame = CGRect(x: 44, y: 8, width: 28, height: 12)
            stripe.backgroundColor = CGColor(red: 1, green: 0.9, blue: 0.2, alpha: 1)
        }
        stage.advance(to: 0.5)
        return stage.render()
    }

    private func check(_ type: String, _ subtypes: [CATransitionSubtype?] = [nil]) {
        for subtype in subtypes {
            for progress: Float in [0.25, 0.5, 0.75] {
                let name = "visuals/transition-\(type)" + (subtype.map { "-\($0.rawValue)" } ?? "")
                // The golden's "time" is the progress.
                Golden.assertMatches(frame(type, subtype, progress: progress), name: name, time: Double(progress))
            }
        }
    }

    func testPageCurl() { check("pageCurl", [nil, .fromLeft, .fromRight]) }
    func testPageUnCurl() { check("pageUnCurl", [nil, .fromLeft, .fromRight]) }
    func testSuckEffect() { check("suckEffect") }
    func testRippleEffect() { check("rippleEffect") }
    func testCameraIris() { check("cameraIris") }
    func testCameraIrisHollowOpen() { check("cameraIrisHollowOpen") }
    func testCameraIrisHollowClose() { check("cameraIrisHollowClose") }
}
