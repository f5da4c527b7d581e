import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderModel
@testable import CARenderStage
import CARenderTestSupport

/// The stage draws frames into two buffers in turn, so a frame someone still holds (the PNG
/// writer keeps the last one) is neither copied nor overwritten by the next.
final class FrameBufferTests: XCTestCase {
    private func firstPixel(_ pixmap: Pixmap) -> [UInt8] { Array(pixmap.bytes[0..<4]) }

    func testAHeldFrameKeepsItsPixelsAndTheNextIsNotACopy() throws {
        let stage = Stage(width: 64, height: 64)
        let colours = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1),
                       CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        func frame(_ k: Int) -> Pixmap {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            stage.rootLayer.backgroundColor = colours[k % 3]
            CATransaction.commit()
            return try! stage.renderPremultipliedFrame()
        }
        for k in 0..<4 { _ = frame(k) }  // warm: both buffers and every scratch buffer exist
        // Frames dropped as soon as they are drawn, against frames held until the next one is
        // drawn (as the PNG writer holds them): holding must not cost an allocation (a copy).
        let dropped = countingAllocations { for k in 1...6 { _ = frame(k) } }
        var held = frame(0)
        let whileHeld = countingAllocations { for k in 1...6 { held = frame(k) } }
        XCTAssertEqual(whileHeld, dropped)
        XCTAssertEqual(firstPixel(held), [255, 0, 0, 255])
        let kept = held
        held = frame(7)
        XCTAssertEqual(firstPixel(kept), [255, 0, 0, 255], "the held frame is not drawn over")
        XCTAssertEqual(firstPixel(held), [0, 255, 0, 255])
    }
}
