import CardScene
import CARenderSnapshotTesting
import XCTest

/// The same scene through swift-snapshot-testing's `assertSnapshot` (re-exported by
/// CARenderSnapshotTesting), with carender's strategy.
final class CardSceneSnapshotTests: XCTestCase {
    func testLanding() {
        let scene = CardScene()
        assertSnapshot(of: scene.stage, as: .frame(at: 0.8))
    }
}
