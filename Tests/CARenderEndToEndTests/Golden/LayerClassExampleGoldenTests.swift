import CARender
import CARenderTestSupport
import XCTest

/// The examples of the specialised layer classes (emitters, scroll, tiled and player layers)
/// against their golden frames in `golden/examples/<example>/`, through `carender golden` as CI
/// would run it. The frames were looked at before they were recorded; after changing what an
/// example draws, look at the new frames and re-record with
/// `carender golden Examples/<example>.swift-script golden/examples/<example> --record`.
final class LayerClassExampleGoldenTests: XCTestCase {
    static let examples = ["emitter-confetti", "emitter-snow", "emitter-fireworks", "emitter-sparkle-trail",
                           "scroll-layer", "tiled-layer", "player-layer"]

    func testEveryLayerClassExampleMatchesItsGoldenFrames() throws {
        for name in Self.examples {
            try CarenderCLI.assertMatchesGoldens(
                script: Fixtures.repositoryRoot.appendingPathComponent("Examples/\(name).swift-script"),
                folder: Fixtures.repositoryRoot.appendingPathComponent("golden/examples/\(name)"), name: name)
        }
    }
}
