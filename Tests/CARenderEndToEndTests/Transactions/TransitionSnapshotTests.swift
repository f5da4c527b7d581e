import XCTest
import CARender

/// A CATransition added to a layer renders from the layer as it looked when the transition was
/// added (the old side) to its new state.
final class TransitionSnapshotTests: XCTestCase {
    private func stage(type: CATransitionType, subtype: CATransitionSubtype?) -> (Stage, CALayer) {
        let stage = Stage(width: 40, height: 20)
        stage.rootLayer.backgroundColor = CGColor(gray: 0, alpha: 1)
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 0, width: 20, height: 20)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        stage.rootLayer.addSublayer(layer)
        stage.at(1) {
            let transition = CATransition()
            transition.type = type
            transition.subtype = subtype
            transition.duration = 1
            layer.add(transition, forKey: nil)
            layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        }
        return (stage, layer)
    }

    func testFadeCrossDissolvesFromTheOldLook() {
        let (stage, layer) = stage(type: .fade, subtype: nil)
        stage.advance(to: 1.5)
        XCTAssertEqual(layer.animationKeys(), ["transition"])
        let pixel = stage.render()[20, 10]
        XCTAssertEqual(Int(pixel.r), 128, accuracy: 2, "half the old red")
        XCTAssertEqual(Int(pixel.b), 128, accuracy: 2, "half the new blue")
    }

    func testPushFromRightSlidesTheOldOutAndTheNewIn() {
        let (stage, _) = stage(type: .push, subtype: .fromRight)
        stage.advance(to: 1.5)
        let image = stage.render()
        // Halfway: the old red is shifted left by 10 points (x 0…20), the new blue enters at 20…40,
        // each at half opacity (the push fades them as on iOS) over the black root.
        XCTAssertEqual(image[5, 10], RGBA8(r: 128, g: 0, b: 0, a: 255))
        XCTAssertEqual(image[15, 10], RGBA8(r: 128, g: 0, b: 0, a: 255))
        XCTAssertEqual(image[25, 10], RGBA8(r: 0, g: 0, b: 128, a: 255))
        XCTAssertEqual(image[35, 10], RGBA8(r: 0, g: 0, b: 128, a: 255))
        stage.advance(to: 2.1)
        let after = stage.render()
        XCTAssertEqual(after[15, 10], RGBA8(r: 0, g: 0, b: 255, a: 255))
        XCTAssertEqual(after[5, 10], RGBA8(r: 0, g: 0, b: 0, a: 255))
    }
}
