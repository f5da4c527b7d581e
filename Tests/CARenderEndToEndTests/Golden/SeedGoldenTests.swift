import CARender
import CARenderTestSupport
import XCTest

/// Every seed example against its golden frames in `golden/seeds/<example>/`, through
/// `carender golden` as CI would run it. The frames were looked at before they were recorded;
/// after changing what an example draws, look at the new frames and re-record with
/// `carender golden Examples/seeds/<example>.swift-script golden/seeds/<example> --record`.
final class SeedGoldenTests: XCTestCase {
    func testEverySeedExampleMatchesItsGoldenFrames() throws {
        try CarenderCLI.assertEveryScriptMatchesGoldens(in: "Examples/seeds", goldens: "golden/seeds", atLeast: 24)
    }
}
