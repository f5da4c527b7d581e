import XCTest
@testable import CARender

final class TimingFunctionTests: XCTestCase {
    func testPlaceholderBuild() {}
}
