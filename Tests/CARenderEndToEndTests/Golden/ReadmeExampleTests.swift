import CARenderTesting
import XCTest

/// The golden-test example of the DocC article "Golden tests" (once the README's), kept compiling
/// and passing against committed references in `__Goldens__/ReadmeExampleTests/`.
final class ReadmeExampleTests: XCTestCase {
    func testCardSlidesIn() {
        let stage = Stage(width: 320, height: 200)
        stage.rootLayer.backgroundColor = CGColor(gray: 0.96, alpha: 1)
        let card = CALayer()
        card.frame = CGRect(x: 30, y: 60, width: 80, height: 80)
        card.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 1, alpha: 1)
        card.cornerRadius = 12
        stage.rootLayer.addSublayer(card)
        stage.at(0.5) { card.position = CGPoint(x: 240, y: 100) }     // implicit: 0.25 s, default curve

        // Presentation values; sampling advances the clock, which never runs backwards.
        let x = stage.sample("position.x", of: card, at: [0.5, 0.6]).map { $0.value as! CGFloat }
        XCTAssertEqual(x[0], 70)
        XCTAssertEqual(x[1], 70 + 170 * 0.6825, accuracy: 0.01)     // the default curve at 0.4

        // The clock is at 0.6 s now: the frame mid-slide, against __Goldens__/<TestFile>/card-0.6.png.
        assertGolden(stage.render(), named: "card-0.6")
        // The rest of the slide at 40 fps, against __Goldens__/<TestFile>/card-slide.csv.
        assertGolden(timeline: stage.sample("position", of: card, from: 0.6, to: 0.75, fps: 40), named: "card-slide")
    }
}
