import CARender
import CARenderTestSupport
import XCTest

/// Every script under `Examples/wild/` — scripts written in the style of the public codebases of
/// COMPATIBILITY.md — against its golden frames in `golden/wild/<example>/`, through
/// `carender golden` as CI would run it. The frames were looked at before they were recorded;
/// after changing what an example draws, look at the new frames and re-record with
/// `carender golden Examples/wild/<example>.swift-script golden/wild/<example> --record`.
final class WildExampleGoldenTests: XCTestCase {
    func testEveryWildExampleMatchesItsGoldenFrames() throws {
        try CarenderCLI.assertEveryScriptMatchesGoldens(in: "Examples/wild", goldens: "golden/wild", atLeast: 8)
    }
}
