import CARender
import XCTest

/// The README's golden-test example, kept compiling and passing (its store lives in a temporary
/// folder here, recorded first).
final class ReadmeExampleTests: XCTestCase {
    func testCardSlidesIn() throws {
        let stage = Stage(width: 320, height: 200)
        let card = CALayer()
        card.frame = CGRect(x: 30, y: 60, width: 80, height: 80)
        stage.rootLayer.addSublayer(card)
        stage.at(0.5) { card.position = CGPoint(x: 240, y: 100) }

        let x = stage.sample("position.x", of: card, at: [0.5, 0.625, 0.75]).map { $0.value as! CGFloat }
        XCTAssertEqual(x[0], 70)
        XCTAssertEqual(x[1], 70 + 170 * 0.8024, accuracy: 0.01)
        XCTAssertEqual(x[2], 240)

        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var store = GoldenStore(root: folder, isRecording: true)
        stage.advance(to: 0.8)
        let frame = stage.render()
        XCTAssertTrue(try store.check(frame, name: "card", time: 0.8).isSuccess)
        store.isRecording = false
        let outcome = try store.check(frame, name: "card", time: 0.8)
        XCTAssertTrue(outcome.isSuccess, "\(outcome)")
    }
}
