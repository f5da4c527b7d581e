import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderCompositor
@testable import CARenderStage
import CARenderTestSupport

final class PixmapTests: XCTestCase {
    func testUnpremultiplyRoundsToNearest() {
        // Every premultiplied value c ≤ a comes back as round(c · 255 / a).
        var pixmap = Pixmap(width: 256, height: 256)
        for a in 0..<256 {
            for c in 0..<256 {
                let i = (a * 256 + c) * 4
                let v = UInt8(min(c, a))
                pixmap.bytes[i] = v; pixmap.bytes[i + 1] = v; pixmap.bytes[i + 2] = v; pixmap.bytes[i + 3] = UInt8(a)
            }
        }
        let image = pixmap.unpremultiplied()
        for a in 1..<256 {
            for c in 0...a {
                let expected = (Double(c) * 255 / Double(a)).rounded()
                XCTAssertEqual(Double(image[c, a].r), expected, accuracy: 0, "c \(c) a \(a)")
                XCTAssertEqual(image[c, a].a, UInt8(a))
            }
        }
        XCTAssertEqual(image[10, 0], RGBA8.clear)
    }

    func testRenderingIsDeterministic() throws {
        let scene = try Scene(contentsOf: Fixtures.folder.appendingPathComponent("scenes/perspective_cards.json"))
        let compositor = Compositor()
        let first = compositor.render(scene)
        var again = Pixmap(width: first.width, height: first.height)
        compositor.render(scene, into: &again)
        XCTAssertEqual(first.bytes, again.bytes)
        XCTAssertEqual(first.bytes, Compositor().render(scene).bytes)
    }
}

final class FastIndexTests: XCTestCase {
    func testIndicesMatchRoundingAndFloor() {
        for k in 0..<20_000 {
            let x = Float(k) * 0.0137
            XCTAssertEqual(nearestIndex(x), Int(x.rounded(.toNearestOrEven)), "\(x)")
            let i = lowerIndex(x)
            XCTAssertTrue(Float(i) <= x && x <= Float(i + 1), "\(x) → \(i)")
        }
        XCTAssertEqual(nearestIndex(256), 256)
        XCTAssertEqual(nearestIndex(0), 0)
        XCTAssertEqual(lowerIndex(0), 0)
        XCTAssertEqual(lowerIndex(0.3), 0)
    }
}
