import CardScene
import CARenderTesting
import XCTest

final class CardSceneXCTests: XCTestCase {
    func testCardMidSlide() {
        let scene = CardScene()
        scene.stage.advance(to: 0.7)
        assertGolden(scene.stage.render(), named: "mid-slide")
    }

    func testSlideTimeline() {
        let scene = CardScene()
        assertGolden(timeline: scene.stage.sample("position.x", of: scene.card, from: 0.5, to: 0.9, fps: 20), named: "slide-x")
    }
}
